import {
  type AdminDealerApplication,
  DEALER_APPLICATION_STATUSES,
  type DealerAction,
  type DealerApplicationStatus,
} from '@common/schemas/dealers';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { BadgeCheck, BadgeX, MailCheck, MailWarning, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useDealerAction, useDealerApplications } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { AdminRow, ListState, Pager } from './list-states';
import { withNotices } from './moderation-toasts';
import { ReasonDialog } from './reason-dialog';

const ICONS: Record<DealerAction, typeof BadgeCheck> = {
  approve: BadgeCheck,
  refuse: BadgeX,
  withdraw: Undo2,
};

type Asking = { application: AdminDealerApplication; action: DealerAction } | null;

/** Dealers (issue 12, admin.super): applications to be a verified dealer, and badges to withdraw. */
export function DealersPage() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [status, setStatus] = useState<DealerApplicationStatus>('pending');
  const paged = useDealerApplications(status);
  const { query } = paged;
  const action = useDealerAction();
  const [asking, setAsking] = useState<Asking>(null);
  const items = query.data?.items ?? [];

  const run = async (reason?: string) => {
    if (!asking) return;
    const done = await withNotices(
      t,
      { success: `dealers.done.${asking.action}`, error: 'dealers.error' },
      () => action.mutateAsync({ id: asking.application.id, action: asking.action, reason }),
    );
    if (done) setAsking(null);
  };

  return (
    <section aria-labelledby="dealers-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="dealers-heading" className="text-xl font-semibold">
          {t('tabs.dealers')}
        </h2>
        <div className="flex flex-col gap-1.5 sm:w-56">
          <Label htmlFor={`${id}-status`}>{t('dealers.status')}</Label>
          <NativeSelect
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as DealerApplicationStatus)}
          >
            {DEALER_APPLICATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`dealers.statuses.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <ListState query={query} empty={t(`dealers.empty.${status}`)} isEmpty={items.length === 0} />
      {items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {items.map((application) => (
            <DealerRow
              key={application.id}
              application={application}
              busy={action.isPending}
              onAct={(a) => setAsking({ application, action: a })}
            />
          ))}
        </ul>
      )}
      <Pager paged={paged} />
      <ReasonDialog
        open={asking?.action === 'refuse' || asking?.action === 'withdraw'}
        onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
        title={
          asking ? t(`dealers.confirm.${asking.action}`, { business: asking.application.businessName }) : ''
        }
        description={t('dealers.reasonHelp')}
        confirmLabel={asking ? t(`dealers.actions.${asking.action}`) : ''}
        destructive
        busy={action.isPending}
        onConfirm={(reason) => void run(reason)}
      />
      <ConfirmDialog
        open={asking?.action === 'approve'}
        onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
        title={asking ? t('dealers.confirm.approve', { business: asking.application.businessName }) : ''}
        description={t('dealers.approveHelp')}
        confirmLabel={t('dealers.actions.approve')}
        busy={action.isPending}
        onConfirm={() => void run()}
      />
    </section>
  );
}

function DealerRow({
  application,
  busy,
  onAct,
}: {
  application: AdminDealerApplication;
  busy: boolean;
  onAct: (action: DealerAction) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const { applicant } = application;
  const name = `${applicant.firstName} ${applicant.lastName}`.trim();
  return (
    <AdminRow
      testId="dealer-row"
      actions={application.actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            type="button"
            size="sm"
            variant={action === 'approve' ? 'default' : 'destructive'}
            disabled={busy}
            onClick={() => onAct(action)}
          >
            <Icon aria-hidden="true" />
            {t(`dealers.actions.${action}`)}
          </Button>
        );
      })}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-semibold break-words">{application.businessName}</h3>
        <Badge variant="secondary">{t(`dealers.statuses.${application.status}`)}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('dealers.cui')}</dt>
        <dd className="font-mono">{application.cui}</dd>
        <dt className="text-muted-foreground">{t('dealers.authorisation')}</dt>
        <dd className="break-words">{application.authorisationNumber}</dd>
        <dt className="text-muted-foreground">{t('dealers.applicant')}</dt>
        <dd className="flex flex-wrap items-center gap-2 break-all">
          {name} · {applicant.email}
          <Badge
            variant="outline"
            className={applicant.emailVerified ? undefined : 'border-amber-500 text-amber-900'}
          >
            {applicant.emailVerified ? <MailCheck aria-hidden="true" /> : <MailWarning aria-hidden="true" />}
            {applicant.emailVerified ? t('users.verified') : t('users.unverified')}
          </Badge>
        </dd>
      </dl>
      {application.reason && (
        <p className="text-sm whitespace-pre-line">
          <span className="text-muted-foreground">{t('dealers.reason')}</span> {application.reason}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {t('dealers.applied', { time: formatRelativeTime(application.createdAt, i18n.language) })}
      </p>
    </AdminRow>
  );
}
