import type { FavoriteAd, FavoriteList } from '@common/schemas/favorites';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { favoriteKeys } from '@web/lib/favorites';

/** The saved ads that are still listed; the hearts' changes mark it stale (see lib/favorites). */
export function useFavoriteList() {
  return useQuery({
    queryKey: favoriteKeys.list(),
    queryFn: async ({ signal }): Promise<FavoriteAd[]> =>
      (await api<FavoriteList>('/api/me/favorites', { signal })).items,
  });
}
