import type {
  BuyerCandidates,
  Deal,
  DealAnswerInput,
  DealList,
  Offer,
  OfferAnswerInput,
  OfferInput,
  RatingInput,
  SoldToInput,
} from '@common/schemas/deals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useCallback } from 'react';

export const dealKeys = {
  all: ['deals'] as const,
  mine: () => [...dealKeys.all, 'mine'] as const,
  buyers: (adId: string) => [...dealKeys.all, 'buyers', adId] as const,
  sellerRatings: (sellerId: string) => [...dealKeys.all, 'seller-ratings', sellerId] as const,
};

const post = <T>(path: string, json?: unknown) => api<T>(path, { method: 'POST', json: json ?? {} });
const id = encodeURIComponent;

/**
 * A step of an offer or a deal changes what several pages show (the thread, the ad's badge and
 * buttons, the dashboard's lists): everything the app holds is asked again, once.
 */
function useAfterwards() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries(), [queryClient]);
}

export function useDealActions() {
  const afterwards = useAfterwards();
  const run =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
    async (...args: A) => {
      const result = await call(...args);
      afterwards();
      return result;
    };
  return {
    makeOffer: run((adId: string, input: OfferInput) => post<Offer>(`/api/ads/${id(adId)}/offers`, input)),
    answerOffer: run((offerId: string, input: OfferAnswerInput) =>
      post<Offer>(`/api/offers/${id(offerId)}/answer`, input),
    ),
    release: run((adId: string) => post(`/api/ads/${id(adId)}/reservation/release`)),
    sellTo: run((adId: string, input: SoldToInput) => post<Deal>(`/api/ads/${id(adId)}/deal`, input)),
    soldOutside: run((adId: string) => post(`/api/ads/${id(adId)}/sold`)),
    answerDeal: run((dealId: string, input: DealAnswerInput) =>
      post<Deal>(`/api/deals/${id(dealId)}/answer`, input),
    ),
    rate: run((dealId: string, input: RatingInput) => post<Deal>(`/api/deals/${id(dealId)}/rating`, input)),
    markDeregistered: run((dealId: string) => post<Deal>(`/api/deals/${id(dealId)}/deregistered`)),
    reply: run((ratingId: string, reply: string) =>
      post<Deal>(`/api/ratings/${id(ratingId)}/reply`, { reply }),
    ),
    report: run((ratingId: string) => post(`/api/ratings/${id(ratingId)}/reports`, {})),
    /** Issue 29: the side that asked a dealer for a handover takes back its pending request. */
    cancelHandover: run((requestId: string) => post<Deal>(`/api/handover-requests/${id(requestId)}/cancel`)),
  };
}

export function useMyDeals() {
  return useQuery({
    queryKey: dealKeys.mine(),
    queryFn: ({ signal }) => api<DealList>('/api/me/deals', { signal }),
    staleTime: 0,
  });
}

export function useBuyers(adId: string, enabled: boolean) {
  return useQuery({
    queryKey: dealKeys.buyers(adId),
    queryFn: ({ signal }) => api<BuyerCandidates>(`/api/ads/${id(adId)}/buyers`, { signal }),
    enabled,
    staleTime: 0,
  });
}
