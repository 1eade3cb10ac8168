import { requestPasswordResetSchema } from '@common/schemas/auth';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { authErrorMessage } from '@web/lib/auth-errors';
import { useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { requestPasswordReset } from './auth-api';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const errors = useFormErrors<'email'>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = errors.check(requestPasswordResetSchema, { email }, ['email']);
    if (!input) return;
    setBusy(true);
    try {
      await requestPasswordReset(input.email);
      setSent(true);
    } catch (error) {
      toast.error(t('common:common.error'), { description: authErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <Card>
        <CardHeader>
          <CardTitle>{t('forgot.title')}</CardTitle>
          <CardDescription>{t('forgot.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          {sent ? (
            <p role="status">{t('forgot.sent', { email })}</p>
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
              <FormField label={t('fields.email')} {...errors.field('email')}>
                <Input
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  required
                />
              </FormField>
              <Button type="submit" disabled={busy}>
                {busy ? t('pleaseWait') : t('forgot.submit')}
              </Button>
            </form>
          )}
          <Link to="/auth?mode=login" className="mt-4 block text-center text-sm text-primary hover:underline">
            {t('signIn.backToSignIn')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
