import { newPasswordSchema } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { authErrorMessage } from '@web/lib/auth-errors';
import { validateOrNotify } from '@web/lib/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { resetPassword } from './auth-api';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

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
    const newPassword = validateOrNotify(newPasswordSchema, password, t);
    if (newPassword === null) return;
    if (password !== confirm) {
      toast.error(t('validation:title'), { description: t('validation:passwordsDiffer') });
      return;
    }
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
            <div className="flex flex-col gap-2">
              <Label htmlFor="new-password">{t('reset.newPassword')}</Label>
              <Input
                id="new-password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <p className="text-xs text-muted-foreground">{t('fields.passwordHint')}</p>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="confirm-password">{t('reset.confirmPassword')}</Label>
              <Input
                id="confirm-password"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
              />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? t('pleaseWait') : t('reset.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
