import { formatPrice } from '@common/price';
import { DEALER_SERVICES, type DealerService, type DealerServiceFees } from '@common/schemas/handovers';
import type { TFunction } from 'i18next';

/** The services a dealer offers (a fee; 0 is free), in the schema's order; null fees are not offered. */
export function offeredServices(fees: DealerServiceFees): Array<{ service: DealerService; fee: number }> {
  return DEALER_SERVICES.flatMap((service) => {
    const fee = fees[service];
    return fee === null ? [] : [{ service, fee }];
  });
}

/** "150 RON", or "Gratuit" for 0 (`t` bound to the handovers catalog). */
export function feeText(t: TFunction<'handovers'>, fee: number, language: string): string {
  return fee === 0 ? t('free') : formatPrice(fee, language);
}
