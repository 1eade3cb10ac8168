import { canTransition, type ReportGroup, type ReportStatus, STANDARD_REASONS } from '@common/schemas/admin';
import { STATUS_BADGE } from '@common/values';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { Ban, CheckCheck, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReportAction, useReports } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { AdminRow, ListState, Pager } from './list-states';
import { withNotices } from './moderation-toasts';
import { ReasonDialog } from './reason-dialog';

const REPORT_BADGE: Record<ReportStatus, 'destructive' | 'secondary' | 'outline'> = {
  open: 'destructive',
  actioned: 'secondary',
  dismissed: 'outline',
};

/** A code the catalog does not name yet: with underscores replaced by spaces, upper-cased. */
export const formatReason = (reason: string) => reason.replaceAll('_', ' ').toUpperCase();

type Asking = { group: ReportGroup; kind: 'dismiss' | 'take-down' } | null;

/** Reports (spec), grouped by ad with a count; open ones are dismissed or the ad is taken down. */
export function ReportsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<'open' | 'all'>('all');
  const paged = useReports(status);
  const { query } = paged;
  const action = useReportAction();
  const [asking, setAsking] = useState<Asking>(null);
  const groups = query.data?.items ?? [];

  const run = async (reason?: string) => {
    if (!asking) return;
    const keys =
      asking.kind === 'dismiss'
        ? { success: 'reports.dismissed', error: 'reports.dismissError' }
        : { success: 'reports.takenDown', error: 'reports.takeDownError' };
    const done = await withNotices(t, keys, () =>
      action.mutateAsync({ adId: asking.group.ad.id, action: asking.kind, reason }),
    );
    if (done) setAsking(null);
  };

  return (
    <section aria-labelledby="reports-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reports-heading" className="text-xl font-semibold">
          {t('tabs.reports')}
        </h2>
        <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">{t('reports.filter')}</legend>
          {(['all', 'open'] as const).map((value) => (
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
              {t(`reports.show.${value}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <ListState query={query} empty={t('reports.empty')} isEmpty={groups.length === 0} />
      {groups.length > 0 && (
        <ul className="flex flex-col gap-3">
          {groups.map((group) => (
            <ReportGroupRow
              key={group.ad.id}
              group={group}
              busy={action.isPending}
              onAsk={(kind) => setAsking({ group, kind })}
            />
          ))}
        </ul>
      )}
      <Pager paged={paged} />
      <ConfirmDialog
        open={asking?.kind === 'dismiss'}
        onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
        title={t('reports.dismissConfirm', { count: asking?.group.openCount ?? 0 })}
        description={t('reports.dismissHelp')}
        confirmLabel={t('actions.dismiss')}
        busy={action.isPending}
        onConfirm={() => void run()}
      />
      <ReasonDialog
        open={asking?.kind === 'take-down'}
        onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
        title={t('reports.takeDownConfirm')}
        description={t('reports.takeDownHelp')}
        confirmLabel={t('actions.takeDown')}
        destructive
        busy={action.isPending}
        presets={STANDARD_REASONS}
        onConfirm={(reason) => void run(reason)}
      />
    </section>
  );
}

function ReportGroupRow({
  group,
  busy,
  onAsk,
}: {
  group: ReportGroup;
  busy: boolean;
  onAsk: (kind: 'dismiss' | 'take-down') => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const open = group.openCount > 0;
  const canTakeDown = open && (canTransition('reject', group.ad.status) || group.ad.status === 'rejected');
  return (
    <AdminRow
      testId="report-group"
      below={
        <ol className="flex flex-col divide-y rounded-md border">
          {group.reports.map((report) => (
            <li key={report.id} className="flex flex-col gap-1 p-3 text-sm" data-testid="report">
              <div className="flex flex-wrap items-center gap-2">
                {/* The reporter's words for it (issue 26), not the stored code. */}
                <span className="font-semibold" data-testid="report-reason">
                  {t(`reportReasons.${report.reason}`, { defaultValue: formatReason(report.reason) })}
                </span>
                <Badge variant={REPORT_BADGE[report.status]}>{t(`reportStatuses.${report.status}`)}</Badge>
                <time dateTime={report.createdAt} className="text-xs text-muted-foreground">
                  {formatRelativeTime(report.createdAt, i18n.language)}
                </time>
              </div>
              {report.details && <p className="break-words whitespace-pre-line">{report.details}</p>}
              {report.resolvedAt && (
                <p className="text-xs text-muted-foreground">
                  {t('reports.resolvedBy', {
                    who: report.resolvedBy ?? t('reports.formerModerator'),
                    time: formatRelativeTime(report.resolvedAt, i18n.language),
                  })}
                </p>
              )}
            </li>
          ))}
        </ol>
      }
      actions={
        <>
          <Button asChild variant="outline" size="sm">
            <Link to={`/ad/${group.ad.id}`}>
              <ExternalLink aria-hidden="true" />
              {t('actions.viewListing')}
            </Link>
          </Button>
          {open && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => onAsk('dismiss')}
            >
              <CheckCheck aria-hidden="true" />
              {t('actions.dismiss')}
            </Button>
          )}
          {canTakeDown && (
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={busy}
              onClick={() => onAsk('take-down')}
            >
              <Ban aria-hidden="true" />
              {t('actions.takeDown')}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold leading-snug break-words">{group.ad.title}</h3>
        <Badge variant={STATUS_BADGE[group.ad.status]}>{t(`statuses.${group.ad.status}`)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('reports.count', { count: group.count })}
        {open && <> · {t('reports.openCount', { count: group.openCount })}</>}
      </p>
    </AdminRow>
  );
}
