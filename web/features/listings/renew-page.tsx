import type { RenewResult } from '@common/schemas/ads';
import { useMutation } from '@tanstack/react-query';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError, api } from '@web/lib/api';
import { useTranslation } from '@web/lib/use-translation';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';

/**
 * Where the reminder mail's one-click link lands: the renewal is sent at once (no sign-in, the token
 * is the proof), then the new end date, or a clear reason why not.
 */
export function RenewPage() {
  const { t, i18n } = useTranslation('listings');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const renewal = useMutation({
    mutationFn: () => api<RenewResult>('/api/ads/renew-by-token', { method: 'POST', json: { token } }),
  });
  const { mutate } = renewal;

  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);

  const failure = !token ? 'invalid' : renewal.isError ? failureOf(renewal.error) : null;
  const until = renewal.data
    ? new Date(renewal.data.expiresAt).toLocaleDateString(i18n.language, {
        dateStyle: 'long',
      })
    : '';

  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>{t('renew.title')}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {failure === 'error' ? (
            <>
              <LoadError
                message={t('renew.error')}
                query={{ refetch: () => mutate(), isFetching: renewal.isPending }}
                compact
              />
              <Button asChild variant="outline" className="self-start">
                <Link to="/dashboard/listings">{t('renew.myListings')}</Link>
              </Button>
            </>
          ) : failure ? (
            <>
              <p role="alert" data-testid="renew-failed">
                {t(`renew.${failure}`)}
              </p>
              <Button asChild className="self-start">
                <Link to="/dashboard/listings">{t('renew.myListings')}</Link>
              </Button>
            </>
          ) : renewal.data ? (
            <>
              <p role="status" data-testid="renew-done">
                {t('renew.done', { date: until })}
              </p>
              <Button asChild>
                <Link to={`/ad/${renewal.data.id}`}>{t('renew.view')}</Link>
              </Button>
            </>
          ) : (
            <p role="status" aria-busy="true">
              {t('renew.working')}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function failureOf(error: unknown): 'invalid' | 'expired' | 'notRenewable' | 'error' {
  if (!(error instanceof ApiError)) return 'error';
  if (error.code === 'renewal_link_expired') return 'expired';
  if (error.code === 'renewal_link_invalid' || error.status === 400) return 'invalid';
  if (error.status === 404 || error.status === 409) return 'notRenewable';
  return 'error';
}
