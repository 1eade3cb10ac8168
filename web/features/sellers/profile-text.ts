import { formatMonthOf } from '@web/lib/format';

/** How a typical reply time reads to a buyer: a rough bucket, not minutes to the decimal. */
export type ReplyBucket = 'minutes' | 'hour' | 'hours' | 'day' | 'days';

export function replyBucket(medianMinutes: number): ReplyBucket {
  if (medianMinutes < 15) return 'minutes';
  if (medianMinutes <= 60) return 'hour';
  if (medianMinutes <= 6 * 60) return 'hours';
  if (medianMinutes <= 24 * 60) return 'day';
  return 'days';
}

/** "martie 2026" / "March 2026" from the API's "2026-03". */
export function formatMonth(yearMonth: string, language: string): string {
  const [year, month] = yearMonth.split('-').map(Number);
  if (!year || !month) return yearMonth;
  return formatMonthOf(new Date(Date.UTC(year, month - 1, 15)), language);
}
