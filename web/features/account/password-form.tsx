import { changePasswordSchema } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { authErrorMessage } from '@web/lib/auth-errors';
import { validateOrNotify } from '@web/lib/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { changePassword } from './account-api';

type Values = { currentPassword: string; newPassword: string; confirm: string };

export function PasswordForm() {
  const { t } = useTranslation(['account', 'auth']);
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, reset } = useForm<Values>({
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ confirm, ...values }) => {
    const input = validateOrNotify(changePasswordSchema, { ...values, revokeOtherSessions: true }, t);
    if (!input) return;
    if (confirm !== values.newPassword) {
      toast.error(t('validation:title'), { description: t('validation:passwordsDiffer') });
      return;
    }
    setSaving(true);
    try {
      await changePassword(input);
      reset();
      toast.success(t('password.saved'));
    } catch (error) {
      toast.error(t('common:common.error'), { description: authErrorMessage(error, t) });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor="currentPassword">{t('password.current')}</Label>
            <Input
              id="currentPassword"
              type="password"
              autoComplete="current-password"
              {...register('currentPassword')}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="newPassword">{t('password.new')}</Label>
              <Input
                id="newPassword"
                type="password"
                autoComplete="new-password"
                {...register('newPassword')}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="confirmPassword">{t('password.confirm')}</Label>
              <Input
                id="confirmPassword"
                type="password"
                autoComplete="new-password"
                {...register('confirm')}
              />
            </div>
          </div>
          <Button type="submit" disabled={saving} className="self-start">
            {saving ? t('password.saving') : t('password.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
