import type { TrustReport } from '@common/schemas/deals';
import { cn } from '@web/lib/cn';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { useTrustAction, useTrustReports } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { ListState } from './list-states';
import { withNotices } from './moderation-toasts';
import { ReasonDialog } from './reason-dialog';
import { TrustReportRow } from './trust-report-row';

type Asking = { report: TrustReport; kind: 'dismiss' | 'hide' } | null;

/**
 * Trust (issue 28): deals their buyer denied and ratings someone reported, newest first as the server
 * sends them. A reported rating may be hidden with a reason (it leaves the seller page and the
 * average; the reason goes to the audit log); any open report may be dismissed.
 */
export function TrustPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const query = useTrustReports(status);
  const action = useTrustAction();
  const [asking, setAsking] = useState<Asking>(null);
  const items = query.data?.items ?? [];

  const run = async (reason?: string) => {
    if (!asking) return;
    const { report, kind } = asking;
    const rating = report.rating;
    const done =
      kind === 'hide' && rating
        ? await withNotices(t, { success: 'trust.hidden', error: 'trust.hideError' }, () =>
            action.mutateAsync({ action: 'hide', ratingId: rating.id, reason: reason ?? '' }),
          )
        : await withNotices(t, { success: 'trust.dismissed', error: 'trust.dismissError' }, () =>
            action.mutateAsync({ action: 'dismiss', reportId: report.id }),
          );
    if (done) setAsking(null);
  };
  const close = (open: boolean) => !open && !action.isPending && setAsking(null);

  return (
    <section aria-labelledby="trust-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="trust-heading" className="text-xl font-semibold">
          {t('tabs.trust')}
        </h2>
        <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">{t('trust.filter')}</legend>
          {(['open', 'all'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium transition-colors',
                status === value ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`trust.show.${value}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="text-sm text-muted-foreground">{t('trust.intro')}</p>
      <ListState query={query} empty={t(`trust.empty.${status}`)} isEmpty={items.length === 0} />
      {items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {items.map((report) => (
            <TrustReportRow
              key={report.id}
              report={report}
              busy={action.isPending}
              onAsk={(kind) => setAsking({ report, kind })}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking?.kind === 'dismiss'}
        onOpenChange={close}
        title={t(asking?.report.kind === 'rating' ? 'trust.dismissRating' : 'trust.dismissDeal')}
        description={t(
          asking?.report.kind === 'rating' ? 'trust.dismissRatingHelp' : 'trust.dismissDealHelp',
        )}
        confirmLabel={t('trust.dismiss')}
        busy={action.isPending}
        onConfirm={() => void run()}
      />
      <ReasonDialog
        open={asking?.kind === 'hide'}
        onOpenChange={close}
        title={t('trust.hideConfirm')}
        description={t('trust.hideHelp')}
        reasonLabel={t('trust.hideReason')}
        confirmLabel={t('trust.hide')}
        destructive
        busy={action.isPending}
        onConfirm={(reason) => void run(reason)}
      />
    </section>
  );
}
