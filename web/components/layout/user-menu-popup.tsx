import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useAuth } from '@web/lib/auth';
import { useTranslation } from '@web/lib/use-translation';
import { Link, useNavigate } from 'react-router';
import type { MenuPopupProps } from './deferred-menu';

const LINKS = [
  { to: '/dashboard', key: 'userMenu.dashboard' },
  { to: '/dashboard/listings', key: 'userMenu.listings' },
  { to: '/dashboard/messages', key: 'userMenu.messages' },
  { to: '/dashboard/favorites', key: 'userMenu.favorites' },
  { to: '/dashboard/saved-searches', key: 'userMenu.savedSearches' },
  { to: '/dashboard/settings', key: 'userMenu.settings' },
] as const;

/** The account menu itself, loaded on first use (see UserMenu). */
export default function UserMenuPopup({ trigger, triggerRef, defaultOpen }: MenuPopupProps) {
  const { t } = useTranslation();
  const { user, isStaff, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild ref={triggerRef}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">
          {user?.email}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {LINKS.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{t(link.key)}</Link>
          </DropdownMenuItem>
        ))}
        {isStaff && (
          <DropdownMenuItem asChild>
            <Link to="/admin">{t('userMenu.admin')}</Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={async () => {
            await signOut();
            navigate('/');
          }}
        >
          {t('userMenu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
