import { decodeReturnPath } from '@common/return-path';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { signInHref } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';

/** Where the verification link lands: signed in on success, a clear reason otherwise. */
export function VerifiedPage() {
  const { t } = useTranslation('auth');
  const { refresh } = useAuth();
  const [params] = useSearchParams();
  const error = params.get('error')?.toLowerCase();
  // The page the person was on when asked to sign in, carried through the mailed link.
  const back = decodeReturnPath(params.get('back'));

  useEffect(() => {
    if (!error) void refresh();
  }, [error, refresh]);

  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <Card>
        <CardHeader>
          <CardTitle>{error ? t('verify.failedTitle') : t('verify.doneTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p role="status">
            {error === 'token_expired'
              ? t('verify.expired')
              : error
                ? t('verify.invalid')
                : t('verify.doneBody')}
          </p>
          <Button asChild>
            {error ? (
              <Link to={signInHref(back ?? '/')}>{t('verify.toSignIn')}</Link>
            ) : back ? (
              <Link to={back}>{t('verify.continue')}</Link>
            ) : (
              <Link to="/">{t('verify.toHome')}</Link>
            )}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
