import type { TFunction } from 'i18next';
import { ApiError } from './api';
import { apiErrorText } from './api-error-text';

const KNOWN: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'errors.invalidCredentials',
  EMAIL_NOT_VERIFIED: 'errors.emailNotVerified',
  ACCOUNT_DEACTIVATED: 'errors.deactivated',
  INVALID_TOKEN: 'errors.invalidToken',
  TOKEN_EXPIRED: 'errors.expiredToken',
  INVALID_CODE: 'errors.invalidCode',
  INVALID_TWO_FACTOR_CODE: 'errors.invalidCode',
  INVALID_BACKUP_CODE: 'errors.invalidCode',
  INVALID_PASSWORD: 'errors.invalidPassword',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'errors.tooManyAttempts',
  invalid_email_code: 'errors.invalidEmailCode',
  two_factor_required: 'errors.twoFactorRequired',
  cross_origin: 'errors.generic',
};

/** The user's words for an auth failure; the server's English is the last resort. */
export function authErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('auth:errors.network');
  if (error.code === 'rate_limited' || error.code === 'cross_origin') {
    return apiErrorText(t, error) ?? t('auth:errors.generic');
  }
  if (error.code === 'validation_error') return t('auth:errors.generic');
  const key = KNOWN[error.code];
  return key ? t(`auth:${key}`) : error.message || t('auth:errors.generic');
}
