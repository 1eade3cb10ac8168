import type { AdInputParsed } from '@common/schemas/ads';
import { apiErrorText } from '@web/lib/api-error-text';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AdForm } from './ad-form';
import { useCreateAd } from './listings-api';
import { useRequireSignIn } from './use-require-sign-in';

export function PostAdPage() {
  const { t } = useTranslation('listings');
  const user = useRequireSignIn();
  const navigate = useNavigate();
  const createAd = useCreateAd();

  if (!user) return <p className="text-muted-foreground">{t('common.loading')}</p>;

  const submit = async (values: AdInputParsed) => {
    try {
      await createAd(values);
      toast.success(t('post.success'));
      navigate('/dashboard/listings');
    } catch (error) {
      toast.error(t('post.error'), {
        description: apiErrorText(t, error),
      });
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('post.title')}</h1>
        <p className="text-muted-foreground">{t('post.intro')}</p>
      </header>
      <AdForm submitLabel={t('post.submit')} busyLabel={t('post.submitting')} onSubmit={submit} />
    </div>
  );
}
