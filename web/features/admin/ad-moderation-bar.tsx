import { canFeature, canTransition, canUnfeature, STANDARD_REASONS } from '@common/schemas/admin';
import type { AdDetail } from '@common/schemas/ads';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/use-translation';
import { Check, MessageSquareWarning, ShieldCheck, Star, StarOff, X } from 'lucide-react';
import { useState } from 'react';
import { useAdAction } from './admin-api';
import { withNotices } from './moderation-toasts';
import { ReasonDialog } from './reason-dialog';

/**
 * Moderator tools on the ad page (shown when the server says `can.moderate`): the moves the ad's
 * status allows, featuring included. Loaded on its own chunk, for moderators only.
 */
export default function AdModerationBar({ ad }: { ad: Pick<AdDetail, 'id' | 'status' | 'featured'> }) {
  const { t } = useTranslation('admin');
  const action = useAdAction();
  const [asking, setAsking] = useState<'reject' | 'request-changes' | null>(null);
  const busy = action.isPending;

  const run = (kind: 'approve' | 'feature' | 'unfeature') => {
    const keys = {
      approve: { success: 'queue.approved', error: 'queue.approveError' },
      feature: { success: 'featured.marked', error: 'featured.error' },
      unfeature: { success: 'featured.unmarked', error: 'featured.error' },
    }[kind];
    void withNotices(t, keys, () => action.mutateAsync({ id: ad.id, action: kind }));
  };

  const confirmReason = async (reason: string) => {
    if (!asking) return;
    const keys =
      asking === 'reject'
        ? { success: 'queue.rejected', error: 'queue.rejectError' }
        : { success: 'queue.changesRequested', error: 'queue.changesError' };
    if (await withNotices(t, keys, () => action.mutateAsync({ id: ad.id, action: asking, reason })))
      setAsking(null);
  };

  return (
    <section
      aria-labelledby="moderation-heading"
      className="flex flex-col gap-3 rounded-lg border border-dashed border-primary/40 bg-primary/5 p-4"
      data-testid="moderation-bar"
    >
      <h2 id="moderation-heading" className="flex items-center gap-2 text-sm font-semibold uppercase">
        <ShieldCheck className="size-4" aria-hidden="true" />
        {t('bar.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        {canTransition('approve', ad.status) && (
          <Button type="button" size="sm" disabled={busy} onClick={() => run('approve')}>
            <Check aria-hidden="true" />
            {t('actions.approve')}
          </Button>
        )}
        {canTransition('requestChanges', ad.status) && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => setAsking('request-changes')}
          >
            <MessageSquareWarning aria-hidden="true" />
            {t('actions.requestChanges')}
          </Button>
        )}
        {canFeature(ad.status, ad.featured) && (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => run('feature')}>
            <Star aria-hidden="true" />
            {t('actions.feature')}
          </Button>
        )}
        {canUnfeature(ad.featured) && (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => run('unfeature')}>
            <StarOff aria-hidden="true" />
            {t('actions.unfeature')}
          </Button>
        )}
        {canTransition('reject', ad.status) && (
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={busy}
            onClick={() => setAsking('reject')}
          >
            <X aria-hidden="true" />
            {t('actions.reject')}
          </Button>
        )}
      </div>
      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => !open && !busy && setAsking(null)}
        title={asking === 'reject' ? t('queue.rejectConfirm') : t('queue.changesTitle')}
        description={asking === 'reject' ? t('queue.rejectHelp') : t('queue.changesHelp')}
        confirmLabel={asking === 'reject' ? t('actions.reject') : t('actions.requestChanges')}
        destructive={asking === 'reject'}
        busy={busy}
        presets={STANDARD_REASONS}
        onConfirm={(reason) => void confirmReason(reason)}
      />
    </section>
  );
}
