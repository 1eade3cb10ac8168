import { COUNTIES, countyName } from '@common/counties';
import { formatPrice } from '@common/price';
import {
  DEALER_ADDRESS_MAX,
  DEALER_SERVICES,
  type DealerService,
  dealerServicesInputSchema,
  type MyDealerServices,
} from '@common/schemas/handovers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { ApiError, refusedFieldPath } from '@web/lib/api';
import { apiErrorText } from '@web/lib/api-error-text';
import { useTranslation } from '@web/lib/use-translation';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { DEALER_SERVICES_QUERY_KEY, fetchDealerServices, saveDealerServices } from './account-api';

// Issue 29: a verified dealer offers transfer services (inspection, handover, keeping the weapon until
// the buyer's authorisation arrives), each with a fee; the deal's sides then ask them for a handover.

type Field = DealerService | 'county' | 'address';
/** The order on screen: the first field in error takes the focus. */
const ORDER: readonly Field[] = [...DEALER_SERVICES, 'county', 'address'];

type Offer = { offered: boolean; fee: string };
type Values = { county: string; address: string; offers: Record<DealerService, Offer> };
type Errors = Partial<Record<Field, string>>;

function initialValues(services: MyDealerServices['services']): Values {
  const offers = Object.fromEntries(
    DEALER_SERVICES.map((service) => {
      const fee = services?.fees[service] ?? null;
      return [service, { offered: fee !== null, fee: fee === null ? '' : String(fee) }];
    }),
  ) as Record<DealerService, Offer>;
  return { county: services?.county ?? '', address: services?.address ?? '', offers };
}

/** "1.500" or "1 500" as typed in Romania is 1500; an empty box is no number at all, not 0 (free). */
function feeOf(typed: string): number {
  const compact = typed.replace(/[\s.]/g, '').replace(',', '.');
  return compact === '' ? Number.NaN : Number(compact);
}

/** A schema issue's field: fees.inspection → inspection. */
const fieldOfPath = (path: readonly PropertyKey[]): Field | undefined =>
  ORDER.find((field) => field === path.at(-1));

/**
 * The field a 400 names: the API's `field` when it sends one, else the path it puts before its message
 * ("fees.handover: …"). The message itself is English, meant for logs, so the field says "invalid".
 */
function serverField(error: unknown): Field | undefined {
  const path = refusedFieldPath(error);
  return path ? fieldOfPath(path.split('.')) : undefined;
}

/** Settings › Servicii de transfer: shown to verified dealers only (the API says `eligible`). */
export function DealerServicesCard() {
  const { t } = useTranslation('account');
  const query = useQuery({ queryKey: DEALER_SERVICES_QUERY_KEY, queryFn: fetchDealerServices });
  // Most accounts are not dealers: while loading, on an error or when not eligible there is nothing to say.
  if (!query.data?.eligible) return null;
  return (
    <Card data-testid="dealer-services-card">
      <CardHeader>
        <CardTitle>{t('dealerServices.title')}</CardTitle>
        <CardDescription>{t('dealerServices.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Summary services={query.data.services} />
        <DealerServicesForm services={query.data.services} />
      </CardContent>
    </Card>
  );
}

function Summary({ services }: { services: MyDealerServices['services'] }) {
  const { t, i18n } = useTranslation('account');
  const offered = DEALER_SERVICES.flatMap((service) => {
    const fee = services?.fees[service] ?? null;
    if (fee === null) return [];
    const price = fee === 0 ? t('dealerServices.free') : formatPrice(fee, i18n.language);
    return [`${t(`dealerServices.services.${service}`)} (${price})`];
  });
  return (
    <p className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="dealer-services-summary">
      {services && offered.length > 0
        ? t('dealerServices.summary', {
            list: offered.join(', '),
            address: services.address,
            county: countyName(services.county) ?? services.county,
          })
        : t('dealerServices.summaryNone')}
    </p>
  );
}

function DealerServicesForm({ services }: { services: MyDealerServices['services'] }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => initialValues(services));
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const prefix = useId();
  const idOf = (field: Field) => `${prefix}-${field}`;

  const clear = (field: Field) => () => setErrors(({ [field]: _, ...rest }) => rest);
  const show = (found: Errors) => {
    setErrors(found);
    const first = ORDER.find((field) => found[field]);
    // A keyboard or screen reader user lands on the first field in error.
    if (first) document.getElementById(idOf(first))?.focus();
  };
  const setOffer = (service: DealerService, change: Partial<Offer>) =>
    setValues((current) => ({
      ...current,
      offers: { ...current.offers, [service]: { ...current.offers[service], ...change } },
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fees = Object.fromEntries(
      DEALER_SERVICES.map((service) => {
        const offer = values.offers[service];
        return [service, offer.offered ? feeOf(offer.fee) : null];
      }),
    );
    const parsed = dealerServicesInputSchema.safeParse({
      county: values.county,
      address: values.address,
      fees,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOfPath(issue.path) ?? 'address';
        found[field] ??= issue.message;
      }
      return show(found);
    }
    setErrors({});
    setSending(true);
    try {
      queryClient.setQueryData(DEALER_SERVICES_QUERY_KEY, await saveDealerServices(parsed.data));
      toast.success(t('dealerServices.saved'));
    } catch (error) {
      const field = serverField(error);
      if (field) show({ [field]: 'invalid' });
      if (error instanceof ApiError && error.status === 403) {
        // No longer a verified dealer: the card goes with the next answer.
        await queryClient.invalidateQueries({ queryKey: DEALER_SERVICES_QUERY_KEY });
        toast.error(t('dealerServices.notVerified'));
      } else {
        toast.error(apiErrorText(t, error) ?? t('dealerServices.failed'));
      }
    } finally {
      setSending(false);
    }
  };

  const message = (field: Field) => {
    const key = errors[field];
    return key ? t(`validation:${key}`, { defaultValue: t('validation:invalid') }) : undefined;
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      {DEALER_SERVICES.map((service) => {
        const offer = values.offers[service];
        return (
          <fieldset
            key={service}
            className="flex min-w-0 flex-col gap-3 rounded-md border p-3"
            data-testid={`dealer-service-${service}`}
          >
            <legend className="px-1 text-sm font-medium">{t(`dealerServices.services.${service}`)}</legend>
            <p className="text-xs text-muted-foreground">{t(`dealerServices.hints.${service}`)}</p>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                checked={offer.offered}
                onChange={(event) => {
                  setOffer(service, { offered: event.target.checked });
                  clear(service)();
                }}
              />
              <span>{t('dealerServices.offer')}</span>
            </label>
            {offer.offered && (
              <FormField
                id={idOf(service)}
                label={t('dealerServices.fee')}
                hint={t('dealerServices.feeHint')}
                error={message(service)}
                onEdit={clear(service)}
              >
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={12}
                  className="sm:max-w-40"
                  value={offer.fee}
                  onChange={(event) => setOffer(service, { fee: event.target.value })}
                />
              </FormField>
            )}
          </fieldset>
        );
      })}
      <FormField
        id={idOf('county')}
        label={t('dealerServices.county')}
        error={message('county')}
        onEdit={clear('county')}
      >
        <NativeSelect
          value={values.county}
          onChange={(event) => setValues((current) => ({ ...current, county: event.target.value }))}
        >
          <option value="">{t('dealerServices.countyPlaceholder')}</option>
          {COUNTIES.map((county) => (
            <option key={county.code} value={county.code}>
              {county.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id={idOf('address')}
        label={t('dealerServices.address')}
        hint={t('dealerServices.addressHint')}
        error={message('address')}
        onEdit={clear('address')}
      >
        <Input
          autoComplete="street-address"
          maxLength={DEALER_ADDRESS_MAX}
          value={values.address}
          onChange={(event) => setValues((current) => ({ ...current, address: event.target.value }))}
        />
      </FormField>
      <Button type="submit" disabled={sending} className="self-start">
        {sending ? t('dealerServices.saving') : t('dealerServices.save')}
      </Button>
    </form>
  );
}
