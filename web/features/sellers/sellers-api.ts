import type { SellerAdsPage, SellerProfile } from '@common/schemas/sellers';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api';

export const sellerKeys = {
  all: ['sellers'] as const,
  profile: (id: string) => [...sellerKeys.all, id, 'profile'] as const,
  ads: (id: string) => [...sellerKeys.all, id, 'ads'] as const,
};

const path = (id: string) => `/api/sellers/${encodeURIComponent(id)}`;

/** No such seller (or a deactivated one): the API answers 404 alike, and asking again changes nothing. */
export const isSellerNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function useSellerProfile(id: string) {
  return useQuery({
    queryKey: sellerKeys.profile(id),
    queryFn: ({ signal }) => api<SellerProfile>(path(id), { signal }),
    retry: (failures, error) => !isSellerNotFound(error) && failures < 1,
  });
}

/** The seller's listed ads, newest first; the first page is the one the server put in the page. */
export function useSellerAds(id: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: sellerKeys.ads(id),
    initialPageParam: null as string | null,
    enabled: options.enabled ?? true,
    retry: (failures, error) => !isSellerNotFound(error) && failures < 1,
    queryFn: ({ pageParam, signal }) =>
      api<SellerAdsPage>(`${path(id)}/ads${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
