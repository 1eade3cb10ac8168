import { CURRENCY, PRICE_LOCALE } from '@common/values';

const priceFormat = new Intl.NumberFormat(PRICE_LOCALE, { style: 'currency', currency: CURRENCY });

/** Prices are always RON in the Romanian format, whatever the interface language. */
export function formatPrice(value: number): string {
  return priceFormat.format(value);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "acum 3 zile" / "3 days ago": the largest whole unit from seconds through years. */
export function formatRelativeTime(date: Date | string, language: string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.trunc(seconds / size), unit);
    }
  }
  return format.format(0, 'second');
}
