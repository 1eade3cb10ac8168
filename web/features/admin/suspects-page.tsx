import { NEW_ACCOUNT_DAYS } from '@common/scam/safety';
import type { Suspect } from '@common/schemas/suspects';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/use-translation';
import { UserSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSuspects } from './admin-api';
import { ListState } from './list-states';
import { MessageRisks } from './message-risks';
import { useUserActions } from './user-action-dialogs';
import { UserRow } from './users-page';

const DAY_MS = 24 * 3600 * 1000;
const isNewAccount = (createdAt: string) => Date.now() - Date.parse(createdAt) < NEW_ACCOUNT_DAYS * DAY_MS;

/**
 * Suspects (issue 30): accounts whose risky messages reached many different people in the last
 * hours, as the server lists them, with what this moderator may do to each (deactivate, as in Users).
 */
export function SuspectsPage() {
  const { t } = useTranslation('admin');
  const query = useSuspects();
  const { buttons, dialogs } = useUserActions();
  const items = query.data?.items ?? [];
  const hours = query.data?.windowHours ?? 0;

  return (
    <section aria-labelledby="suspects-heading" className="flex flex-col gap-4">
      <h2 id="suspects-heading" className="text-xl font-semibold">
        {t('tabs.suspects')}
      </h2>
      {query.data && (
        <p className="text-sm text-muted-foreground">
          {t('suspects.intro', { count: query.data.minRecipients, hours })}
        </p>
      )}
      <ListState query={query} empty={t('suspects.empty')} isEmpty={items.length === 0} />
      {items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {items.map((suspect) => (
            <SuspectRow
              key={suspect.user.id}
              suspect={suspect}
              hours={hours}
              actions={buttons(suspect.user)}
            />
          ))}
        </ul>
      )}
      {dialogs}
    </section>
  );
}

function SuspectRow({ suspect, hours, actions }: { suspect: Suspect; hours: number; actions: ReactNode }) {
  const { t } = useTranslation('admin');
  const { user, recent } = suspect;
  return (
    <UserRow
      user={user}
      actions={
        <>
          {actions}
          <Button asChild size="sm" variant="outline">
            <Link
              to={`/admin/users?q=${encodeURIComponent(user.email)}`}
              aria-label={t('suspects.openUserLabel', { email: user.email })}
            >
              <UserSearch aria-hidden="true" />
              {t('suspects.openUser')}
            </Link>
          </Button>
        </>
      }
    >
      {isNewAccount(user.createdAt) && (
        <Badge variant="outline" className="self-start border-amber-500 text-amber-900">
          {t('suspects.newAccount')}
        </Badge>
      )}
      <MessageRisks counts={recent} title={t('suspects.recentTitle', { hours })} />
    </UserRow>
  );
}
