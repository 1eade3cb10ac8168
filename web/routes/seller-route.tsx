import { AfterPaint } from '@web/components/after-paint';
import { FavoriteButton } from '@web/components/favorite-button';
import { AD_GRID_CLASS, AdCard } from '@web/features/listings/ad-card';
import { SellerPage } from '@web/features/sellers/seller-page';
import { useTranslation } from '@web/lib/use-translation';
import { lazy, Suspense } from 'react';

/** Issue 28: the seller's ratings, asked by the browser once the page has painted (not server-rendered). */
const SellerRatings = lazy(() =>
  import('@web/features/deals/seller-ratings').then((m) => ({ default: m.SellerRatings })),
);

/**
 * /seller/{id}: the sellers feature's profile page showing the seller's ads with the listings
 * feature's card and their ratings from the deals feature, composed here so that no feature imports
 * another.
 */
export function SellerRoute() {
  useTranslation(['sellers', 'listings']);
  return (
    <SellerPage
      renderRatings={(sellerId) => (
        <AfterPaint>
          <Suspense fallback={null}>
            <SellerRatings sellerId={sellerId} />
          </Suspense>
        </AfterPaint>
      )}
      renderAds={(ads) => (
        <ul className={AD_GRID_CLASS}>
          {ads.map((ad, index) => (
            <li key={ad.id}>
              <AdCard ad={ad} priority={index === 0} action={<FavoriteButton adId={ad.id} />} />
            </li>
          ))}
        </ul>
      )}
    />
  );
}
