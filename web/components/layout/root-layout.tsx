import { LEGAL_PAGES } from '@common/legal-pages';
import { useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '@web/lib/page-title';
import { routeTitleKey } from '@web/lib/route-title';
import { useTranslation } from '@web/lib/use-translation';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from './page-skeleton';
import { RouteErrorBoundary } from './route-error-boundary';
import { useScrollKeeper } from './scroll-keeper';
import { TopBar } from './top-bar';

/** `notice`: what the app puts under the top bar on every page (the new-terms notice, issue 31). */
export function RootLayout({ notice }: { notice?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // Every route names the tab, in the page's language; a page that knows more (an ad) says more.
  const titleKey = routeTitleKey(pathname, search);
  usePageTitle(titleKey ? t(titleKey) : null, 0);
  useScrollKeeper();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        {t('nav.skipToContent')}
      </a>
      <TopBar />
      {notice}
      {/* At least a screen tall: the footer starts below the fold, so content arriving late (a lazy
          route, translations) never pushes a visible footer down (layout shift). */}
      <main id="main" className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-3 py-6 sm:px-4">
        <RouteErrorBoundary pathname={pathname}>
          {/* A boundary of its own per page (the key): a page whose code is still loading shows the
              skeleton at once, rather than the last page staying (a transition) or a blank one; and
              Back during that load renders the list afresh instead of waiting on a dead boundary
              (issue 26). A new search on the same page keeps the page. */}
          <Suspense key={pathname} fallback={<PageSkeleton />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="border-t py-6 text-center text-xs text-muted-foreground">
        {/* Every page links the terms, the privacy notice, the contact and the cookies (issue 31). */}
        <nav aria-label={t('footer.legal')} className="mb-3">
          <ul className="flex flex-wrap justify-center gap-x-1 gap-y-1">
            {LEGAL_PAGES.map((page) => (
              <li key={page.path}>
                <Link
                  to={page.path}
                  className="inline-flex min-h-11 items-center px-2 text-sm underline-offset-4 hover:underline"
                >
                  {t(`footer.${page.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {t('footer.note', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}

/**
 * Marks the document once the page under the top bar has hydrated (or rendered) and its first
 * requests have settled: the session, and the answers asked again once it is someone's (web/main.tsx).
 * An effect inside the page's boundary runs only when that boundary commits. Until then a server-
 * rendered page shows but does not yet answer typing, and its buttons may still move as the signed-in
 * parts arrive; the browser tests wait for this mark after each load (e2e/support/test.ts), as a
 * person waits for a page to settle before using it.
 */
function PageReady() {
  const client = useQueryClient();
  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.ready !== undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Quiet for a moment, not for an instant: one answer can start the next (the session, then the
    // answers asked again as the signed-in person).
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (client.isFetching() > 0) return;
        root.dataset.ready = '';
        unsubscribe();
      }, 50);
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    check();
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [client]);
  return null;
}
