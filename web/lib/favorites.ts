import type { FavoriteIds } from '@common/schemas/favorites';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api';
import { OVERVIEW_QUERY_KEY } from './overview';

/** Shared by the heart buttons (components/) and the favorites page (features/favorites). */
export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: () => [...favoriteKeys.all, 'ids'] as const,
  list: () => [...favoriteKeys.all, 'list'] as const,
};

const EMPTY: string[] = [];

/** The ids of the signed-in user's saved ads; nothing is asked for a visitor. */
export function useFavoriteIds(enabled: boolean): string[] {
  const query = useQuery({
    queryKey: favoriteKeys.ids(),
    queryFn: async ({ signal }) => (await api<FavoriteIds>('/api/me/favorites/ids', { signal })).ids,
    enabled,
    staleTime: 60_000,
  });
  return (enabled && query.data) || EMPTY;
}

/** Saves or forgets an ad: the hearts change at once, and go back if the server refuses. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useCallback(
    async (adId: string, saved: boolean) => {
      const key = favoriteKeys.ids();
      // A load of the ids still on its way (a heart tapped as the page opens) would land after the
      // change below and put the heart back; the change is what the server will hold.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (ids = []) =>
        saved ? [adId, ...ids.filter((id) => id !== adId)] : ids.filter((id) => id !== adId),
      );
      try {
        await api(`/api/me/favorites/${encodeURIComponent(adId)}`, { method: saved ? 'PUT' : 'DELETE' });
      } catch (error) {
        queryClient.setQueryData(key, before);
        throw error;
      } finally {
        void queryClient.invalidateQueries({ queryKey: favoriteKeys.list() });
        void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
      }
    },
    [queryClient],
  );
}
