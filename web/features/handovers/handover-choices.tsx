import type { DealerService, TransferDealer } from '@common/schemas/handovers';
import type { UseQueryResult } from '@tanstack/react-query';
import { FieldError } from '@web/components/form-field';
import { LoadError } from '@web/components/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import type { FieldState } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import type { ReactNode } from 'react';
import { feeText, offeredServices } from './dealer-fees';

// The two radio groups of the handover dialog: the dealer, then one of the services they offer.

/** A group of radios with its legend and its message; the fieldset takes the focus when in error. */
function RadioGroup({ field, legend, children }: { field: FieldState; legend: string; children: ReactNode }) {
  return (
    <fieldset
      id={field.id}
      tabIndex={-1}
      aria-describedby={field.error ? `${field.id}-error` : undefined}
      className="flex flex-col gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-ring"
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
      <FieldError id={`${field.id}-error`} error={field.error} />
    </fieldset>
  );
}

/** One radio as a card-sized tap target, its focus drawn around the whole card. */
function RadioCard({
  name,
  value,
  checked,
  onSelect,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect(): void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span className="flex min-w-0 flex-col gap-0.5">{children}</span>
    </label>
  );
}

export function DealerChoice({
  field,
  query,
  value,
  onChange,
}: {
  field: FieldState;
  query: UseQueryResult<{ items: TransferDealer[] }>;
  value: string;
  onChange(dealerId: string): void;
}) {
  const { t } = useTranslation('handovers');
  let body: ReactNode;
  if (query.isPending)
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  else if (query.isError) body = <LoadError compact message={t('loadError')} query={query} />;
  else if (query.data.items.length === 0)
    body = <p className="text-sm text-muted-foreground">{t('request.noDealers')}</p>;
  else
    body = query.data.items.map((dealer) => (
      <RadioCard
        key={dealer.dealerId}
        name={`${field.id}-radio`}
        value={dealer.dealerId}
        checked={value === dealer.dealerId}
        onSelect={() => {
          field.onEdit();
          onChange(dealer.dealerId);
        }}
      >
        <span className="font-medium break-words">{dealer.businessName}</span>{' '}
        {/* The space keeps the radio's accessible name "Name Address", not "NameAddress". */}
        <span className="break-words text-muted-foreground">{dealer.address}</span>
      </RadioCard>
    ));
  return (
    <RadioGroup field={field} legend={t('request.dealer')}>
      {body}
    </RadioGroup>
  );
}

export function ServiceChoice({
  field,
  dealer,
  value,
  onChange,
}: {
  field: FieldState;
  dealer: TransferDealer | undefined;
  value: string;
  onChange(service: DealerService): void;
}) {
  const { t, i18n } = useTranslation('handovers');
  return (
    <RadioGroup field={field} legend={t('request.service')}>
      {dealer ? (
        offeredServices(dealer.fees).map(({ service, fee }) => (
          <RadioCard
            key={service}
            name={`${field.id}-radio`}
            value={service}
            checked={value === service}
            onSelect={() => {
              field.onEdit();
              onChange(service);
            }}
          >
            {t('serviceFee', { service: t(`services.${service}`), fee: feeText(t, fee, i18n.language) })}
          </RadioCard>
        ))
      ) : (
        <p className="text-sm text-muted-foreground">{t('request.pickDealerFirst')}</p>
      )}
    </RadioGroup>
  );
}
