import type { AdminUser } from '@common/schemas/admin';
import { Badge } from '@web/components/ui/badge';
import { Input } from '@web/components/ui/input';
import { formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { MailCheck, MailWarning, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUsers } from './admin-api';
import { AdminRow, ListState, Pager } from './list-states';
import { MessageRisks } from './message-risks';
import { useUserActions } from './user-action-dialogs';

/**
 * Users (spec): every account newest first, with what this moderator may do to each. `?q=` starts
 * the search (the suspect list links here by e-mail).
 */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const [q, setQ] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const paged = useUsers(q);
  const { query } = paged;
  const { buttons, dialogs } = useUserActions();
  const users = query.data?.items ?? [];

  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="users-heading" className="text-xl font-semibold">
          {t('tabs.users')}
        </h2>
        <div className="relative sm:w-72">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('users.searchPlaceholder')}
            aria-label={t('users.search')}
            className="pl-9"
            maxLength={100}
          />
        </div>
      </div>
      <ListState
        query={query}
        empty={q ? t('users.noMatch') : t('users.empty')}
        isEmpty={users.length === 0}
      />
      {users.length > 0 && (
        <ul className="flex flex-col gap-3">
          {users.map((user) => (
            <UserRow key={user.id} user={user} actions={buttons(user)}>
              {user.messageRisks && <MessageRisks counts={user.messageRisks} title={t('risks.title')} />}
            </UserRow>
          ))}
        </ul>
      )}
      <Pager paged={paged} />
      {dialogs}
    </section>
  );
}

/** An account with its marks (active, role, e-mail verified, joined); `children` follow. */
export function UserRow({
  user,
  actions,
  children,
}: {
  user: AdminUser;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <AdminRow testId="user-row" actions={actions}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold break-words">{name || user.email}</h3>
        <Badge variant={user.isActive ? 'default' : 'destructive'}>
          {user.isActive ? t('users.active') : t('users.inactive')}
        </Badge>
        {user.role !== 'user' && <Badge variant="secondary">{t(`roles.${user.role}`)}</Badge>}
        <Badge
          variant="outline"
          className={user.emailVerified ? undefined : 'border-amber-500 text-amber-900'}
        >
          {user.emailVerified ? <MailCheck aria-hidden="true" /> : <MailWarning aria-hidden="true" />}
          {user.emailVerified ? t('users.verified') : t('users.unverified')}
        </Badge>
      </div>
      <p className="text-sm break-all text-muted-foreground">{user.email}</p>
      <p className="text-xs text-muted-foreground">
        {t('users.joined', { time: formatRelativeTime(user.createdAt, i18n.language) })}
      </p>
      {children}
    </AdminRow>
  );
}
