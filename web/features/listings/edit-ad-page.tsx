import {
  type AdValues,
  adValuesOf,
  changedFields,
  type EditOutcome,
  editOutcome,
  weaponIdentityChanged,
} from '@common/ad-edit';
import { isWeaponCategory } from '@common/legal';
import type { AdDetail, AdInput, AdInputParsed } from '@common/schemas/ads';
import { adEditSchema } from '@common/schemas/ads';
import { ACTIONS, type Action } from '@common/values';
import { LoadError, SessionLoadError } from '@web/components/load-error';
import { apiErrorText } from '@web/lib/api-error-text';
import { useAuth } from '@web/lib/auth';
import { useTranslation } from '@web/lib/use-translation';
import { Info, MessageSquareWarning } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { AdForm } from './ad-form';
import { isAdNotFound, useAd, useUpdateAd } from './listings-api';
import { useRequireSignIn } from './use-require-sign-in';

const DASHBOARD_LISTINGS = '/dashboard/listings';

const isAction = (value: string | null): value is Action =>
  (ACTIONS as readonly (string | null)[]).includes(value);

/** The public version's values, as the server compares an edit with them (common/ad-edit.ts). */
const publicValues = (ad: AdDetail): AdValues => ({
  title: ad.title,
  description: ad.description,
  category: ad.category,
  subcategory: ad.subcategory,
  condition: ad.condition,
  price: ad.price,
  county: ad.county,
  location: ad.location,
  brand: ad.brand,
  model: ad.model,
  caliber: ad.caliber,
  action: ad.action,
  barrelLength: ad.barrelLength,
  capacity: ad.capacity,
  legalCategory: ad.legalCategory,
});

/** What the seller edits: their waiting edit if there is one (issue 26), else the ad as it is. */
const editedVersion = (ad: AdDetail) =>
  ad.revision
    ? { values: ad.revision.values as AdValues, images: ad.revision.images }
    : { values: publicValues(ad), images: ad.images };

/** The moderator's note the seller is answering (issue 26, item 20), if any. */
function moderatorReason(ad: AdDetail): string | null {
  if (ad.revision) return ad.revision.status === 'needs_changes' ? ad.revision.moderationReason : null;
  return ad.status === 'needs_changes' || ad.status === 'rejected' ? ad.moderationReason : null;
}

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
      const saved = await updateAd(values);
      toast.success(t(`edit.saved.${saved.editOutcome}`));
      navigate(DASHBOARD_LISTINGS);
    } catch (error) {
      toast.error(t('edit.error'), {
        description: apiErrorText(t, error),
      });
    }
  };

  return <EditAdForm ad={ad} onSubmit={submit} />;
}

function EditAdForm({ ad, onSubmit }: { ad: AdDetail; onSubmit(values: AdInputParsed): Promise<void> }) {
  const { t } = useTranslation('listings');
  const edited = editedVersion(ad);
  const declared = edited.values;
  // The declaration on record stays given while the edit keeps what the weapon is; the server checks too.
  const schema = useMemo(
    () =>
      adEditSchema.superRefine((values, ctx) => {
        const changed = weaponIdentityChanged(declared, adValuesOf(values));
        if (isWeaponCategory(values.category) && changed && values.declaration !== true) {
          ctx.addIssue({ code: 'custom', path: ['declaration'], message: 'declarationRequired' });
        }
      }),
    [declared],
  );
  const reason = moderatorReason(ad);
  const { values } = edited;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('edit.title')}</h1>
        <p className="break-words text-muted-foreground">{ad.title}</p>
      </header>
      {reason && (
        <section
          aria-labelledby="moderator-reason-heading"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          data-testid="moderator-reason"
        >
          <MessageSquareWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <h2 id="moderator-reason-heading" className="font-semibold">
              {t('edit.moderatorReason')}
            </h2>
            <p className="whitespace-pre-line break-words">{reason}</p>
          </div>
        </section>
      )}
      {ad.revision?.status === 'pending' && (
        <p className="text-sm text-muted-foreground" data-testid="revision-waiting">
          {t('edit.revisionWaiting')}
        </p>
      )}
      <AdForm
        defaultValues={{
          title: values.title,
          description: values.description,
          category: values.category as AdInput['category'],
          subcategory: values.subcategory,
          condition: values.condition as AdInput['condition'],
          price: values.price,
          // An ad from before counties were data may have none: the seller must choose one.
          county: (values.county ?? undefined) as AdInput['county'],
          location: values.location,
          brand: values.brand ?? '',
          model: values.model ?? '',
          caliber: values.caliber ?? '',
          action: isAction(values.action) ? values.action : '',
          barrelLength: values.barrelLength ?? '',
          capacity: values.capacity ?? '',
          legalCategory: (values.legalCategory === 'not-a-weapon'
            ? null
            : values.legalCategory) as AdInput['legalCategory'],
          // Ticked again only when the edit changes what the weapon is (the notice says so).
          declaration: false,
        }}
        initialImages={edited.images}
        labelNewAsNew
        submitLabel={t('edit.save')}
        busyLabel={t('edit.saving')}
        schema={schema}
        notice={(typed, imageIds) => (
          <EditNotice ad={ad} declared={declared} typed={typed} imageIds={imageIds} />
        )}
        onSubmit={onSubmit}
      />
    </div>
  );
}

/** What saving will do, worked out as the server will (issue 26): said before the seller saves. */
function EditNotice({
  ad,
  declared,
  typed,
  imageIds,
}: {
  ad: AdDetail;
  declared: AdValues;
  typed: AdInput;
  imageIds: readonly string[];
}) {
  const { t } = useTranslation('listings');
  const parsed = adEditSchema.safeParse(typed);
  let outcome: EditOutcome = ad.status === 'approved' ? 'review' : 'resubmit';
  let declaration: 'kept' | 'again' | null = null;
  if (parsed.success) {
    const after = adValuesOf(parsed.data);
    const before = { ...publicValues(ad), imageIds: ad.images.map((image) => image.id) };
    outcome = editOutcome(ad.status, changedFields(before, { ...after, imageIds }), before, after);
    if (isWeaponCategory(after.category)) {
      declaration = weaponIdentityChanged(declared, after) ? 'again' : 'kept';
    }
  }
  return (
    <div
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="review-notice"
      data-outcome={outcome}
      aria-live="polite"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p>{t(`edit.outcome.${outcome}`)}</p>
        {declaration && (
          <p data-testid="declaration-state">
            {t(declaration === 'kept' ? 'edit.declarationKept' : 'edit.declarationAgain')}
          </p>
        )}
      </div>
    </div>
  );
}
