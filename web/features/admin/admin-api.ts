import type {
  AdModerationResult,
  AdminUser,
  AuditPage,
  QueuePage,
  QueueView,
  ReportGroupsPage,
  ReportsResolution,
  UsersPage,
} from '@common/schemas/admin';
import type {
  AdminDealerApplication,
  DealerAction,
  DealerApplicationStatus,
  DealerApplicationsPage,
} from '@common/schemas/dealers';
import type { TrustReportList } from '@common/schemas/deals';
import type { SuspectList } from '@common/schemas/suspects';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { useState } from 'react';

export const adminKeys = {
  all: ['admin'] as const,
  queue: (view: QueueView = 'waiting') => [...adminKeys.all, 'queue', view] as const,
  reports: (status: 'open' | 'all') => [...adminKeys.all, 'reports', status] as const,
  users: (q: string) => [...adminKeys.all, 'users', q] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  dealers: (status: DealerApplicationStatus) => [...adminKeys.all, 'dealers', status] as const,
  suspects: () => [...adminKeys.all, 'suspects'] as const,
  trust: (status: 'open' | 'all') => [...adminKeys.all, 'trust', status] as const,
};

const withCursor = (path: string, cursor: string | null, params: Record<string, string> = {}) => {
  const search = new URLSearchParams(params);
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * One keyset page at a time, with Previous and Next. The trail of cursors starts again whenever the
 * list itself changes (another filter or search); an action reloads the page in view.
 */
function usePaged<T extends { nextCursor: string | null }>(
  key: readonly unknown[],
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<T>,
) {
  const keyText = JSON.stringify(key);
  const [trail, setTrail] = useState<{ key: string; cursors: (string | null)[] }>({
    key: keyText,
    cursors: [null],
  });
  const cursors = trail.key === keyText ? trail.cursors : [null];
  const cursor = cursors.at(-1) ?? null;
  const query = useQuery({
    queryKey: [...key, cursor],
    queryFn: ({ signal }) => fetchPage(cursor, signal),
    placeholderData: keepPreviousData,
  });
  const next = query.data?.nextCursor ?? null;
  return {
    query,
    page: cursors.length,
    hasNext: next !== null && !query.isPlaceholderData,
    hasPrevious: cursors.length > 1,
    next: () => next && setTrail({ key: keyText, cursors: [...cursors, next] }),
    previous: () => setTrail({ key: keyText, cursors: cursors.slice(0, -1) }),
  };
}
export type Paged = ReturnType<typeof usePaged>;

export const useQueue = (view: QueueView) =>
  usePaged(adminKeys.queue(view), (cursor, signal) =>
    api<QueuePage>(withCursor('/api/admin/queue', cursor, view === 'waiting' ? {} : { view }), {
      signal,
    }),
  );

export const useReports = (status: 'open' | 'all') =>
  usePaged(adminKeys.reports(status), (cursor, signal) =>
    api<ReportGroupsPage>(withCursor('/api/admin/reports', cursor, { status }), { signal }),
  );

export const useUsers = (q: string) =>
  usePaged(adminKeys.users(q), (cursor, signal) =>
    api<UsersPage>(withCursor('/api/admin/users', cursor, q ? { q } : {}), { signal }),
  );

/** Issue 30: the suspect list, one answer (the server caps it); user actions reload it with the rest. */
export const useSuspects = () =>
  useQuery({
    queryKey: adminKeys.suspects(),
    queryFn: ({ signal }) => api<SuspectList>('/api/admin/suspects', { signal }),
  });

/** Issue 28: denied deals and reported ratings, newest first, one answer (the server caps it). */
export const useTrustReports = (status: 'open' | 'all') =>
  useQuery({
    queryKey: adminKeys.trust(status),
    queryFn: ({ signal }) => api<TrustReportList>(`/api/admin/trust-reports?status=${status}`, { signal }),
  });

export const useAudit = () =>
  usePaged(adminKeys.audit(), (cursor, signal) =>
    api<AuditPage>(withCursor('/api/admin/audit', cursor), { signal }),
  );

export const useDealerApplications = (status: DealerApplicationStatus) =>
  usePaged(adminKeys.dealers(status), (cursor, signal) =>
    api<DealerApplicationsPage>(withCursor('/api/admin/dealers', cursor, { status }), { signal }),
  );

export function useDealerAction() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: DealerAction; reason?: string }) =>
      api<AdminDealerApplication>(`/api/admin/dealers/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        json: reason === undefined ? {} : { reason },
      }),
    onSettled: invalidate,
  });
}

export type AdAction =
  | 'approve'
  | 'reject'
  | 'request-changes'
  | 'feature'
  | 'unfeature'
  // Issue 26: decisions on the waiting edit of a published ad.
  | 'revision/approve'
  | 'revision/reject'
  | 'revision/request-changes';

/**
 * After any moderation action every list may have changed: the admin lists, and the public ones the
 * ad enters or leaves (home, browse, the ad itself). The account query is left alone.
 */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
}

export function useAdAction() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: AdAction; reason?: string }) =>
      api<AdModerationResult>(`/api/admin/ads/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        json: reason === undefined ? {} : { reason },
      }),
    onSettled: invalidate,
  });
}

export function useReportAction() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({
      adId,
      action,
      reason,
    }: {
      adId: string;
      action: 'dismiss' | 'take-down';
      reason?: string;
    }) =>
      api<ReportsResolution>(
        `/api/admin/ads/${encodeURIComponent(adId)}/${action === 'dismiss' ? 'reports/dismiss' : 'take-down'}`,
        { method: 'POST', json: reason === undefined ? {} : { reason } },
      ),
    onSettled: invalidate,
  });
}

export type UserActionInput =
  | { id: string; action: 'deactivate'; reason?: string }
  | { id: string; action: 'reactivate' | 'makeModerator' | 'removeModerator' };

export function useUserAction() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: UserActionInput) => {
      const base = `/api/admin/users/${encodeURIComponent(input.id)}`;
      switch (input.action) {
        case 'deactivate':
          return api<AdminUser>(`${base}/deactivate`, { method: 'POST', json: { reason: input.reason } });
        case 'reactivate':
          return api<AdminUser>(`${base}/reactivate`, { method: 'POST', json: {} });
        case 'makeModerator':
          return api<AdminUser>(`${base}/role`, { method: 'PUT', json: { role: 'admin.moderator' } });
        case 'removeModerator':
          return api<AdminUser>(`${base}/role`, { method: 'PUT', json: { role: 'user' } });
      }
    },
    onSettled: invalidate,
  });
}

export type TrustActionInput =
  | { action: 'hide'; ratingId: string; reason: string }
  | { action: 'dismiss'; reportId: string };

/** Hiding a rating changes the seller's page and score too, so every list is reloaded after. */
export function useTrustAction() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: TrustActionInput) =>
      input.action === 'hide'
        ? api<unknown>(`/api/admin/ratings/${encodeURIComponent(input.ratingId)}/hide`, {
            method: 'POST',
            json: { reason: input.reason },
          })
        : api<unknown>(`/api/admin/trust-reports/${encodeURIComponent(input.reportId)}/dismiss`, {
            method: 'POST',
          }),
    onSettled: invalidate,
  });
}
