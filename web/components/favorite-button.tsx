import { useAuth } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { useFavoriteIds, useSetFavorite } from '@web/lib/favorites';
import { notify } from '@web/lib/notify';
import { rememberAction } from '@web/lib/pending-action';
import { signInHref } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import { Heart } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * The heart on ad cards and the ad detail. It lives here rather than in a feature because listings
 * and favorites both show it. A visitor who taps it is sent to sign in, and the ad is saved then. Its labels are in the common
 * catalog, loaded everywhere, so a card never waits for another catalog; a failure is told through
 * lib/notify, so the home page's first paint does not pull sonner in.
 */
export function FavoriteButton({ adId, className }: { adId: string; className?: string }) {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const saved = useFavoriteIds(user !== null).includes(adId);
  const setFavorite = useSetFavorite();
  const [busy, setBusy] = useState(false);

  const onClick = async (event: MouseEvent) => {
    // On a card the button sits over the link to the ad.
    event.preventDefault();
    if (busy) return;
    if (!user) {
      // Saved as soon as they have signed in (lib/pending-action).
      rememberAction({ kind: 'favorite', adId });
      return navigate(
        signInHref(`${window.location.pathname}${window.location.search}`, 'login', 'favorite'),
      );
    }
    setBusy(true);
    try {
      await setFavorite(adId, !saved);
    } catch {
      notify({ type: 'error', title: t('common.error'), description: t('favorite.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={onClick}
      // Until the session is known a tap could neither save nor send to sign in: the heart waits.
      disabled={loading}
      aria-pressed={saved}
      aria-label={t(saved ? 'favorite.remove' : 'favorite.add')}
      data-testid="favorite-button"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full border bg-background/90 shadow-sm transition-colors hover:bg-background hover:text-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        saved && 'text-red-600',
        className,
      )}
    >
      <Heart className={cn('size-5', saved && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
