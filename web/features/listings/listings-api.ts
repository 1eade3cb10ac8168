import { HOME_LATEST } from '@common/limits';
import type { AdCard, AdDetail, AdEditResult, AdGone, AdInputParsed, AdPage } from '@common/schemas/ads';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api';
import { ME_QUERY_KEY } from '@web/lib/auth';
import { useCallback } from 'react';
import type { BrowseFilters } from './browse-filters';

export const listingKeys = {
  all: ['listings'] as const,
  latest: () => [...listingKeys.all, 'latest'] as const,
  browse: (filters: BrowseFilters) => [...listingKeys.all, 'browse', filters] as const,
  detail: (id: string) => [...listingKeys.all, 'detail', id] as const,
};

export function useLatestAds() {
  return useQuery({
    queryKey: listingKeys.latest(),
    // Issue 14 (a deliberate change from the spec's "ignored; empty list"): a failure is shown as
    // one, with Retry; an empty list would tell the visitor there are no ads.
    queryFn: async ({ signal }): Promise<AdCard[]> =>
      (await api<AdPage>(`/api/ads?limit=${HOME_LATEST}`, { signal })).items,
  });
}

const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 410);

/** Why an ad page is gone (410), or null for any other failure. */
export function goneOf(error: unknown): AdGone | null {
  if (!(error instanceof ApiError) || error.status !== 410 || !error.details) return null;
  // A hand check rather than the zod schema: this module is on the home page's first paint.
  const gone = error.details as Partial<AdGone>;
  const known = ['sold', 'expired', 'removed'].includes(gone.reason ?? '') && gone.similar?.category;
  return known ? (gone as AdGone) : null;
}

/** One ad; `fresh` (the edit form) always reads it again rather than trusting the cache. */
export function useAd(id: string, options: { enabled?: boolean; fresh?: boolean } = {}) {
  return useQuery({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => api<AdDetail>(`/api/ads/${encodeURIComponent(id)}`, { signal }),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
    enabled: options.enabled ?? true,
    refetchOnMount: options.fresh ? 'always' : true,
  });
}

export { isNotFound as isAdNotFound };

/** After a create or an edit every list that may show the ad (home, browse, the dashboard) is stale. */
function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    (ad: AdDetail) => {
      queryClient.setQueryData(listingKeys.detail(ad.id), ad);
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== ME_QUERY_KEY[0] &&
          !(query.queryKey[1] === 'detail' && query.queryKey[2] === ad.id),
      });
    },
    [queryClient],
  );
}

export function useCreateAd() {
  const invalidate = useInvalidateAfterWrite();
  return useCallback(
    async (input: AdInputParsed) => {
      const ad = await api<AdDetail>('/api/ads', { method: 'POST', json: input });
      invalidate(ad);
      return ad;
    },
    [invalidate],
  );
}

export function useUpdateAd(id: string) {
  const invalidate = useInvalidateAfterWrite();
  return useCallback(
    async (input: AdInputParsed) => {
      // Issue 26: the answer says what saving did (editOutcome, common/ad-edit.ts).
      const ad = await api<AdEditResult>(`/api/ads/${encodeURIComponent(id)}`, {
        method: 'PUT',
        json: input,
      });
      invalidate(ad);
      return ad;
    },
    [id, invalidate],
  );
}
