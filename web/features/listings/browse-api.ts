import { PAGE_SIZE } from '@common/limits';
import type { AdPage } from '@common/schemas/ads';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api';
import { type BrowseFilters, toApiSearch } from './browse-filters';
import { listingKeys } from './listings-api';

// Apart from listings-api.ts, which the home page loads first: the filters' value sets stay in the
// browse page's chunk.

const isRefused = (error: unknown) => error instanceof ApiError && error.status === 400;

/** `enabled: false` when the filters are known to be refused (the page says why by the field). */
export function useBrowseAds(filters: BrowseFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: listingKeys.browse(filters),
    initialPageParam: null as string | null,
    enabled: options.enabled ?? true,
    // Once more, as every query does; then the page shows the failure and its Retry (issue 14).
    retry: (failures, error) => !isRefused(error) && failures < 1,
    // The signal cancels the request of a filter value that has been replaced by a newer one.
    // A refused query (400) is the user's to fix and is said by the filters; any other failure is the
    // error state with Retry, never an empty list (issue 14, a deliberate change from the spec).
    queryFn: ({ pageParam, signal }): Promise<AdPage> =>
      api<AdPage>(`/api/ads?${toApiSearch(filters, pageParam, PAGE_SIZE)}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
