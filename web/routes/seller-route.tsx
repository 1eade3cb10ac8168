import { FavoriteButton } from '@web/components/favorite-button';
import { AD_GRID_CLASS, AdCard } from '@web/features/listings/ad-card';
import { SellerPage } from '@web/features/sellers/seller-page';
import { useTranslation } from 'react-i18next';

/**
 * /seller/{id}: the sellers feature's profile page showing the seller's ads with the listings
 * feature's card, composed here so that neither feature imports the other.
 */
export function SellerRoute() {
  useTranslation(['sellers', 'listings']);
  return (
    <SellerPage
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
