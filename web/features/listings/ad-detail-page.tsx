import { formatPrice } from '@common/price';
import type { AdDetail, AdGone } from '@common/schemas/ads';
import { AccountMarks } from '@web/components/account-marks';
import { DealerBadge } from '@web/components/dealer-badge';
import { FavoriteButton } from '@web/components/favorite-button';
import { LoadError } from '@web/components/load-error';
import { RatingScore, ReservedBadge } from '@web/components/rating-score';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDate, formatDateTime, formatRelativeTime } from '@web/lib/format';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import {
  AlertTriangle,
  BadgeCheck,
  Clock,
  Mail,
  MapPin,
  Pencil,
  Scale,
  SearchX,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdGallery } from './ad-gallery';
import { AdPicture, ImagePlaceholder } from './ad-picture';
import { goneOf, isAdNotFound, useAd } from './listings-api';
import { actionText, placeText } from './place';
import { PriceHistoryLine } from './price-history-line';
import { PriceInsightLine } from './price-insight-line';
import { ShareButton } from './share-button';

type AdDetailPageProps = {
  /**
   * What other features add under the seller box (contacting the seller, reporting the ad). The app
   * composes them in (web/routes/ad-detail-route.tsx), so this feature imports none of them.
   */
  renderInteractions?: (ad: AdDetail) => ReactNode;
};

export function AdDetailPage({ renderInteractions }: AdDetailPageProps) {
  const { id = '' } = useParams();
  const { t } = useTranslation('listings');
  const query = useAd(id);

  if (query.isPending) return <AdDetailSkeleton />;
  // Issue 12 (a deliberate change from the spec's silent redirect): a missing ad says why.
  if (query.isError && isAdNotFound(query.error)) return <AdGonePage gone={goneOf(query.error)} />;
  if (query.isError) {
    return <LoadError message={t('detail.loadError')} query={query} className="my-6" />;
  }
  return <AdDetailView ad={query.data} interactions={renderInteractions?.(query.data)} />;
}

const formatDayOrNothing = (iso: string | null, language: string) => (iso ? formatDate(iso, language) : '');

/** Sold, expired, removed or never there: the reason in the reader's words, and where to go instead. */
function AdGonePage({ gone }: { gone: AdGone | null }) {
  const { t, i18n } = useTranslation('listings');
  const reason = gone?.reason ?? 'notFound';
  const similar = new URLSearchParams();
  if (gone) similar.set('category', gone.similar.category);
  if (gone?.similar.caliber) similar.set('caliber', gone.similar.caliber);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center"
      aria-labelledby="gone-heading"
      data-testid="ad-gone"
      data-reason={reason}
    >
      {gone?.ad ? (
        <SoldAdSummary ad={gone.ad} />
      ) : (
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      )}
      <h1 id="gone-heading" className="text-2xl font-bold">
        {t(`gone.title.${reason}`)}
      </h1>
      <p className="text-muted-foreground">
        {t(`gone.body.${reason}`, { date: formatDayOrNothing(gone?.since ?? null, i18n.language) })}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {gone && (
          <Button asChild>
            <Link to={`/browse?${similar.toString()}`}>{t('gone.similar')}</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/browse">{t('gone.browse')}</Link>
        </Button>
      </div>
    </section>
  );
}

/** Issue 26: a sold ad's page, past its 30 days, still names the ad: its photo and title, marked sold. */
function SoldAdSummary({ ad }: { ad: NonNullable<AdGone['ad']> }) {
  const { t } = useTranslation('listings');
  return (
    <figure className="flex w-full max-w-sm flex-col gap-2" data-testid="gone-ad">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg bg-muted">
        {ad.image ? (
          <AdPicture
            webp={ad.image.large}
            jpeg={ad.image.largeJpeg}
            alt={ad.title}
            priority
            className="size-full"
          />
        ) : (
          <ImagePlaceholder label={t('card.noImage')} className="size-full" />
        )}
        <span className="absolute top-2 left-2 rounded bg-primary px-2 py-0.5 text-sm font-bold uppercase tracking-wide text-primary-foreground">
          {t('gone.soldBadge')}
        </span>
      </div>
      <figcaption className="break-words text-lg font-semibold">{ad.title}</figcaption>
    </figure>
  );
}

const SPEC_FIELDS = ['brand', 'model', 'caliber', 'action', 'barrelLength', 'capacity'] as const;

function AdDetailView({ ad, interactions }: { ad: AdDetail; interactions?: ReactNode }) {
  const { t, i18n } = useTranslation('listings');
  const shownAt = ad.publishedAt ?? ad.createdAt;
  const here = useCurrentPath();
  const specs = SPEC_FIELDS.flatMap((field) => {
    const value = ad[field];
    if (value === null || value === '') return [];
    const shown =
      field === 'barrelLength'
        ? t('detail.millimetres', { value })
        : field === 'capacity'
          ? t('detail.rounds', { count: value as number })
          : field === 'action'
            ? actionText(t, String(value))
            : String(value);
    return [{ field, shown }];
  });

  return (
    <article className="flex flex-col gap-6">
      {ad.status === 'sold' && (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-primary/40 bg-primary/10 p-4"
          data-testid="sold-banner"
        >
          <BadgeCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex flex-col gap-1 text-sm">
            <p className="text-lg font-bold uppercase tracking-wide">{t('detail.statusBanner.sold')}</p>
            <p>{t('detail.soldBanner', { date: formatDayOrNothing(ad.soldAt, i18n.language) })}</p>
          </div>
        </div>
      )}
      {ad.status !== 'approved' && ad.status !== 'sold' && (
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
          data-testid="status-banner"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="flex flex-col gap-1 text-sm">
            <p className="font-semibold">{t(`detail.statusBanner.${ad.status}`)}</p>
            {ad.moderationReason && (
              <p>
                <span className="font-medium">{t('detail.moderationReason')}</span> {ad.moderationReason}
              </p>
            )}
          </div>
        </div>
      )}

      {/* Phones read gallery, summary, then details; wide screens keep the summary in a sticky side column.
          Its height goes to the second row: left to share it, the first row grew and opened a gap under the photo. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <AdGallery images={ad.images} title={ad.title} />
        </div>
        <aside className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap gap-1.5">
              <Badge>{t(`categories.${ad.category}`)}</Badge>
              {ad.subcategory && <Badge variant="outline">{ad.subcategory}</Badge>}
              <Badge variant="secondary">{t(`conditions.${ad.condition}`)}</Badge>
              <Badge variant="outline" data-testid="legal-badge">
                <Scale aria-hidden="true" />
                {t(`legal.badge.${ad.legalCategory}`)}
              </Badge>
              {ad.reserved && ad.status === 'approved' && <ReservedBadge />}
            </div>
            <div className="flex items-start justify-between gap-3">
              <h1 className="min-w-0 text-2xl font-bold leading-tight break-words sm:text-3xl">{ad.title}</h1>
              {ad.status === 'approved' && <FavoriteButton adId={ad.id} />}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-3xl font-bold text-primary">{formatPrice(ad.price, i18n.language)}</p>
              {ad.status === 'approved' && <ShareButton title={ad.title} />}
            </div>
            <PriceHistoryLine history={ad.priceHistory} />
            {ad.priceInsight && ad.brand && ad.model && ad.caliberId && (
              <PriceInsightLine
                insight={ad.priceInsight}
                brand={ad.brand}
                model={ad.model}
                caliberId={ad.caliberId}
              />
            )}
            <div className="flex flex-col gap-1 text-sm text-muted-foreground">
              <span className="flex items-center gap-1.5">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                {placeText(t, ad.location, ad.county)}
              </span>
              <span className="flex items-center gap-1.5">
                <Clock className="size-4 shrink-0" aria-hidden="true" />
                {/* Issue 26: "published" is when a moderator approved it; before that, when it was sent. */}
                <span data-testid="ad-date">
                  {t(ad.publishedAt ? 'detail.posted' : 'detail.submitted')}{' '}
                  <time dateTime={shownAt} title={formatDateTime(shownAt, i18n.language)}>
                    {formatRelativeTime(shownAt, i18n.language)} · {formatDate(shownAt, i18n.language)}
                  </time>
                </span>
              </span>
            </div>
            {ad.revision && <RevisionNotice revision={ad.revision} />}
            {ad.can.edit && (
              <Button asChild variant="outline" className="self-start">
                <Link to={`/ad/${ad.id}/edit`}>
                  <Pencil aria-hidden="true" />
                  {t('detail.edit')}
                </Link>
              </Button>
            )}
          </div>

          <section
            aria-labelledby="seller-heading"
            className="flex flex-col gap-3 rounded-lg border bg-card p-4"
          >
            <h2 id="seller-heading" className="text-sm font-semibold text-muted-foreground uppercase">
              {t('detail.seller')}
            </h2>
            <p className="flex items-center gap-2 font-medium">
              <UserRound className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              {/* Issue 12: the seller's public page, with their other ads and how fast they answer. */}
              <Link
                to={`/seller/${encodeURIComponent(ad.seller.id)}`}
                className="min-w-0 break-words text-primary underline underline-offset-4 hover:text-primary/80"
                data-testid="seller-link"
              >
                {ad.seller.displayName}
              </Link>
            </p>
            {/* Issue 30: "Cont nou" and whether the seller's e-mail is verified. */}
            <AccountMarks marks={ad.seller} />
            {ad.seller.rating && <RatingScore summary={ad.seller.rating} />}
            {ad.sellerDealer && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <DealerBadge />
                {ad.seller.dealerName && <span className="font-medium">{ad.seller.dealerName}</span>}
              </div>
            )}
            {ad.seller.email ? (
              <a
                href={`mailto:${ad.seller.email}`}
                className="flex items-center gap-2 break-all text-sm text-primary underline-offset-4 hover:underline"
              >
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                {ad.seller.email}
              </a>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Link to={signInHref(here)} className="font-medium text-primary underline underline-offset-4">
                  {t('detail.signInForEmail')}
                </Link>
              </p>
            )}
          </section>

          {ad.legalCategory !== 'not-a-weapon' && (
            <aside
              aria-labelledby="legal-notice-heading"
              className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
              data-testid="legal-notice"
            >
              <Scale className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <div className="flex flex-col gap-1">
                <h2 id="legal-notice-heading" className="font-semibold">
                  {t('legal.noticeTitle')}
                </h2>
                <p>{t(`legal.notice.${ad.legalCategory}`)}</p>
              </div>
            </aside>
          )}

          {interactions}
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="description-heading" className="flex flex-col gap-2">
            <h2 id="description-heading" className="text-lg font-semibold">
              {t('detail.description')}
            </h2>
            <p className="whitespace-pre-line break-words text-sm leading-relaxed sm:text-base">
              {ad.description}
            </p>
          </section>
          {specs.length > 0 && (
            <section aria-labelledby="specs-heading" className="flex flex-col gap-2">
              <h2 id="specs-heading" className="text-lg font-semibold">
                {t('detail.specifications')}
              </h2>
              {/* Each cell draws its own frame, so a last row with fewer specs leaves no grey gaps. */}
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {specs.map(({ field, shown }) => (
                  <div key={field} className="rounded-lg border bg-card p-3">
                    <dt className="text-xs text-muted-foreground">{t(`fields.${field}`)}</dt>
                    <dd className="mt-0.5 break-words font-medium">{shown}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}

/** The owner's (and moderators') word that an edit waits while the approved version stays public (issue 26). */
function RevisionNotice({ revision }: { revision: NonNullable<AdDetail['revision']> }) {
  const { t } = useTranslation('listings');
  return (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="revision-notice"
    >
      {revision.status === 'needs_changes'
        ? t('detail.revisionChanges', { reason: revision.moderationReason ?? '' })
        : t('detail.revisionPending')}
    </p>
  );
}

function AdDetailSkeleton() {
  const { t } = useTranslation('listings');
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8" aria-busy="true">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      <div className="flex flex-col gap-4">
        <Skeleton className="aspect-[4/3] w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
      <div className="flex flex-col gap-3">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-9 w-1/2" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}
