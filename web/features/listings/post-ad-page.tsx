import type { AdDetail, AdInputParsed } from '@common/schemas/ads';
import { SessionLoadError } from '@web/components/load-error';
import { apiErrorText } from '@web/lib/api-error-text';
import { useAuth } from '@web/lib/auth';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { toast } from 'sonner';
import { AdForm } from './ad-form';
import { useCreateAd } from './listings-api';
import { SubmittedPanel } from './submitted-panel';
import { useRequireSignIn } from './use-require-sign-in';

export function PostAdPage() {
  const { t } = useTranslation('listings');
  const user = useRequireSignIn();
  const createAd = useCreateAd();
  const { failed, sessionQuery } = useAuth();
  // Issue 12: once sent, the page says what happens next instead of moving on at once.
  const [submitted, setSubmitted] = useState<AdDetail | null>(null);

  if (failed) return <SessionLoadError query={sessionQuery} />;
  if (!user) return <p className="text-muted-foreground">{t('common.loading')}</p>;
  if (submitted) return <SubmittedPanel ad={submitted} onPostAnother={() => setSubmitted(null)} />;

  const submit = async (values: AdInputParsed) => {
    try {
      setSubmitted(await createAd(values));
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
