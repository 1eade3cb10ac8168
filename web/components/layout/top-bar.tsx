import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import { CloudOff, Crosshair, Loader2, Plus, Search } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LanguageMenu } from './language-menu';
import { focusPageSearch } from './page-search';
import { UserMenu } from './user-menu';

export function TopBar() {
  const { t } = useTranslation();
  const { user, loading, failed } = useAuth();
  const here = useCurrentPath();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // The magnifier leads to the search box itself, focused (on a phone the keyboard opens), not just
  // to the page that has one.
  const onSearch = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const leaving = pathname !== '/browse';
    focusPageSearch(leaving);
    if (leaving) navigate('/browse');
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4"
      >
        <Link
          to="/"
          className="mr-1 flex min-w-0 items-center gap-1.5 rounded-md font-bold text-primary sm:mr-3 sm:gap-2"
        >
          {/* On the narrowest phones the name matters more than the mark: the mark gives way. */}
          <Crosshair className="size-6 shrink-0 max-[400px]:hidden" aria-hidden="true" />
          <span className="truncate text-base tracking-tight sm:text-lg" data-testid="brand-name">
            {t('brand')}
          </span>
        </Link>
        <NavLink
          to="/browse"
          className={({ isActive }) =>
            `hidden rounded-md px-2 py-1 text-sm font-medium hover:text-primary sm:inline ${isActive ? 'text-primary' : 'text-muted-foreground'}`
          }
        >
          {t('nav.browse')}
        </NavLink>
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          <Button
            asChild
            variant="ghost"
            size="icon"
            className="max-[400px]:w-8"
            aria-label={t('nav.search')}
          >
            <Link to="/browse" onClick={onSearch}>
              <Search aria-hidden="true" />
            </Link>
          </Button>
          <LanguageMenu />
          {user ? (
            <>
              <Button asChild size="sm">
                <Link to="/post-ad" aria-label={t('nav.postAd')}>
                  <Plus aria-hidden="true" />
                  <span className="hidden sm:inline">{t('nav.postAd')}</span>
                </Link>
              </Button>
              <UserMenu />
            </>
          ) : failed ? (
            <AccountLoadError />
          ) : (
            // Nothing flashes while the session is first resolved.
            !loading && (
              <>
                <Button
                  asChild
                  variant="ghost"
                  size="sm"
                  className="px-1.5 text-[0.8125rem] max-[400px]:px-1 max-[400px]:text-xs sm:px-3 sm:text-sm"
                >
                  <Link to={signInHref(here)}>{t('nav.login')}</Link>
                </Button>
                <Button
                  asChild
                  size="sm"
                  className="px-1.5 text-[0.8125rem] max-[400px]:px-1 max-[400px]:text-xs sm:px-3 sm:text-sm"
                >
                  <Link to={signInHref(here, 'register')}>{t('nav.register')}</Link>
                </Button>
              </>
            )
          )}
        </div>
      </nav>
    </header>
  );
}

/**
 * Where the account menu would be when the session could not be read (the API did not answer): it
 * says so and asks again, as every other part of the app does (LoadError), rather than offering a
 * signed-in person to sign in.
 */
function AccountLoadError() {
  const { t } = useTranslation();
  const { sessionQuery } = useAuth();
  const retrying = sessionQuery.isFetching;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="border-destructive/40 px-2 text-destructive sm:px-3"
      data-testid="account-load-error"
      aria-disabled={retrying || undefined}
      title={t('userMenu.failed')}
      onClick={() => {
        if (!retrying) void sessionQuery.refetch();
      }}
    >
      {retrying ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CloudOff aria-hidden="true" />}
      <span className="sr-only sm:not-sr-only">{t('userMenu.failedShort')}</span>
      <span className="sr-only">{t('userMenu.failed')}</span>
    </Button>
  );
}
