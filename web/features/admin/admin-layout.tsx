import { TabNav } from '@web/components/layout/tab-nav';
import { SessionLoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { useTranslation } from '@web/lib/use-translation';
import { Link, Navigate, Outlet } from 'react-router';

const TABS = [
  { to: '/admin', key: 'tabs.queue', end: true, superOnly: false },
  { to: '/admin/reports', key: 'tabs.reports', end: false, superOnly: false },
  { to: '/admin/users', key: 'tabs.users', end: false, superOnly: false },
  { to: '/admin/suspects', key: 'tabs.suspects', end: false, superOnly: false },
  // Issue 28: denied deals and reported ratings; 'admin.panel' lets every moderator in.
  { to: '/admin/trust', key: 'tabs.trust', end: false, superOnly: false },
  { to: '/admin/dealers', key: 'tabs.dealers', end: false, superOnly: true },
  { to: '/admin/audit', key: 'tabs.audit', end: false, superOnly: true },
] as const;

/**
 * The admin panel's frame (spec: /admin/*). Only admin.moderator and admin.super get in; anyone else,
 * signed out included, is sent to /. The server refuses the same people on every admin route.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { user, loading, failed, sessionQuery, isStaff } = useAuth();
  if (loading) return <p className="text-muted-foreground">{t('common:common.loading')}</p>;
  if (failed) return <SessionLoadError query={sessionQuery} />;
  if (!user || !isStaff) return <Navigate to="/" replace />;
  // The server refuses staff without two-factor on every admin route; say why and where to fix it.
  if (!user.twoFactorEnabled) return <TwoFactorRequired />;
  const isSuper = user.role === 'admin.super';

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <TabNav
        label={t('tabsLabel')}
        tabs={TABS.filter((tab) => !tab.superOnly || isSuper).map((tab) => ({ ...tab, label: t(tab.key) }))}
      />
      <Outlet />
    </div>
  );
}

function TwoFactorRequired() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <section
        aria-labelledby="two-factor-required"
        className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:p-6"
      >
        <h2 id="two-factor-required" className="text-lg font-semibold">
          {t('twoFactorRequired.title')}
        </h2>
        <p className="text-muted-foreground">{t('twoFactorRequired.body')}</p>
        <Button asChild className="self-start">
          <Link to="/dashboard/settings">{t('twoFactorRequired.link')}</Link>
        </Button>
      </section>
    </div>
  );
}
