import type { DealerHandover, DealerHandoverList, HandoverAnswerInput } from '@common/schemas/handovers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useCallback } from 'react';

/**
 * Issue 29: the handover requests sent to the caller as a dealer, pending first, then newest. Not
 * under 'me': signing out keeps those, and the next account on this browser must not see them.
 */
export const HANDOVER_REQUESTS_QUERY_KEY = ['my-handover-requests'] as const;

export function useHandoverRequests() {
  return useQuery({
    queryKey: HANDOVER_REQUESTS_QUERY_KEY,
    queryFn: ({ signal }) => api<DealerHandoverList>('/api/me/handover-requests', { signal }),
    staleTime: 0,
  });
}

/** Accepts or declines a request; the list is asked again, since the order puts pending ones first. */
export function useAnswerHandover() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string, input: HandoverAnswerInput) => {
      try {
        return await api<DealerHandover>(`/api/handover-requests/${encodeURIComponent(id)}/answer`, {
          method: 'POST',
          json: input,
        });
      } finally {
        // Also on a 409: the request was cancelled or answered meanwhile, and the list should say so.
        void queryClient.invalidateQueries({ queryKey: HANDOVER_REQUESTS_QUERY_KEY });
      }
    },
    [queryClient],
  );
}
