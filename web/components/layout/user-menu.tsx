import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { initialsOf } from '@web/lib/initials';
import { useUnreadCount } from '@web/lib/unread';
import { useTranslation } from '@web/lib/use-translation';
import { DeferredMenu, menuLoader } from './deferred-menu';

const popup = menuLoader(() => import('./user-menu-popup'));

export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const unread = useUnreadCount(user !== null);
  const initials = initialsOf(user);
  return (
    <DeferredMenu
      loader={popup}
      trigger={
        <Button variant="ghost" size="icon" className="relative rounded-full">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
            {initials}
          </span>
          {/* Named by its content, not aria-label, so the initials it shows are part of its name (WCAG 2.5.3). */}
          <span className="sr-only">
            {unread > 0 ? t('userMenu.openUnread', { count: unread }) : t('userMenu.open')}
          </span>
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="unread-badge"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-background bg-destructive px-1 text-[0.6875rem] font-bold leading-none text-destructive-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      }
    />
  );
}
