import type { CountyCode } from '@common/counties';
import type { Deal } from '@common/schemas/deals';
import type { HandoverRequestInput, TransferDealerList } from '@common/schemas/handovers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useCallback } from 'react';

export const handoverKeys = {
  all: ['handovers'] as const,
  /** Sorted: the seller's county then the buyer's, or the other way round, is the same list. */
  dealers: (counties: readonly CountyCode[]) =>
    [...handoverKeys.all, 'dealers', ...[...counties].sort()] as const,
};

/** GET /api/dealer-services: the dealers offering transfer services in one to four counties. */
export function useTransferDealers(counties: readonly CountyCode[]) {
  const unique = [...new Set(counties)].slice(0, 4);
  return useQuery({
    queryKey: handoverKeys.dealers(unique),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(unique.map((county) => ['county', county]));
      return api<TransferDealerList>(`/api/dealer-services?${params}`, { signal });
    },
    enabled: unique.length > 0,
    // Dealers change their services rarely: a list seen a few minutes ago is still right.
    staleTime: 5 * 60_000,
  });
}

/**
 * A handover request changes the deal (its requests and history) and the dealer's dashboard: like a
 * step of a deal (deals-api's useAfterwards), everything the app holds is asked again, once.
 */
export function useRequestHandover() {
  const queryClient = useQueryClient();
  return useCallback(
    async (dealId: string, input: HandoverRequestInput) => {
      const deal = await api<Deal>(`/api/deals/${encodeURIComponent(dealId)}/handovers`, {
        method: 'POST',
        json: input,
      });
      void queryClient.invalidateQueries();
      return deal;
    },
    [queryClient],
  );
}
