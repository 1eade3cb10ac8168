import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api';

/**
 * What a server-rendered page hands to the browser (server/seo/pages.ts puts it in the page as JSON):
 * the language and catalogs it was rendered with, when, and React Query's dehydrated cache holding
 * the API answers it was rendered from. The browser hydrates with exactly these (web/main.tsx).
 */
export type SsrState = {
  lang: string;
  namespaces: string[];
  renderedAt: number;
  queries: DehydratedState;
};

export const SSR_STATE_ID = 'ssr-state';

type SentError = { status: number; code: string; message: string; details?: Record<string, unknown> };

/** The seeded queries, their ApiErrors (a gone ad's 410, with its reasons) as plain JSON. */
export function dehydrateQueries(client: QueryClient): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const sent: SentError = {
        status: error.status,
        code: error.code,
        message: error.message,
        details: error.details,
      };
      return { ...query, state: { ...query.state, error: sent, fetchFailureReason: sent } };
    }),
  } as DehydratedState;
}

/** Puts the server's answers in the browser's cache, errors again as the ApiErrors the pages check for. */
export function hydrateQueries(client: QueryClient, state: DehydratedState): void {
  const revive = (sent: unknown) => {
    const e = sent as SentError | null;
    return e && typeof e.status === 'number'
      ? new ApiError(e.status, e.code, e.message, undefined, undefined, e.details)
      : sent;
  };
  // As on the server (seed.ts): a gone ad's error is shown, not asked for again on mount.
  for (const query of state.queries)
    if (query.state.status === 'error') client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? {
            ...query,
            state: {
              ...query.state,
              error: revive(query.state.error) as Error,
              fetchFailureReason: revive(query.state.fetchFailureReason) as Error,
            },
          }
        : query,
    ),
  });
}

/** The state a server-rendered page carries, or null for a page the browser renders alone. */
export function readSsrState(): SsrState | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}
