import type { TFunction } from 'i18next';
import { ApiError } from './api';

/**
 * The words for a failed API call in the reader's language. The API's own messages are English
 * (meant for developers and logs), so the UI shows them only through this mapping of error codes.
 * Returns undefined when there is nothing more useful to say than the caller's own title.
 */
export function apiErrorText(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 0) return t('common:apiErrors.network');
  if (error.code === 'rate_limited') return rateLimitText(t, error.retryAfter ?? 60);
  // The app was opened at another address than the one it is configured for (127.0.0.1 for localhost).
  if (error.code === 'cross_origin' && error.publicUrl) {
    return t('common:apiErrors.wrongOrigin', { url: error.publicUrl });
  }
  if (error.code === 'database_unavailable' || error.status === 503) return t('common:apiErrors.unavailable');
  if (error.code === 'validation_error') return t('common:apiErrors.invalid');
  if (error.status === 404) return t('common:apiErrors.notFound');
  if (error.status === 413) return t('common:apiErrors.tooLarge');
  if (error.status >= 500) return t('common:apiErrors.server');
  return undefined;
}

/** Limits last from minutes to a day: past two minutes the wait reads better in whole minutes. */
function rateLimitText(t: TFunction, seconds: number): string {
  if (seconds < 120) return t('common:apiErrors.rateLimited', { count: seconds });
  return t('common:apiErrors.rateLimitedMinutes', { count: Math.ceil(seconds / 60) });
}
