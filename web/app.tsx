import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AfterPaint } from './components/after-paint';
import { AuthProvider } from './lib/auth';
import { holdClockAt } from './lib/format';
import { AppRoutes } from './router';

// Sonner is not needed for the first paint, so it loads after it. Notices sent before it has mounted
// (lib/notify) wait for it.
const AppToaster = lazy(() => import('./components/layout/app-toaster'));

/** Cache settings of every query client, the server's (web/ssr/render.tsx) as the browser's. */
export const QUERY_DEFAULTS = {
  queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
} as const;

/** Relative times count from now again once the visitor has left the server-rendered page. */
function ReleaseClockOnNavigation() {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) holdClockAt(null);
  }, [key]);
  return null;
}

/**
 * The routes, inside the browser's or the server's router. One element for both: useId's ids follow
 * the shape of the tree, and a sibling on one side only gave every label another id than the server's.
 */
export function AppPages() {
  return (
    <>
      <ReleaseClockOnNavigation />
      <AppRoutes />
    </>
  );
}

/**
 * The whole app around its router: the browser passes a BrowserRouter, the server a StaticRouter for
 * the requested URL, and the rest of the tree is the same, so that the server's HTML hydrates.
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: ReactNode }) {
  return (
    <StrictMode>
      <Suspense fallback={null}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>{router}</AuthProvider>
          <AfterPaint>
            <Suspense fallback={null}>
              <AppToaster />
            </Suspense>
          </AfterPaint>
        </QueryClientProvider>
      </Suspense>
    </StrictMode>
  );
}
