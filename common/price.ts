import { CURRENCY, PRICE_LOCALE } from './values';

const wholePrice = new Intl.NumberFormat(PRICE_LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  maximumFractionDigits: 0,
});
const centsPrice = new Intl.NumberFormat(PRICE_LOCALE, { style: 'currency', currency: CURRENCY });

/**
 * Prices are always RON in the Romanian format, whatever the interface language; the bani show only
 * when there are some ("3.900 RON", "7.450,50 RON").
 */
export function formatPrice(value: number): string {
  const whole = Math.round(value * 100) % 100 === 0;
  return (whole ? wholePrice : centsPrice).format(value);
}
