import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { Crosshair, Plus, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageMenu } from './language-menu';
import { UserMenu } from './user-menu';

export function TopBar() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const here = useCurrentPath();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4"
      >
        <Link to="/" className="mr-1 flex items-center gap-2 rounded-md font-bold text-primary sm:mr-3">
          <Crosshair className="size-6" aria-hidden="true" />
          <span className="sr-only text-lg tracking-tight sm:not-sr-only">{t('brand')}</span>
        </Link>
        <NavLink
          to="/browse"
          className={({ isActive }) =>
            `hidden rounded-md px-2 py-1 text-sm font-medium hover:text-primary sm:inline ${isActive ? 'text-primary' : 'text-muted-foreground'}`
          }
        >
          {t('nav.browse')}
        </NavLink>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <Button asChild variant="ghost" size="icon" aria-label={t('nav.search')}>
            <Link to="/browse">
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
          ) : (
            // Nothing flashes while the session is first resolved.
            !loading && (
              <>
                <Button asChild variant="ghost" size="sm">
                  <Link to={signInHref(here)}>{t('nav.login')}</Link>
                </Button>
                <Button asChild size="sm">
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
