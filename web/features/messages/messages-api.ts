import type {
  AdConversation,
  ConversationDetail,
  ConversationList,
  SentMessage,
} from '@common/schemas/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api';
import { OVERVIEW_QUERY_KEY } from '@web/lib/overview';
import { UNREAD_QUERY_KEY } from '@web/lib/unread';
import { useCallback } from 'react';

export const messageKeys = {
  all: ['messages'] as const,
  list: () => [...messageKeys.all, 'list'] as const,
  detail: (id: string) => [...messageKeys.all, 'detail', id] as const,
  ofAds: () => [...messageKeys.all, 'ad'] as const,
  ofAd: (adId: string) => [...messageKeys.ofAds(), adId] as const,
};

/** An open conversation or list looks for new messages this often, and when the window regains focus. */
const POLL_MS = 15_000;

export function useConversations() {
  return useQuery({
    queryKey: messageKeys.list(),
    queryFn: async ({ signal }) => (await api<ConversationList>('/api/conversations', { signal })).items,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function useConversation(id: string) {
  return useQuery({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) =>
      api<ConversationDetail>(`/api/conversations/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

/**
 * The caller's own conversation about an ad (as its buyer) with its last messages, or null before
 * they write: the ad page's contact box continues it instead of offering a blank first message.
 */
export function useAdConversation(adId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: messageKeys.ofAd(adId),
    queryFn: async ({ signal }) =>
      (await api<AdConversation>(`/api/ads/${encodeURIComponent(adId)}/conversation`, { signal }))
        .conversation,
    enabled: options.enabled,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}

/** After a message is sent or read, the counters and lists that show it are stale. */
function useRefreshCounters() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.ofAds() });
  }, [queryClient]);
}

export function useContactSeller(adId: string) {
  const refresh = useRefreshCounters();
  return useCallback(
    async (body: string, attestation?: boolean) => {
      const sent = await api<SentMessage>(`/api/ads/${encodeURIComponent(adId)}/messages`, {
        method: 'POST',
        json: { body, ...(attestation ? { attestation } : {}) },
      });
      refresh();
      return sent;
    },
    [adId, refresh],
  );
}

export function useReply(conversationId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCounters();
  return useCallback(
    async (body: string) => {
      const sent = await api<SentMessage>(
        `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
        {
          method: 'POST',
          json: { body },
        },
      );
      queryClient.setQueryData<ConversationDetail>(messageKeys.detail(conversationId), (current) =>
        current ? { ...current, messages: [...current.messages, sent.message] } : current,
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.detail(conversationId) });
      refresh();
      return sent;
    },
    [conversationId, queryClient, refresh],
  );
}

/** Opening a conversation marks what the caller received in it as read. */
export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCounters();
  return useCallback(async () => {
    await api(`/api/conversations/${encodeURIComponent(conversationId)}/read`, { method: 'POST', json: {} });
    queryClient.setQueryData<ConversationDetail>(messageKeys.detail(conversationId), (current) =>
      current ? { ...current, unread: 0 } : current,
    );
    refresh();
  }, [conversationId, queryClient, refresh]);
}
