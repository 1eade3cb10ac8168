import { isStaffRole } from '@common/roles';
import type { Me } from '@common/schemas/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { api } from './api';

type AuthState = {
  /** Null when signed out, and while the session is first resolved (see `loading`). */
  user: Me | null;
  loading: boolean;
  /**
   * The session could not be read at all (the API did not answer): not the same as signed out, so
   * pages that need a session say so with a Retry instead of sending a signed-in user to sign in.
   */
  failed: boolean;
  /** Asks for the session again (react-query's refetch), with `isFetching` while it asks. */
  sessionQuery: { refetch: () => unknown; isFetching: boolean };
  isStaff: boolean;
  /** Re-reads the session, after sign-in or a profile change. */
  refresh(): Promise<void>;
  signOut(): Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);
export const ME_QUERY_KEY = ['me'] as const;

/** Null for a visitor: GET /api/viewer answers 200 either way, so a visit logs no failed request. */
function fetchMe(): Promise<Me | null> {
  return api<Me | null>('/api/viewer');
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 60_000, retry: 1 });

  // A session may expire or be revoked while the tab sleeps: check again when it is shown.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await api('/api/auth/sign-out', { method: 'POST', json: {} }).catch(() => undefined);
    queryClient.setQueryData(ME_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const user = query.data ?? null;
    return {
      user,
      loading: query.isPending,
      failed: query.isError && query.data === undefined,
      sessionQuery: { refetch: query.refetch, isFetching: query.isFetching },
      isStaff: isStaffRole(user?.role),
      refresh,
      signOut,
    };
  }, [query.data, query.isPending, query.isError, query.isFetching, query.refetch, refresh, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within <AuthProvider>');
  return value;
}
