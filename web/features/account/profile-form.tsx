import { type Me, profileUpdateSchema } from '@common/schemas/auth';
import { LANGUAGES } from '@common/values';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { ME_QUERY_KEY } from '@web/lib/auth';
import { validateOrNotify } from '@web/lib/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { updateProfile } from './account-api';

type Values = { firstName: string; lastName: string; phone: string; address: string; locale: string };

export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit } = useForm<Values>({
    defaultValues: {
      firstName: me.profile.firstName,
      lastName: me.profile.lastName,
      phone: me.profile.phone ?? '',
      address: me.profile.address ?? '',
      locale: me.profile.locale,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const input = validateOrNotify(profileUpdateSchema, values, t);
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
            <div className="flex flex-col gap-2">
              <Label htmlFor="firstName">{t('profile.firstName')}</Label>
              <Input id="firstName" autoComplete="given-name" {...register('firstName')} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="lastName">{t('profile.lastName')}</Label>
              <Input id="lastName" autoComplete="family-name" {...register('lastName')} />
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="email">{t('profile.email')}</Label>
            <Input id="email" value={me.email} readOnly disabled />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="phone">{t('profile.phone')}</Label>
            <Input id="phone" type="tel" autoComplete="tel" {...register('phone')} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="address">{t('profile.address')}</Label>
            <Input id="address" autoComplete="street-address" {...register('address')} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="locale">{t('profile.mailLanguage')}</Label>
            <select
              id="locale"
              className="h-10 rounded-md border border-input bg-background px-3 text-base sm:text-sm"
              {...register('locale')}
            >
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng}>
                  {t(`common:languages.${lng}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={saving} className="self-start">
            {saving ? t('profile.saving') : t('profile.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
