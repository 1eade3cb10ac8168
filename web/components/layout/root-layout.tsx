import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from './route-error-boundary';
import { TopBar } from './top-bar';

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        {t('nav.skipToContent')}
      </a>
      <TopBar />
      {/* At least a screen tall: the footer starts below the fold, so content arriving late (a lazy
          route, translations) never pushes a visible footer down (layout shift). */}
      <main id="main" className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-3 py-6 sm:px-4">
        <RouteErrorBoundary pathname={pathname}>
          <Suspense fallback={<p className="text-muted-foreground">{t('common.loading')}</p>}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="border-t py-6 text-center text-xs text-muted-foreground">
        {t('footer.note', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
