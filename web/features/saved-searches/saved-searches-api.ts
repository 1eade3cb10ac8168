import type {
  SavedSearch,
  SavedSearchFrequency,
  SavedSearchList,
  UnsubscribeInfo,
} from '@common/schemas/saved-searches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const savedSearchKeys = { list: () => ['saved-searches'] as const };

export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.list(),
    queryFn: ({ signal }) => api<SavedSearchList>('/api/me/saved-searches', { signal }),
  });
}

/** Saves the browse URL's parameters as they are; the server keeps the filters and names it. */
export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { query: Record<string, string>; language: string }) =>
      api<SavedSearch>('/api/me/saved-searches', {
        method: 'POST',
        json: { query: input.query, language: input.language === 'en' ? 'en' : 'ro' },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.list() }),
  });
}

export function useUpdateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...update }: { id: string; name?: string; frequency?: SavedSearchFrequency }) =>
      api<SavedSearch>(`/api/me/saved-searches/${id}`, { method: 'PATCH', json: update }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.list() }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/me/saved-searches/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchKeys.list() }),
  });
}

/** Opening a search resets its count of new ads; the list is refreshed behind the navigation. */
export function useMarkOpened() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<SavedSearch>(`/api/me/saved-searches/${id}/opened`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: savedSearchKeys.list() }),
  });
}

const unsubscribePath = (token: string) =>
  `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`;

export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => api<UnsubscribeInfo>(unsubscribePath(token), { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => api<UnsubscribeInfo>(unsubscribePath(token), { method: 'POST' }),
  });
}
