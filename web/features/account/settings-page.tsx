import { useAuth } from '@web/lib/auth';
import { useTranslation } from '@web/lib/use-translation';
import { DataExportCard } from './data-export-card';
import { DealerCard } from './dealer-card';
import { DealerServicesCard } from './dealer-services-card';
import { DeleteAccountCard } from './delete-account-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

export function SettingsPage() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h2 className="sr-only">{t('title')}</h2>
      <ProfileForm me={user} />
      <PasswordForm />
      <TwoFactorCard enabled={user.twoFactorEnabled} />
      <SessionsCard />
      <DealerCard />
      <DealerServicesCard />
      <DataExportCard />
      <DeleteAccountCard twoFactor={user.twoFactorEnabled} />
    </div>
  );
}
