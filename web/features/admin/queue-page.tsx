import { formatPrice } from '@common/price';
import {
  type AdTransition,
  canDecideRevision,
  canTransition,
  type ModeratedAd,
  type QueueView,
  type RevisionStatus,
  STANDARD_REASONS,
} from '@common/schemas/admin';
import { STATUS_BADGE } from '@common/values';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { Check, Clock, Eye, ImageOff, MessageSquareWarning, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdThumb } from './ad-thumb';
import { type AdAction, useAdAction, useQueue } from './admin-api';
import { AdminRow, ListState, Pager } from './list-states';
import { withNotices } from './moderation-toasts';
import { ReasonDialog } from './reason-dialog';

type Asking = { ad: ModeratedAd; kind: 'reject' | 'request-changes' } | null;

/** An edit's decisions go to its own routes (issue 26): the published ad stays as it is. */
const routeOf = (ad: ModeratedAd, action: 'approve' | 'reject' | 'request-changes'): AdAction =>
  ad.kind === 'revision' ? `revision/${action}` : action;

const DAY = 24 * 3600_000;

/**
 * Moderation queue (spec, issue 26): what waits for a moderator (new ads, edits of published ones),
 * oldest first; what waits on its seller (needs changes) in a list of its own, counted apart.
 */
export function QueuePage() {
  const { t } = useTranslation('admin');
  const [view, setView] = useState<QueueView>('waiting');
  const paged = useQueue(view);
  const { query } = paged;
  const action = useAdAction();
  const [asking, setAsking] = useState<Asking>(null);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const approve = (ad: ModeratedAd) =>
    withNotices(
      t,
      {
        success: ad.kind === 'revision' ? 'queue.revisionApproved' : 'queue.approved',
        error: 'queue.approveError',
      },
      () => action.mutateAsync({ id: ad.id, action: routeOf(ad, 'approve') }),
    );

  const confirmReason = async (reason: string) => {
    if (!asking) return;
    const revision = asking.ad.kind === 'revision';
    const keys =
      asking.kind === 'reject'
        ? { success: revision ? 'queue.revisionRejected' : 'queue.rejected', error: 'queue.rejectError' }
        : {
            success: revision ? 'queue.revisionChangesRequested' : 'queue.changesRequested',
            error: 'queue.changesError',
          };
    const done = await withNotices(t, keys, () =>
      action.mutateAsync({ id: asking.ad.id, action: routeOf(asking.ad, asking.kind), reason }),
    );
    if (done) setAsking(null);
  };

  return (
    <section aria-labelledby="queue-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="queue-heading" className="text-xl font-semibold">
          {t('tabs.queue')}
        </h2>
        {view === 'waiting' && items.length > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="queue-count">
            {t('queue.count', { count: total })}
          </p>
        )}
      </div>
      <fieldset aria-label={t('queue.views')} className="flex flex-wrap gap-2">
        {(['waiting', 'seller'] as const).map((option) => (
          <Button
            key={option}
            type="button"
            size="sm"
            variant={view === option ? 'default' : 'outline'}
            aria-pressed={view === option}
            onClick={() => setView(option)}
            data-testid={`queue-view-${option}`}
          >
            {option === 'waiting'
              ? t('queue.viewWaiting', { count: total })
              : t('queue.viewSeller', { count: query.data?.sellerTotal ?? 0 })}
          </Button>
        ))}
      </fieldset>
      {view === 'seller' && <p className="text-sm text-muted-foreground">{t('queue.sellerHelp')}</p>}
      <ListState
        query={query}
        empty={t(view === 'waiting' ? 'queue.empty' : 'queue.sellerEmpty')}
        isEmpty={items.length === 0}
      />
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
        title={
          asking?.kind === 'reject'
            ? t(asking.ad.kind === 'revision' ? 'queue.revisionRejectConfirm' : 'queue.rejectConfirm')
            : t('queue.changesTitle')
        }
        description={
          asking?.ad.kind === 'revision'
            ? t(asking.kind === 'reject' ? 'queue.revisionRejectHelp' : 'queue.revisionChangesHelp')
            : t(asking?.kind === 'reject' ? 'queue.rejectHelp' : 'queue.changesHelp')
        }
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
  // The server's own tables: an ad's status, or its waiting edit's (issue 26).
  const allowed = (transition: AdTransition) =>
    ad.kind === 'revision'
      ? ad.status !== 'approved' && canDecideRevision(transition, ad.status as RevisionStatus)
      : canTransition(transition, ad.status);
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
          {allowed('approve') && (
            <Button type="button" size="sm" disabled={busy} onClick={onApprove}>
              <Check aria-hidden="true" />
              {t('actions.approve')}
            </Button>
          )}
          {allowed('requestChanges') && (
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
          {allowed('reject') && (
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
          <p className="font-bold text-primary">{formatPrice(ad.price, i18n.language)}</p>
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
      {ad.kind === 'revision' && (
        <p className="text-sm font-medium" data-testid="queue-revision">
          {t('queue.revision')}{' '}
          <span className="font-normal text-muted-foreground">{t('queue.revisionHelp')}</span>
        </p>
      )}
      {ad.reusedPhotos.length > 0 && <ReusedPhotos ad={ad} />}
      {ad.changes && ad.changes.length > 0 && <ChangeList changes={ad.changes} />}
      {ad.status === 'needs_changes' && (
        <p className="text-sm text-muted-foreground" data-testid="queue-waiting-seller">
          {t('queue.waitingSeller')}
        </p>
      )}
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

/**
 * Issue 30: photos that match photos of other users' ads, each with links to both ads, so the
 * moderator compares them side by side before deciding.
 */
function ReusedPhotos({ ad }: { ad: ModeratedAd }) {
  const { t } = useTranslation('admin');
  // One line per other ad: several photos copied from one ad say the same thing once.
  const byAd = [...new Map(ad.reusedPhotos.map((match) => [match.otherAd.id, match.otherAd])).values()];
  return (
    <ul className="flex flex-col gap-2" data-testid="queue-reused-photos">
      {byAd.map((other) => (
        <li
          key={other.id}
          className="flex flex-col gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm"
        >
          <p className="flex items-start gap-1.5 font-medium">
            <ImageOff className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            {other.title === null
              ? t('queue.reusedPhotoDeleted')
              : t('queue.reusedPhoto', { title: `„${other.title}”` })}
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <Link className="font-medium text-primary underline-offset-4 hover:underline" to={`/ad/${ad.id}`}>
              {t('queue.reusedThisAd')}
            </Link>
            {other.title !== null && (
              <Link
                className="font-medium text-primary underline-offset-4 hover:underline"
                to={`/ad/${other.id}`}
              >
                {t('queue.reusedOtherAd')}
              </Link>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** What an edit changes, field by field: before and now (issue 26). */
function ChangeList({ changes }: { changes: NonNullable<ModeratedAd['changes']> }) {
  const { t } = useTranslation('admin');
  const shown = (field: string, value: string | number | null) => {
    if (value === null || value === '') return t('queue.empty_value');
    return field === 'price' && typeof value === 'number' ? formatPrice(value) : String(value);
  };
  return (
    <section className="flex flex-col gap-1 text-sm" data-testid="queue-changes">
      <h4 className="font-medium">{t('queue.changes')}</h4>
      <dl className="flex flex-col gap-1.5">
        {changes.map((change) => (
          <div key={change.field} className="rounded-md border bg-muted/40 p-2" data-testid="queue-change">
            <dt className="font-medium">{t(`queue.fields.${change.field}`)}</dt>
            <dd className="line-clamp-3 break-words text-muted-foreground">
              <span className="sr-only">{t('queue.before')}: </span>
              <del>{shown(change.field, change.before)}</del>
            </dd>
            <dd className="line-clamp-3 break-words">
              <span className="sr-only">{t('queue.after')}: </span>
              <ins className="no-underline">{shown(change.field, change.after)}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
