import type { UnsubscribeInfo } from '@common/schemas/saved-searches';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api';
import { useTranslation } from '@web/lib/use-translation';
import { Link, useSearchParams } from 'react-router';
import { useUnsubscribe, useUnsubscribeInfo } from './saved-searches-api';

/**
 * Where an alert mail's unsubscribe link lands: it names the searches of that mail and asks before
 * turning their alerts off (no sign-in: the sealed token is the proof; issue 26). Links of mails
 * older than UNSUBSCRIBE_LINK_DAYS, or from before issue 26, are refused as expired. Mail clients use the one-click POST of
 * List-Unsubscribe instead and never show this page.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('savedSearches');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);

  const failure = !token
    ? 'invalid'
    : info.isError
      ? failureOf(info.error)
      : unsubscribe.isError
        ? failureOf(unsubscribe.error)
        : null;
  /** The text of each kind of link: one search, the digest's searches, or (issue 28) price drops. */
  const keyOf = (base: string, kind: UnsubscribeInfo['kind'] | undefined) =>
    kind === 'digest' ? `${base}Digest` : kind === 'priceDrops' ? `${base}PriceDrops` : base;

  let body: React.ReactNode;
  if (failure) {
    body = (
      <>
        <p role="alert" data-testid="unsubscribe-failed">
          {t(`unsubscribe.${failure}`)}
        </p>
        <div className="flex flex-wrap gap-2">
          {failure === 'error' && (
            <Button type="button" onClick={() => void (info.isError ? info.refetch() : unsubscribe.mutate())}>
              {t('unsubscribe.retry')}
            </Button>
          )}
          <Button asChild variant={failure === 'error' ? 'outline' : 'default'}>
            <Link to="/dashboard/saved-searches">{t('unsubscribe.manage')}</Link>
          </Button>
        </div>
      </>
    );
  } else if (unsubscribe.data) {
    body = (
      <>
        <p role="status" data-testid="unsubscribe-done">
          {t(keyOf('unsubscribe.done', unsubscribe.data.kind), { name: unsubscribe.data.name })}
        </p>
        <Button asChild variant="outline">
          <Link to="/dashboard/saved-searches">{t('unsubscribe.manage')}</Link>
        </Button>
      </>
    );
  } else if (info.data) {
    const off = info.data.frequency === 'off';
    body = off ? (
      <p role="status" data-testid="unsubscribe-done">
        {info.data.kind === 'digest'
          ? t('unsubscribe.doneDigest', { name: info.data.name })
          : t(keyOf('unsubscribe.already', info.data.kind), { name: info.data.name })}
      </p>
    ) : (
      <>
        <p>{t(keyOf('unsubscribe.question', info.data.kind), { name: info.data.name })}</p>
        <Button
          type="button"
          onClick={() => unsubscribe.mutate()}
          disabled={unsubscribe.isPending}
          data-testid="unsubscribe-confirm"
        >
          {unsubscribe.isPending ? t('unsubscribe.working') : t('unsubscribe.confirm')}
        </Button>
      </>
    );
  } else {
    body = (
      <p role="status" aria-busy="true">
        {t('unsubscribe.loading')}
      </p>
    );
  }

  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>{t('unsubscribe.title')}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{body}</CardContent>
      </Card>
    </div>
  );
}

function failureOf(error: unknown): 'invalid' | 'expired' | 'gone' | 'error' {
  if (!(error instanceof ApiError)) return 'error';
  if (error.code === 'unsubscribe_link_expired') return 'expired';
  if (error.code === 'unsubscribe_link_invalid' || error.status === 400) return 'invalid';
  if (error.status === 404) return 'gone';
  return 'error';
}
