import { numberLocale } from '@common/price';

/**
 * One formatter per language and kind, kept: building an Intl formatter costs far more than using one
 * (on a phone, a page of 24 cards spent most of its date time building them).
 */
function kept<T>(build: (language: string) => T): (language: string) => T {
  const byLanguage = new Map<string, T>();
  return (language) => {
    let formatter = byLanguage.get(language);
    if (!formatter) {
      formatter = build(language);
      byLanguage.set(language, formatter);
    }
    return formatter;
  };
}

// Romanian time, wherever the page is drawn: the server's HTML and the browser's hydration must write
// the same day and hour (docs/ARCHITECTURE.md, Rendering).
const TIME_ZONE = 'Europe/Bucharest';
const dayFormat = kept(
  (language) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: TIME_ZONE }),
);
const dayTimeFormat = kept(
  (language) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }),
);
const relativeFormat = kept((language) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
const numberFormat = kept((languageAndDecimals) => {
  const [language = 'ro', decimals = '0'] = languageAndDecimals.split('|');
  return new Intl.NumberFormat(numberLocale(language), {
    minimumFractionDigits: Number(decimals),
    maximumFractionDigits: Number(decimals),
  });
});
const monthFormat = kept(
  (language) => new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** "3.800" / "4,8" (ro), "3,800" / "4.8" (en): a number in the reader's way, with fixed decimals. */
export function formatNumber(value: number, language: string, decimals = 0): string {
  return numberFormat(`${language}|${decimals}`).format(value);
}

/** "martie 2026" / "March 2026": a month, as a calendar names it (the date is read in UTC). */
export function formatMonthOf(date: Date, language: string): string {
  return monthFormat(language).format(date);
}

/** "20 noiembrie 2026" / "20 November 2026": the day something happened, beside the relative time. */
export function formatDate(date: Date | string, language: string): string {
  return dayFormat(language).format(new Date(date));
}

/** "20 noiembrie 2026, 14:05": for tooltips, where the relative time alone is too vague. */
export function formatDateTime(date: Date | string, language: string): string {
  return dayTimeFormat(language).format(new Date(date));
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

let heldAt: number | null = null;

/**
 * Makes relative times count from a fixed moment (or from now again, with null): a page the server
 * rendered is hydrated with the times it was rendered at (web/main.tsx), until the first navigation.
 */
export function holdClockAt(time: number | null): void {
  heldAt = time;
}

let clock: () => number | null = () => heldAt;

/** Where the held moment comes from: the server reads each render's own (web/ssr/render.tsx). */
export function setClockSource(source: () => number | null): void {
  clock = source;
}

const clockNow = () => {
  const at = clock();
  return at === null ? new Date() : new Date(at);
};

/** "acum 3 zile" / "3 days ago": the largest whole unit from seconds through years. */
export function formatRelativeTime(date: Date | string, language: string, now: Date = clockNow()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const format = relativeFormat(language);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.trunc(seconds / size), unit);
    }
  }
  return format.format(0, 'second');
}
