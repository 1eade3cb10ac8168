import { type Me, profileUpdateSchema } from '@common/schemas/auth';
import { LANGUAGES } from '@common/values';
import { useQueryClient } from '@tanstack/react-query';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { ME_QUERY_KEY } from '@web/lib/auth';
import { useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { updateProfile } from './account-api';

type Values = {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  locale: string;
  priceDropAlerts: boolean;
};
const ORDER = ['firstName', 'lastName', 'phone', 'address', 'locale', 'priceDropAlerts'] as const;

export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const errors = useFormErrors<keyof Values | 'email'>();
  const { register, handleSubmit } = useForm<Values>({
    defaultValues: {
      firstName: me.profile.firstName,
      lastName: me.profile.lastName,
      phone: me.profile.phone ?? '',
      address: me.profile.address ?? '',
      locale: me.profile.locale,
      priceDropAlerts: me.profile.priceDropAlerts,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const input = errors.check(profileUpdateSchema, values, ORDER);
    if (!input) return;
    setSaving(true);
    try {
      queryClient.setQueryData(ME_QUERY_KEY, await updateProfile(input));
      toast.success(t('profile.saved'));
    } catch {
      toast.error(t('profile.failed'));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('profile.firstName')} {...errors.field('firstName')}>
              <Input autoComplete="given-name" {...register('firstName')} />
            </FormField>
            <FormField label={t('profile.lastName')} {...errors.field('lastName')}>
              <Input autoComplete="family-name" {...register('lastName')} />
            </FormField>
          </div>
          <FormField label={t('profile.email')} {...errors.field('email')}>
            <Input value={me.email} readOnly disabled />
          </FormField>
          <FormField label={t('profile.phone')} {...errors.field('phone')}>
            <Input type="tel" autoComplete="tel" {...register('phone')} />
          </FormField>
          <FormField label={t('profile.address')} {...errors.field('address')}>
            <Input autoComplete="street-address" {...register('address')} />
          </FormField>
          <FormField label={t('profile.mailLanguage')} {...errors.field('locale')}>
            <select
              className="h-10 rounded-md border border-input bg-background px-3 text-base sm:text-sm"
              {...register('locale')}
            >
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng}>
                  {t(`common:languages.${lng}`)}
                </option>
              ))}
            </select>
          </FormField>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              {...register('priceDropAlerts')}
            />
            <span>{t('profile.priceDropAlerts')}</span>
          </label>
          <Button type="submit" disabled={saving} className="self-start">
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
