import { CURRENCY, PRICE_LOCALE } from './values';

/** Romanian grouping ("3.900 RON") for Romanian readers, English ("RON 3,900") for English ones. */
const LOCALES: Record<string, string> = { ro: PRICE_LOCALE, en: 'en-GB' };

/** The locale numbers are written in for a reader's language: Romanian unless told otherwise. */
export const numberLocale = (language: string): string => LOCALES[language.slice(0, 2)] ?? PRICE_LOCALE;

const formats = new Map<string, { whole: Intl.NumberFormat; cents: Intl.NumberFormat }>();

function formatsFor(language: string) {
  const locale = numberLocale(language);
  let found = formats.get(locale);
  if (!found) {
    found = {
      whole: new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: CURRENCY,
        maximumFractionDigits: 0,
      }),
      cents: new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }),
    };
    formats.set(locale, found);
  }
  return found;
}

/**
 * Prices are always RON, grouped the way the reader's language writes numbers (Romanian unless
 * told otherwise); the bani show only when there are some ("3.900 RON", "7.450,50 RON").
 */
export function formatPrice(value: number, language = 'ro'): string {
  const whole = Math.round(value * 100) % 100 === 0;
  const { whole: wholeFormat, cents } = formatsFor(language);
  return (whole ? wholeFormat : cents).format(value);
}
