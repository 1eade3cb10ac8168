import { deleteAccountSchema } from '@common/schemas/legal';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api';
import { apiErrorText } from '@web/lib/api-error-text';
import { useAuth } from '@web/lib/auth';
import { useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deleteAccount } from './account-data-api';

type Values = { password: string; code: string };

/**
 * Settings › "Șterge contul" (GDPR art. 17): says what goes and what stays, asks for the password and,
 * with two-factor on, a code; the server signs the account out at once and erases it in the background.
 */
export function DeleteAccountCard({ twoFactor }: { twoFactor: boolean }) {
  const { t } = useTranslation('account');
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors<keyof Values>();
  const { register, handleSubmit } = useForm<Values>({ defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const input = errors.check(
      deleteAccountSchema,
      { password: values.password, code: twoFactor ? values.code : undefined },
      ['password', 'code'],
    );
    if (!input) return;
    setBusy(true);
    try {
      await deleteAccount(input);
      // Home first: the dashboard would otherwise send a signed-out visitor to the sign-in page.
      navigate('/', { replace: true });
      // The server ended every session; the app forgets the account and whatever it had loaded.
      await signOut();
      toast.success(t('deleteAccount.done'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_password')
        errors.fail('password', 'passwordWrong');
      else if (error instanceof ApiError && (error.code === 'invalid_code' || error.status === 400))
        errors.fail('code', 'totpCode');
      else toast.error(t('common:common.error'), { description: apiErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card data-testid="delete-account-card" className="border-destructive/40">
      <CardHeader>
        <CardTitle>{t('deleteAccount.title')}</CardTitle>
        <CardDescription>{t('deleteAccount.intro')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="mb-4 flex list-disc flex-col gap-1 pl-5 text-sm">
          <li>{t('deleteAccount.gone')}</li>
          <li>{t('deleteAccount.ads')}</li>
          <li>{t('deleteAccount.messages')}</li>
          <li>{t('deleteAccount.kept')}</li>
          <li>{t('deleteAccount.email')}</li>
        </ul>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <FormField label={t('deleteAccount.password')} {...errors.field('password')}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          {twoFactor && (
            <FormField label={t('deleteAccount.code')} {...errors.field('code')}>
              <Input inputMode="numeric" autoComplete="one-time-code" {...register('code')} />
            </FormField>
          )}
          <Button type="submit" variant="destructive" disabled={busy} className="self-start">
            {busy ? t('deleteAccount.deleting') : t('deleteAccount.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
