import { COUNTIES, type CountyCode, countyName } from '@common/counties';
import type { TransferDealer } from '@common/schemas/handovers';
import { LoadError } from '@web/components/load-error';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTranslation } from '@web/lib/use-translation';
import { Store } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { feeText, offeredServices } from './dealer-fees';
import { useTransferDealers } from './handovers-api';

// The buyer's county, kept between ads and deals: they pick it once.
const STORAGE_KEY = 'armamarket:my-county';
const isCounty = (value: string | null): value is CountyCode =>
  COUNTIES.some((county) => county.code === value);

function readMyCounty(): CountyCode | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isCounty(stored) ? stored : null;
  } catch {
    // Storage blocked: the reader picks their county again next time.
    return null;
  }
}

function rememberMyCounty(county: CountyCode | null) {
  try {
    if (county) window.localStorage.setItem(STORAGE_KEY, county);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

type Props = {
  /** The ad's county: the seller's side. Null once the ad is gone. */
  sellerCounty: CountyCode | null;
  /** `buyer` (the ad page, the buyer's deal) picks their own county; `seller` picks the buyer's. */
  perspective?: 'buyer' | 'seller';
  /** The heading level where the list sits (2 on the ad page, 3 in a deal). */
  level?: 2 | 3;
};

/**
 * Issue 29: "Armurieri care intermediază transferul", the verified dealers offering inspection,
 * handover or keeping in the seller's county and the buyer's. The ad page is rendered on the server:
 * the list loads in the browser (the server draws the heading and a skeleton), and the remembered
 * county is read only after hydration, so the first render is the server's.
 */
export function TransferDealers({ sellerCounty, perspective = 'buyer', level = 2 }: Props) {
  const { t } = useTranslation('handovers');
  const id = useId();
  const [otherCounty, setOtherCounty] = useState<CountyCode | null>(null);
  const buyer = perspective === 'buyer';
  useEffect(() => {
    if (buyer) setOtherCounty(readMyCounty());
  }, [buyer]);

  const counties = [sellerCounty, otherCounty].filter(
    (county, at, all): county is CountyCode => county !== null && all.indexOf(county) === at,
  );
  const Heading = level === 2 ? 'h2' : 'h3';
  const GroupHeading = level === 2 ? 'h3' : 'h4';

  const choose = (value: string) => {
    const county = isCounty(value) ? value : null;
    setOtherCounty(county);
    // Only the reader's own county is remembered; a seller's guess at the buyer's is not theirs.
    if (buyer) rememberMyCounty(county);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 text-sm"
      data-testid="transfer-dealers"
    >
      <Heading id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        <Store className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {t('title')}
      </Heading>
      <p className="text-muted-foreground">{t('intro')}</p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-county`}>{t(buyer ? 'yourCounty' : 'buyerCounty')}</Label>
        <NativeSelect
          id={`${id}-county`}
          value={otherCounty ?? ''}
          onChange={(event) => choose(event.target.value)}
        >
          <option value="">{t('chooseCounty')}</option>
          {COUNTIES.map((county) => (
            <option key={county.code} value={county.code}>
              {county.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {counties.length === 0 ? (
        <p className="text-muted-foreground">{t('pickCounty')}</p>
      ) : (
        <DealerGroups counties={counties} GroupHeading={GroupHeading} />
      )}
    </section>
  );
}

function DealerGroups({ counties, GroupHeading }: { counties: CountyCode[]; GroupHeading: 'h3' | 'h4' }) {
  const { t } = useTranslation('handovers');
  const query = useTransferDealers(counties);
  if (query.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true" data-testid="transfer-dealers-loading">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (query.isError) return <LoadError compact message={t('loadError')} query={query} />;
  if (query.data.items.length === 0) return <p className="text-muted-foreground">{t('empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {counties.map((county) => {
        const dealers = query.data.items.filter((dealer) => dealer.county === county);
        return (
          <div key={county} className="flex flex-col gap-2">
            <GroupHeading className="font-semibold">{countyName(county)}</GroupHeading>
            {dealers.length === 0 ? (
              <p className="text-muted-foreground">{t('noneInCounty')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {dealers.map((dealer) => (
                  <DealerItem key={dealer.dealerId} dealer={dealer} />
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}

function DealerItem({ dealer }: { dealer: TransferDealer }) {
  const { t, i18n } = useTranslation('handovers');
  return (
    <li className="flex flex-col gap-1 rounded-md bg-muted/50 p-3" data-testid="transfer-dealer">
      <span className="font-medium break-words">{dealer.businessName}</span>
      <span className="break-words text-muted-foreground">{dealer.address}</span>
      <ul className="flex flex-col gap-0.5" aria-label={t('servicesLabel')}>
        {offeredServices(dealer.fees).map(({ service, fee }) => (
          <li key={service}>
            {t('serviceFee', { service: t(`services.${service}`), fee: feeText(t, fee, i18n.language) })}
          </li>
        ))}
      </ul>
    </li>
  );
}
