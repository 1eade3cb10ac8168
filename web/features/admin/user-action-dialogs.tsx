import type { AdminUser, UserAction } from '@common/schemas/admin';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/use-translation';
import { ShieldCheck, ShieldOff, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { useUserAction } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { withNotices } from './moderation-toasts';
import { ReasonDialog } from './reason-dialog';

const ICONS: Record<UserAction, typeof UserX> = {
  deactivate: UserX,
  reactivate: UserCheck,
  makeModerator: ShieldCheck,
  removeModerator: ShieldOff,
};

type Asking = { user: AdminUser; action: UserAction } | null;

/**
 * What the users list and the suspect list (issue 30) do to an account: the buttons the server's
 * `actions` allow, and the dialog each asks through (a reason for deactivation, a confirmation else).
 */
export function useUserActions() {
  const { t } = useTranslation('admin');
  const action = useUserAction();
  const [asking, setAsking] = useState<Asking>(null);

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

  const buttons = (user: AdminUser) =>
    user.actions.map((name) => {
      const Icon = ICONS[name];
      return (
        <Button
          key={name}
          type="button"
          size="sm"
          variant={name === 'deactivate' ? 'destructive' : 'outline'}
          disabled={action.isPending}
          onClick={() => setAsking({ user, action: name })}
        >
          <Icon aria-hidden="true" />
          {t(`users.actions.${name}`)}
        </Button>
      );
    });

  const dialogs = (
    <>
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
    </>
  );

  return { buttons, dialogs };
}
