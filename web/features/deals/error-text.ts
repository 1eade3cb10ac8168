import { ApiError, refusedFieldPath } from '@web/lib/api';
import { apiErrorText } from '@web/lib/api-error-text';
import type { TFunction } from 'i18next';

/** The refusals of the deals routes that say something to the reader (their codes, issue 28). */
const KNOWN = [
  'offer_open',
  'offer_expired',
  'ad_not_available',
  'invalid_transition',
  'already_rated',
  'already_replied',
  'rating_window_over',
  'deal_not_confirmed',
] as const;

/** The words for a failed deal step: its own refusal, a field the server refused, or the usual text. */
export function dealErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const code = KNOWN.find((known) => known === error.code);
    if (code) return t(`deals:errors.${code}`);
    const field = refusedFieldPath(error);
    if (field === 'amount' || field === 'price' || field === 'buyerId') return t(`deals:errors.${field}`);
  }
  return apiErrorText(t, error) ?? t('common:common.error');
}
