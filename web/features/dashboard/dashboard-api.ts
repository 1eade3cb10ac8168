import type { MyAds } from '@common/schemas/ads';
import type { MyDealerServices } from '@common/schemas/handovers';
import type { Overview } from '@common/schemas/overview';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { OVERVIEW_QUERY_KEY } from '@web/lib/overview';
import { useCallback } from 'react';

export const MY_ADS_QUERY_KEY = ['my-ads'] as const;

export function useOverview() {
  return useQuery({
    queryKey: OVERVIEW_QUERY_KEY,
    queryFn: ({ signal }) => api<Overview>('/api/me/overview', { signal }),
    staleTime: 0,
  });
}

/**
 * Whether the caller is a verified dealer, who gets the Predări tab (issue 29). The key and the answer
 * are those of Settings' transfer services card, so both share one request and one cache entry.
 */
export function useDealerDeskEligible(enabled: boolean): boolean {
  const query = useQuery({
    queryKey: ['my-dealer-services'],
    queryFn: ({ signal }) => api<MyDealerServices>('/api/me/dealer/services', { signal }),
    enabled,
  });
  return enabled && query.data?.eligible === true;
}

export function useMyAds() {
  return useQuery({
    queryKey: MY_ADS_QUERY_KEY,
    queryFn: ({ signal }) => api<MyAds>('/api/me/ads', { signal }),
    staleTime: 0,
  });
}

/** Deletes an own ad: its row goes at once, and every list that may show the ad is stale. */
export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string) => {
      await api(`/api/ads/${encodeURIComponent(id)}`, { method: 'DELETE' });
      queryClient.setQueryData<MyAds>(MY_ADS_QUERY_KEY, (current) =>
        current
          ? {
              items: current.items.filter((item) => item.id !== id),
              counts: {
                total: Math.max(0, current.counts.total - 1),
                pending: current.items.some((item) => item.id === id && item.status === 'pending')
                  ? Math.max(0, current.counts.pending - 1)
                  : current.counts.pending,
              },
            }
          : current,
      );
      // Home, browse, favorites and the counters may all show it; the session query stays.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'me' && query.queryKey[0] !== MY_ADS_QUERY_KEY[0],
      });
    },
    [queryClient],
  );
}

/** Renew or mark sold: the server answers the new state; the list and every public list are stale. */
export function useListingAction() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string, action: 'renew' | 'sold') => {
      // A renewal answers the listing's new end (RenewResult), which the page tells (issue 26).
      const result = await api<{ expiresAt?: string }>(`/api/ads/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
      });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
      return result;
    },
    [queryClient],
  );
}
