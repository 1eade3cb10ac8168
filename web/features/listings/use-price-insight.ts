import {
  type PriceInsight,
  type PriceInsightAnswer,
  type PriceInsightQuery,
  priceInsightQuerySchema,
} from '@common/schemas/price-insight';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useEffect, useState } from 'react';

/** The form asks once the seller stops typing for this long, not at every key. */
export const PRICE_INSIGHT_DEBOUNCE_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Issue 28: the median price of ads like the one being written, once brand, model and a known
 * caliber are filled in; null while they are not, or when there are too few comparables.
 */
export function usePriceInsight(input: { brand: string; model: string; caliberId: string | null }) {
  const parsed = priceInsightQuerySchema.safeParse({
    brand: input.brand,
    model: input.model,
    caliber: input.caliberId ?? undefined,
  });
  const query = useDebounced<PriceInsightQuery | null>(
    parsed.success ? parsed.data : null,
    PRICE_INSIGHT_DEBOUNCE_MS,
  );
  const { data } = useQuery({
    queryKey: ['listings', 'price-insight', query],
    queryFn: ({ signal }) =>
      api<PriceInsightAnswer>(`/api/price-insight?${new URLSearchParams(query ?? {})}`, { signal }),
    enabled: query !== null,
    staleTime: 60_000,
    // The line stays while the next answer comes, instead of blinking out at every keystroke.
    placeholderData: keepPreviousData,
  });
  const insight: PriceInsight | null = query && parsed.success ? (data?.priceInsight ?? null) : null;
  return { insight, query };
}
