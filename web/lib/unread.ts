import type { UnreadCount } from '@common/schemas/messages';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Not under ['me']: signing out drops every other query, this one included. */
export const UNREAD_QUERY_KEY = ['unread'] as const;
export const UNREAD_POLL_MS = 30_000;

/**
 * How many messages the signed-in user has not read: the top bar's avatar badge and the dashboard
 * read it. Polled every 30 s while the tab is visible, and again when the window regains focus.
 */
export function useUnreadCount(enabled: boolean): number {
  const query = useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => api<UnreadCount>('/api/me/unread', { signal }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
    retry: false,
  });
  return enabled ? (query.data?.messages ?? 0) : 0;
}
