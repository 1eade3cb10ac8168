import type { AdDetail, AdInputParsed } from '@common/schemas/ads';
import { ACTIONS, type Action } from '@common/values';
import { LoadError, SessionLoadError } from '@web/components/load-error';
import { apiErrorText } from '@web/lib/api-error-text';
import { useAuth } from '@web/lib/auth';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { AdForm } from './ad-form';
import { isAdNotFound, useAd, useUpdateAd } from './listings-api';
import { useRequireSignIn } from './use-require-sign-in';

const DASHBOARD_LISTINGS = '/dashboard/listings';

const isAction = (value: string | null): value is Action =>
  (ACTIONS as readonly (string | null)[]).includes(value);

export function EditAdPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('listings');
  const navigate = useNavigate();
  const user = useRequireSignIn();
  const session = useAuth();
  const query = useAd(id, { enabled: Boolean(user), fresh: true });
  const updateAd = useUpdateAd(id);
  // The form starts from one fresh copy of the ad; later refetches must not reset what the user typed.
  const [ad, setAd] = useState<AdDetail | null>(null);

  const notFound = query.isError && isAdNotFound(query.error);
  const notAllowed = query.data !== undefined && !query.isFetching && !query.data.can.edit;

  useEffect(() => {
    if (!ad && query.data && !query.isFetching && query.data.can.edit) setAd(query.data);
  }, [ad, query.data, query.isFetching]);

  useEffect(() => {
    if (notFound) {
      toast.error(t('edit.notFound'), { id: 'listings-edit-denied' });
      navigate(DASHBOARD_LISTINGS, { replace: true });
    } else if (notAllowed && !ad) {
      toast.error(t('edit.notAllowed'), { id: 'listings-edit-denied' });
      navigate(DASHBOARD_LISTINGS, { replace: true });
    }
  }, [notFound, notAllowed, ad, navigate, t]);

  if (session.failed) return <SessionLoadError query={session.sessionQuery} />;
  if (query.isError && !notFound) {
    return <LoadError message={t('edit.loadError')} query={query} />;
  }
  if (!user || !ad) return <p className="text-muted-foreground">{t('common.loading')}</p>;

  const submit = async (values: AdInputParsed) => {
    try {
      await updateAd(values);
      toast.success(t('edit.success'));
      navigate(DASHBOARD_LISTINGS);
    } catch (error) {
      toast.error(t('edit.error'), {
        description: apiErrorText(t, error),
      });
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('edit.title')}</h1>
        <p className="break-words text-muted-foreground">{ad.title}</p>
      </header>
      <AdForm
        defaultValues={{
          title: ad.title,
          description: ad.description,
          category: ad.category,
          subcategory: ad.subcategory,
          condition: ad.condition,
          price: ad.price,
          // An ad from before counties were data may have none: the seller must choose one.
          county: ad.county ?? undefined,
          location: ad.location,
          brand: ad.brand ?? '',
          model: ad.model ?? '',
          caliber: ad.caliber ?? '',
          action: isAction(ad.action) ? ad.action : '',
          barrelLength: ad.barrelLength ?? '',
          capacity: ad.capacity ?? '',
          // The declaration is ticked again on every submission; only the category carries over.
          legalCategory: ad.legalCategory === 'not-a-weapon' ? null : ad.legalCategory,
          declaration: false,
        }}
        initialImages={ad.images}
        labelNewAsNew
        submitLabel={t('edit.save')}
        busyLabel={t('edit.saving')}
        notice={
          ad.status === 'approved' ? (
            <p
              className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="review-notice"
            >
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('edit.reviewNotice')}
            </p>
          ) : undefined
        }
        onSubmit={submit}
      />
    </div>
  );
}
