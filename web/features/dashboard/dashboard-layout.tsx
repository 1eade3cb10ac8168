import { TabNav } from '@web/components/layout/tab-nav';
import { SessionLoadError } from '@web/components/load-error';
import { useAuth } from '@web/lib/auth';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import { Navigate, Outlet } from 'react-router';
import { useDealerDeskEligible } from './dashboard-api';

const TABS = [
  { to: '/dashboard', key: 'tabs.overview', end: true },
  { to: '/dashboard/listings', key: 'tabs.listings', end: false },
  { to: '/dashboard/messages', key: 'tabs.messages', end: false },
  { to: '/dashboard/deals', key: 'tabs.deals', end: false },
  { to: '/dashboard/handovers', key: 'tabs.handovers', end: false },
  { to: '/dashboard/favorites', key: 'tabs.favorites', end: false },
  { to: '/dashboard/saved-searches', key: 'tabs.savedSearches', end: false },
  { to: '/dashboard/settings', key: 'tabs.settings', end: false },
] as const;

/** Only verified dealers receive handover requests (issue 29): the others never see the tab. */
const DEALER_ONLY = new Set<string>(['/dashboard/handovers']);

/** Everything under /dashboard needs a session: a visitor is sent to sign in. */
export function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const { user, loading, failed, sessionQuery } = useAuth();
  const here = useCurrentPath();
  const dealer = useDealerDeskEligible(Boolean(user));
  if (loading) return <p className="text-muted-foreground">{t('common:common.loading')}</p>;
  if (failed) return <SessionLoadError query={sessionQuery} />;
  if (!user) return <Navigate to={signInHref(here)} replace />;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <TabNav
        label={t('tabsLabel')}
        tabs={TABS.filter((tab) => dealer || !DEALER_ONLY.has(tab.to)).map((tab) => ({
          ...tab,
          label: t(tab.key),
        }))}
      />
      <Outlet />
    </div>
  );
}
