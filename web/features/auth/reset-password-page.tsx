import { newPasswordSchema } from '@common/schemas/auth';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { authErrorMessage } from '@web/lib/auth-errors';
import { useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { resetPassword } from './auth-api';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors<'password' | 'confirm'>();

  if (!token || params.get('error')) {
    return (
      <div className="mx-auto w-full max-w-md py-4 sm:py-10">
        <Card>
          <CardHeader>
            <CardTitle>{t('reset.title')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p role="alert">{t('reset.invalidLink')}</p>
            <Button asChild>
              <Link to="/auth/forgot-password">{t('reset.requestNew')}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = errors.check(z.object({ password: newPasswordSchema }), { password }, ['password']);
    if (checked === null) return;
    if (password !== confirm) return errors.fail('confirm', 'passwordsDiffer');
    const newPassword = checked.password;
    setBusy(true);
    try {
      await resetPassword(token, newPassword);
      toast.success(t('reset.done'));
      navigate('/auth?mode=login', { replace: true });
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
          <CardTitle>{t('reset.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <FormField
              label={t('reset.newPassword')}
              hint={t('fields.passwordHint')}
              {...errors.field('password')}
            >
              <Input
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </FormField>
            <FormField label={t('reset.confirmPassword')} {...errors.field('confirm')}>
              <Input
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
              />
            </FormField>
            <Button type="submit" disabled={busy}>
              {busy ? t('pleaseWait') : t('reset.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
