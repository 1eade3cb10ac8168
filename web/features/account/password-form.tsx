import { changePasswordSchema } from '@common/schemas/auth';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { authErrorMessage } from '@web/lib/auth-errors';
import { useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { changePassword } from './account-api';

type Values = { currentPassword: string; newPassword: string; confirm: string };

export function PasswordForm() {
  const { t } = useTranslation(['account', 'auth']);
  const [saving, setSaving] = useState(false);
  const errors = useFormErrors<keyof Values>();
  const { register, handleSubmit, reset } = useForm<Values>({
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ confirm, ...values }) => {
    const input = errors.check(changePasswordSchema, { ...values, revokeOtherSessions: true }, [
      'currentPassword',
      'newPassword',
    ]);
    if (!input) return;
    if (confirm !== values.newPassword) return errors.fail('confirm', 'passwordsDiffer');
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
          <FormField label={t('password.current')} {...errors.field('currentPassword')}>
            <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('password.new')} {...errors.field('newPassword')}>
              <Input type="password" autoComplete="new-password" {...register('newPassword')} />
            </FormField>
            <FormField label={t('password.confirm')} {...errors.field('confirm')}>
              <Input type="password" autoComplete="new-password" {...register('confirm')} />
            </FormField>
          </div>
          <Button type="submit" disabled={saving} className="self-start">
            {saving ? t('password.saving') : t('password.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
