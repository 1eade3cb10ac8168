import type { AdminUser, UserAction } from '@common/schemas/admin';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { formatRelativeTime } from '@web/lib/format';
import { MailCheck, MailWarning, Search, ShieldCheck, ShieldOff, UserCheck, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserAction, useUsers } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { AdminRow, ListState, Pager } from './list-states';
import { withNotices } from './moderation-toasts';
import { ReasonDialog } from './reason-dialog';

const ICONS: Record<UserAction, typeof UserX> = {
  deactivate: UserX,
  reactivate: UserCheck,
  makeModerator: ShieldCheck,
  removeModerator: ShieldOff,
};

type Asking = { user: AdminUser; action: UserAction } | null;

/** Users (spec): every account newest first, with what this moderator may do to each. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const paged = useUsers(q);
  const { query } = paged;
  const action = useUserAction();
  const [asking, setAsking] = useState<Asking>(null);
  const users = query.data?.items ?? [];

  const run = async (reason?: string) => {
    if (!asking) return;
    const { user } = asking;
    const done = await withNotices(t, { success: `users.done.${asking.action}`, error: 'users.error' }, () =>
      asking.action === 'deactivate'
        ? action.mutateAsync({ id: user.id, action: 'deactivate', reason: reason || undefined })
        : action.mutateAsync({ id: user.id, action: asking.action }),
    );
    if (done) setAsking(null);
  };

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
            <UserRow
              key={user.id}
              user={user}
              busy={action.isPending}
              onAct={(a) => setAsking({ user, action: a })}
            />
          ))}
        </ul>
      )}
      <Pager paged={paged} />
      <ReasonDialog
        open={asking?.action === 'deactivate'}
        onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
        title={t('users.deactivateConfirm', { email: asking?.user.email ?? '' })}
        description={t('users.deactivateHelp')}
        confirmLabel={t('users.actions.deactivate')}
        destructive
        required={false}
        busy={action.isPending}
        onConfirm={(reason) => void run(reason)}
      />
      <ConfirmDialog
        open={asking !== null && asking.action !== 'deactivate'}
        onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
        title={asking ? t(`users.confirm.${asking.action}`, { email: asking.user.email }) : ''}
        description={asking?.action === 'reactivate' ? undefined : t('users.roleHelp')}
        confirmLabel={asking ? t(`users.actions.${asking.action}`) : ''}
        busy={action.isPending}
        onConfirm={() => void run()}
      />
    </section>
  );
}

function UserRow({
  user,
  busy,
  onAct,
}: {
  user: AdminUser;
  busy: boolean;
  onAct: (action: UserAction) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <AdminRow
      testId="user-row"
      actions={user.actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            type="button"
            size="sm"
            variant={action === 'deactivate' ? 'destructive' : 'outline'}
            disabled={busy}
            onClick={() => onAct(action)}
          >
            <Icon aria-hidden="true" />
            {t(`users.actions.${action}`)}
          </Button>
        );
      })}
    >
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
    </AdminRow>
  );
}
