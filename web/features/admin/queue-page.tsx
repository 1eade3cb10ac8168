import { formatPrice } from '@common/price';
import { canTransition, type ModeratedAd, STANDARD_REASONS } from '@common/schemas/admin';
import { STATUS_BADGE } from '@common/values';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatRelativeTime } from '@web/lib/format';
import { Check, Clock, Eye, MessageSquareWarning, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdThumb } from './ad-thumb';
import { useAdAction, useQueue } from './admin-api';
import { AdminRow, ListState, Pager } from './list-states';
import { withNotices } from './moderation-toasts';
import { ReasonDialog } from './reason-dialog';

type Asking = { ad: ModeratedAd; kind: 'reject' | 'request-changes' } | null;

const DAY = 24 * 3600_000;

/** Moderation queue (spec): pending and needs_changes ads, oldest first, approved or rejected here. */
export function QueuePage() {
  const { t } = useTranslation('admin');
  const paged = useQueue();
  const { query } = paged;
  const action = useAdAction();
  const [asking, setAsking] = useState<Asking>(null);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const approve = (ad: ModeratedAd) =>
    withNotices(t, { success: 'queue.approved', error: 'queue.approveError' }, () =>
      action.mutateAsync({ id: ad.id, action: 'approve' }),
    );

  const confirmReason = async (reason: string) => {
    if (!asking) return;
    const keys =
      asking.kind === 'reject'
        ? { success: 'queue.rejected', error: 'queue.rejectError' }
        : { success: 'queue.changesRequested', error: 'queue.changesError' };
    const done = await withNotices(t, keys, () =>
      action.mutateAsync({ id: asking.ad.id, action: asking.kind, reason }),
    );
    if (done) setAsking(null);
  };

  return (
    <section aria-labelledby="queue-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="queue-heading" className="text-xl font-semibold">
          {t('tabs.queue')}
        </h2>
        {items.length > 0 && (
          <p className="text-sm text-muted-foreground">{t('queue.count', { count: total })}</p>
        )}
      </div>
      <ListState query={query} empty={t('queue.empty')} isEmpty={items.length === 0} />
      {items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {items.map((ad) => (
            <QueueRow
              key={ad.id}
              ad={ad}
              busy={action.isPending}
              onApprove={() => void approve(ad)}
              onAsk={(kind) => setAsking({ ad, kind })}
            />
          ))}
        </ul>
      )}
      <Pager paged={paged} />
      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
        title={asking?.kind === 'reject' ? t('queue.rejectConfirm') : t('queue.changesTitle')}
        description={asking?.kind === 'reject' ? t('queue.rejectHelp') : t('queue.changesHelp')}
        confirmLabel={asking?.kind === 'reject' ? t('actions.reject') : t('actions.requestChanges')}
        destructive={asking?.kind === 'reject'}
        busy={action.isPending}
        presets={STANDARD_REASONS}
        onConfirm={(reason) => void confirmReason(reason)}
      />
    </section>
  );
}

function QueueRow({
  ad,
  busy,
  onApprove,
  onAsk,
}: {
  ad: ModeratedAd;
  busy: boolean;
  onApprove: () => void;
  onAsk: (kind: 'reject' | 'request-changes') => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const waited = Date.now() - Date.parse(ad.submittedAt);
  return (
    <AdminRow
      testId="queue-item"
      actions={
        <>
          <Button asChild variant="outline" size="sm">
            <Link to={`/ad/${ad.id}`}>
              <Eye aria-hidden="true" />
              {t('actions.view')}
            </Link>
          </Button>
          {canTransition('approve', ad.status) && (
            <Button type="button" size="sm" disabled={busy} onClick={onApprove}>
              <Check aria-hidden="true" />
              {t('actions.approve')}
            </Button>
          )}
          {canTransition('requestChanges', ad.status) && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => onAsk('request-changes')}
            >
              <MessageSquareWarning aria-hidden="true" />
              {t('actions.requestChanges')}
            </Button>
          )}
          {canTransition('reject', ad.status) && (
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={busy}
              onClick={() => onAsk('reject')}
            >
              <X aria-hidden="true" />
              {t('actions.reject')}
            </Button>
          )}
        </>
      }
    >
      <div className="flex min-w-0 gap-3">
        <AdThumb image={ad.image} label={t('noImage')} />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="line-clamp-2 font-semibold leading-snug break-words">{ad.title}</h3>
          <p className="text-sm text-muted-foreground">
            {t('queue.seller', { name: `${ad.seller.firstName} ${ad.seller.lastName}`.trim() })}
          </p>
          <p className="font-bold text-primary">{formatPrice(ad.price)}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={STATUS_BADGE[ad.status]}>{t(`statuses.${ad.status}`)}</Badge>
            <span
              className={
                waited > 2 * DAY
                  ? 'flex items-center gap-1 text-xs font-medium text-destructive'
                  : 'flex items-center gap-1 text-xs text-muted-foreground'
              }
            >
              <Clock className="size-3.5" aria-hidden="true" />
              {t('queue.waiting', { time: formatRelativeTime(ad.submittedAt, i18n.language) })}
            </span>
          </div>
        </div>
      </div>
      {ad.moderationReason && (
        <p className="text-sm">
          <span className="font-medium">{t('queue.reason')}</span> {ad.moderationReason}
        </p>
      )}
      {ad.legalCategory !== 'not-a-weapon' && (
        <p className="text-sm" data-testid="queue-declaration">
          <span className="font-medium">{t(`queue.legal.${ad.legalCategory}`)}</span>{' '}
          {ad.declaration
            ? t('queue.declared', {
                time: new Date(ad.declaration.declaredAt).toLocaleString(i18n.language),
                ip: ad.declaration.clientIp,
              })
            : t('queue.notDeclared')}
        </p>
      )}
    </AdminRow>
  );
}
