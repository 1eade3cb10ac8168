import type { AccountSession } from '@common/schemas/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { authErrorMessage } from '@web/lib/auth-errors';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { toast } from 'sonner';
import { endOtherSessions, endSession, fetchSessions, SESSIONS_QUERY_KEY } from './account-api';

/**
 * The account's sessions (issue 26): which devices are signed in, when each was last used, and a way
 * to end any but this one, so a forgotten or stolen session does not live on for its 30 days.
 */
export function SessionsCard() {
  const { t } = useTranslation(['account', 'auth']);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: fetchSessions });
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(t('common:common.error'), { description: authErrorMessage(error, t) });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    }
  };

  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((item) => !item.current);
  return (
    <Card data-testid="sessions-card">
      <CardHeader>
        <CardTitle>{t('sessions.title')}</CardTitle>
        <CardDescription>{t('sessions.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">{t('common:common.loading')}</p>
        ) : query.isError ? (
          <LoadError message={t('sessions.loadError')} query={query} />
        ) : (
          <>
            <ul className="flex flex-col divide-y rounded-md border" aria-label={t('sessions.title')}>
              {sessions.map((item) => (
                <SessionRow
                  key={item.id}
                  session={item}
                  busy={busy === item.id}
                  onEnd={() => void run(item.id, () => endSession(item.id), t('sessions.ended'))}
                />
              ))}
            </ul>
            {others.length > 0 && (
              <Button
                variant="outline"
                className="self-start"
                disabled={busy !== null}
                onClick={() =>
                  void run('others', endOtherSessions, t('sessions.endedOthers', { count: others.length }))
                }
              >
                {t('sessions.endOthers')}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session, busy, onEnd }: { session: AccountSession; busy: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation('account');
  const device = [session.browser, session.os].filter(Boolean).join(' · ') || t('sessions.unknownDevice');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="session-row">
      <div className="flex min-w-0 flex-col">
        <span className="flex items-center gap-2 font-medium">
          {device}
          {session.current && <Badge variant="secondary">{t('sessions.current')}</Badge>}
        </span>
        <span className="text-sm text-muted-foreground">
          {t('sessions.lastSeen')}{' '}
          <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt, i18n.language)}>
            {formatRelativeTime(session.lastSeenAt, i18n.language)}
          </time>
        </span>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={onEnd}
          aria-label={t('sessions.endLabel', { device })}
        >
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}
