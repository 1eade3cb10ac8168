import { daysLeft } from '@common/lifecycle';
import { formatPrice } from '@common/price';
import type { MyAds } from '@common/schemas/ads';
import { STATUS_BADGE } from '@common/values';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { BadgeCheck, Eye, ImageOff, Pencil, PlusCircle, RefreshCw, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useDeleteAd, useListingAction, useMyAds } from './dashboard-api';

type Listing = MyAds['items'][number];

/**
 * Issue 28: "Marchează ca vândut" asking to whom, from the deals feature (composed in by the route,
 * web/routes/my-listings-route.tsx); without it the plain confirmation below marks the ad sold.
 */
type RenderSell = (ad: { id: string; title: string }, onClose: () => void) => ReactNode;

/**
 * Issue 29: under a sold weapon, the legal guide with the seller's steps first (the legal-guide
 * feature, composed in by the route, web/routes/my-listings-route.tsx).
 */
type RenderSoldGuide = (ad: Listing) => ReactNode;

/** Dashboard › My Listings (spec): own ads of every status, newest first, with View, Edit and Delete. */
export function MyListingsPage({
  renderSell,
  renderSoldGuide,
}: {
  renderSell?: RenderSell;
  renderSoldGuide?: RenderSoldGuide;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const query = useMyAds();
  const deleteAd = useDeleteAd();
  const listingAction = useListingAction();
  const [confirming, setConfirming] = useState<Listing | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [selling, setSelling] = useState<Listing | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (ad: Listing, action: 'renew' | 'sold') => {
    setBusy(ad.id);
    try {
      const result = await listingAction(ad.id, action);
      if (action === 'renew' && result.expiresAt) {
        toast.success(t('listings.renewedUntil', { date: formatDate(result.expiresAt, i18n.language) }));
      } else {
        toast.success(t(action === 'renew' ? 'listings.renewed' : 'listings.markedSold'));
      }
      setSelling(null);
    } catch {
      toast.error(t(action === 'renew' ? 'listings.renewError' : 'listings.markSoldError'));
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await deleteAd(confirming.id);
      toast.success(t('listings.deleted'));
      setConfirming(null);
    } catch {
      toast.error(t('listings.deleteError'));
    } finally {
      setDeleting(false);
    }
  };

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common:common.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 401) {
      return (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center">
          <p>{t('listings.signedOut')}</p>
          <Button asChild>
            <Link to="/auth?mode=login">{t('listings.signIn')}</Link>
          </Button>
        </div>
      );
    }
    return <LoadError message={t('listings.loadError')} query={query} />;
  }
  if (query.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center">
        <p className="text-muted-foreground">{t('listings.empty')}</p>
        <Button asChild>
          <Link to="/post-ad">
            <PlusCircle aria-hidden="true" />
            {t('listings.postFirst')}
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="listings-heading" className="flex flex-col gap-3">
      <h2 id="listings-heading" className="sr-only">
        {t('listings.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {query.data.items.map((ad) => (
          <li key={ad.id} className="flex flex-col gap-2">
            <ListingRow
              ad={ad}
              busy={busy === ad.id}
              onDelete={() => setConfirming(ad)}
              onRenew={() => void act(ad, 'renew')}
              onSold={() => setSelling(ad)}
            />
            {ad.status === 'sold' && renderSoldGuide?.(ad)}
          </li>
        ))}
      </ul>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && !deleting && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('listings.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('listings.confirm')}</DialogDescription>
          </DialogHeader>
          {confirming && <p className="font-medium break-words">{confirming.title}</p>}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={deleting}>
                {t('listings.cancel')}
              </Button>
            </DialogClose>
            <Button type="button" variant="destructive" disabled={deleting} onClick={() => void onDelete()}>
              {deleting ? t('listings.deleting') : t('listings.delete')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {renderSell && selling && renderSell(selling, () => setSelling(null))}
      <Dialog
        open={!renderSell && selling !== null}
        onOpenChange={(open) => !open && busy === null && setSelling(null)}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('listings.markSoldTitle')}</DialogTitle>
            <DialogDescription>{t('listings.markSoldHelp')}</DialogDescription>
          </DialogHeader>
          {selling && <p className="font-medium break-words">{selling.title}</p>}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy !== null}>
                {t('listings.cancel')}
              </Button>
            </DialogClose>
            <Button
              type="button"
              disabled={busy !== null}
              onClick={() => selling && void act(selling, 'sold')}
            >
              {busy ? t('listings.markingSold') : t('listings.markSold')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** Days left while listed, when it ended or sold otherwise. */
function LifecycleNote({ ad }: { ad: Listing }) {
  const { t, i18n } = useTranslation('dashboard');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  if (ad.status === 'approved') {
    const left = daysLeft(ad.expiresAt);
    return (
      <p className="text-sm text-muted-foreground" data-testid="days-left">
        {left === 0 ? t('listings.lastDay') : t('listings.daysLeft', { count: left })}
      </p>
    );
  }
  if (ad.status === 'expired') {
    return (
      <p className="text-sm text-muted-foreground">{t('listings.expiredOn', { date: date(ad.expiresAt) })}</p>
    );
  }
  if (ad.status === 'sold' && ad.soldAt) {
    return <p className="text-sm text-muted-foreground">{t('listings.soldOn', { date: date(ad.soldAt) })}</p>;
  }
  return null;
}

type RowProps = { ad: Listing; busy: boolean; onDelete(): void; onRenew(): void; onSold(): void };

function ListingRow({ ad, busy, onDelete, onRenew, onSold }: RowProps) {
  const { t, i18n } = useTranslation('dashboard');
  const renewable = ad.status === 'approved' || ad.status === 'expired';
  return (
    <article
      data-testid="my-listing"
      className="flex flex-col gap-3 rounded-lg border bg-card p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="aspect-[4/3] w-24 shrink-0 self-start overflow-hidden rounded-md bg-muted sm:w-28">
          {ad.image ? (
            <picture>
              <source srcSet={ad.image.card} type="image/webp" />
              <img src={ad.image.cardJpeg} alt="" loading="lazy" className="size-full object-cover" />
            </picture>
          ) : (
            <div
              role="img"
              aria-label={t('listings.noImage')}
              className="flex size-full items-center justify-center text-muted-foreground"
            >
              <ImageOff className="size-6" aria-hidden="true" />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="line-clamp-2 font-semibold leading-snug break-words">{ad.title}</h3>
          <p className="font-bold text-primary">{formatPrice(ad.price, i18n.language)}</p>
          <Badge variant={STATUS_BADGE[ad.status]} className="self-start">
            {t(`listings.status.${ad.status}`)}
          </Badge>
          <LifecycleNote ad={ad} />
          {ad.moderationReason && (
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground">{t('listings.moderationReason')}</span>{' '}
              {ad.moderationReason}
            </p>
          )}
          {ad.revision && (
            <p className="text-sm text-amber-900" data-testid="my-listing-revision">
              {ad.revision.status === 'pending'
                ? t('listings.revisionPending')
                : t('listings.revisionChanges', { reason: ad.revision.moderationReason ?? '' })}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
        {renewable && (
          <Button type="button" size="sm" className="flex-1 sm:flex-none" disabled={busy} onClick={onRenew}>
            <RefreshCw aria-hidden="true" />
            {busy ? t('listings.renewing') : t('listings.renew')}
          </Button>
        )}
        {renewable && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="flex-1 sm:flex-none"
            disabled={busy}
            onClick={onSold}
          >
            <BadgeCheck aria-hidden="true" />
            {t('listings.markSold')}
          </Button>
        )}
        <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
          <Link to={`/ad/${ad.id}`}>
            <Eye aria-hidden="true" />
            {t('listings.view')}
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
          <Link to={`/ad/${ad.id}/edit`}>
            <Pencil aria-hidden="true" />
            {t('listings.edit')}
          </Link>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="flex-1 text-destructive hover:bg-destructive/10 hover:text-destructive sm:flex-none"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          {t('listings.delete')}
        </Button>
      </div>
    </article>
  );
}
