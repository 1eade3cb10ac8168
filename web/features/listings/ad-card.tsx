import { CARD_IMAGE_SIZES, cardImageSrcset } from '@common/card-image';
import { formatPrice } from '@common/price';
import type { AdCard as AdCardData } from '@common/schemas/ads';
import { DealerBadge } from '@web/components/dealer-badge';
import { RatingScore, ReservedBadge } from '@web/components/rating-score';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { Clock, MapPin, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdPicture, ImagePlaceholder } from './ad-picture';
import { actionText, placeText } from './place';

type AdCardProps = {
  ad: AdCardData;
  /** The first card of a list: its image is the page's largest paint (see AdPicture). */
  priority?: boolean;
  /** A control over the picture's top-right corner, outside the link (the favorites heart). */
  action?: ReactNode;
  /** A line under the card's details, inside the link (the seller on the favorites page). */
  footer?: ReactNode;
};

/** One ad in a list (spec: ad card); the whole card links to the ad. */
export function AdCard({ ad, action, footer, priority }: AdCardProps) {
  const { t, i18n } = useTranslation('listings');
  const shownAt = ad.publishedAt ?? ad.createdAt;
  const card = (
    <Link
      to={`/ad/${ad.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      data-testid="ad-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {ad.image ? (
          <AdPicture
            webp={ad.image.card}
            jpeg={ad.image.cardJpeg}
            srcset={{ webp: cardImageSrcset(ad.image), sizes: CARD_IMAGE_SIZES }}
            priority={priority}
            alt=""
            className="size-full transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <ImagePlaceholder label={t('card.noImage')} className="size-full" />
        )}
        {ad.featured && (
          <Badge variant="featured" className="absolute top-2 left-2 shadow">
            <Star aria-hidden="true" />
            {t('card.featured')}
          </Badge>
        )}
        {ad.reserved && <ReservedBadge className="absolute bottom-2 left-2 shadow" />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 font-semibold leading-snug group-hover:text-primary">{ad.title}</h3>
        <ul className="flex flex-wrap gap-1" aria-label={t('card.details')}>
          {ad.caliber && (
            <li>
              <Badge variant="outline">{ad.caliber}</Badge>
            </li>
          )}
          {ad.action && (
            <li>
              <Badge variant="outline">{actionText(t, ad.action)}</Badge>
            </li>
          )}
          <li>
            <Badge variant="secondary">{t(`conditions.${ad.condition}`)}</Badge>
          </li>
          {ad.sellerDealer && (
            <li>
              <DealerBadge />
            </li>
          )}
          {ad.sellerScore && (
            <li>
              <RatingScore summary={ad.sellerScore} compact />
            </li>
          )}
          <li>
            <Badge variant="outline" data-testid="card-legal-badge">
              {t(`legal.badge.${ad.legalCategory}`)}
            </Badge>
          </li>
        </ul>
        <p className="mt-auto text-lg font-bold text-primary">{formatPrice(ad.price, i18n.language)}</p>
        {/* The place ('Câmpulung Moldovenesc, jud. Suceava') takes its own line when the card is narrow. */}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span className="flex min-w-0 items-center gap-1">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{placeText(t, ad.location, ad.county)}</span>
          </span>
          <span className="flex shrink-0 items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {/* Issue 26: when it was published (approved); an ad never public shows when it was sent. */}
            <time dateTime={shownAt} title={formatDateTime(shownAt, i18n.language)}>
              {formatRelativeTime(shownAt, i18n.language)}
            </time>
          </span>
        </div>
        {footer}
      </div>
    </Link>
  );
  if (!action) return card;
  // A button may not sit inside a link: the two are siblings, the action laid over the picture.
  return (
    <div className="relative h-full">
      {card}
      <div className="absolute top-2 right-2">{action}</div>
    </div>
  );
}

export function AdCardSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-lg border bg-card"
      aria-hidden="true"
      data-testid="ad-card-skeleton"
    >
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-3 w-full" />
      </div>
    </div>
  );
}

/** The list layout shared by home and browse: one column on phones, up to four on wide screens. */
export const AD_GRID_CLASS = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Browse's list beside the 16rem filter column: a column fewer at each width. */
export const AD_GRID_BESIDE_PANEL_CLASS = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 xl:grid-cols-3';
