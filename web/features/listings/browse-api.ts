import { PAGE_SIZE } from '@common/limits';
import type { AdPage } from '@common/schemas/ads';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api';
import { type BrowseFilters, toApiSearch } from './browse-filters';
import { EMPTY_PAGE, listingKeys } from './listings-api';

// Apart from listings-api.ts, which the home page loads first: the filters' value sets stay in the
// browse page's chunk.

const isRefused = (error: unknown) => error instanceof ApiError && error.status === 400;

/** `enabled: false` when the filters are known to be refused (the page says why by the field). */
export function useBrowseAds(filters: BrowseFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: listingKeys.browse(filters),
    initialPageParam: null as string | null,
    enabled: options.enabled ?? true,
    retry: (failures, error) => !isRefused(error) && failures < 3,
    // The signal cancels the request of a filter value that has been replaced by a newer one.
    queryFn: async ({ pageParam, signal }): Promise<AdPage> => {
      try {
        return await api<AdPage>(`/api/ads?${toApiSearch(filters, pageParam, PAGE_SIZE)}`, { signal });
      } catch (error) {
        // A refused query is the user's to fix, so it is shown; other failures read as an empty list.
        if (signal.aborted || pageParam || isRefused(error)) throw error;
        return EMPTY_PAGE;
      }
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
