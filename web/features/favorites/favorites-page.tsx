import type { FavoriteAd } from '@common/schemas/favorites';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTranslation } from '@web/lib/use-translation';
import { Heart, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFavoriteList } from './favorites-api';

type Props = {
  /**
   * Lays the saved ads out. The ad card belongs to the listings feature, so the app composes it in
   * (web/routes/favorites-route.tsx) and this feature imports no other.
   */
  renderList(ads: FavoriteAd[]): ReactNode;
};

/** Dashboard › Favorites: the saved ads that are still listed or were sold, as ad cards with the seller. */
export function FavoritesPage({ renderList }: Props) {
  const { t } = useTranslation('favorites');
  const query = useFavoriteList();

  if (query.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common:common.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-[4/5] w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message={t('loadError')} query={query} />;
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
        <Heart className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{t('empty')}</p>
        <p className="text-sm text-muted-foreground">{t('emptyHint')}</p>
        <Button asChild variant="outline" className="mt-2">
          <Link to="/browse">{t('browse')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="favorites-heading">
      <h2 id="favorites-heading" className="sr-only">
        {t('title')}
      </h2>
      {renderList(query.data)}
    </section>
  );
}

/** The seller line under a saved ad's card, after "Sold" when the ad was sold (it stays saved: issue 26). */
export function FavoriteSeller({ seller, sold = false }: { seller: FavoriteAd['seller']; sold?: boolean }) {
  const { t } = useTranslation('favorites');
  return (
    <p className="flex items-center gap-1.5 border-t pt-2 text-xs text-muted-foreground">
      {sold && (
        <Badge variant="secondary" className="shrink-0" data-testid="favorite-sold">
          {t('sold')}
        </Badge>
      )}
      <UserRound className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">{t('seller', { name: seller.displayName })}</span>
    </p>
  );
}
