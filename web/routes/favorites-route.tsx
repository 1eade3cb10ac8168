import { FavoriteButton } from '@web/components/favorite-button';
import { FavoriteSeller, FavoritesPage } from '@web/features/favorites/favorites-page';
import { AD_GRID_CLASS, AdCard } from '@web/features/listings/ad-card';
import { useTranslation } from '@web/lib/use-translation';

/**
 * /dashboard/favorites: the favorites feature's page showing its ads with the listings feature's
 * card, composed here so that neither feature imports the other.
 */
export function FavoritesRoute() {
  useTranslation(['favorites', 'listings']);
  return (
    <FavoritesPage
      renderList={(ads) => (
        <ul className={AD_GRID_CLASS}>
          {ads.map((ad) => (
            <li key={ad.id} className={ad.status === 'sold' ? 'opacity-75' : undefined}>
              <AdCard
                ad={ad}
                action={<FavoriteButton adId={ad.id} />}
                footer={<FavoriteSeller seller={ad.seller} sold={ad.status === 'sold'} />}
              />
            </li>
          ))}
        </ul>
      )}
    />
  );
}
