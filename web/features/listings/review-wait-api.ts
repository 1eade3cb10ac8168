import type { TypicalReviewWait } from '@common/schemas/review-wait';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** How long review typically takes now (GET /api/moderation/typical-wait), asked once an ad is posted. */
export function useTypicalReviewWait(enabled: boolean) {
  return useQuery({
    queryKey: ['moderation', 'typical-wait'],
    queryFn: ({ signal }) => api<TypicalReviewWait>('/api/moderation/typical-wait', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The sentence for a median wait: under an hour, in hours, or in days ("about 3 hours"). */
export function waitPhrase(medianMinutes: number): { key: string; count?: number } {
  if (medianMinutes < 60) return { key: 'post.next.wait.underAnHour' };
  const hours = Math.round(medianMinutes / 60);
  if (hours < 24) return { key: 'post.next.wait.hours', count: hours };
  return { key: 'post.next.wait.days', count: Math.round(medianMinutes / (24 * 60)) };
}
