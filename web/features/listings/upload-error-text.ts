import type { ApiError } from '@web/lib/api';
import { apiErrorText } from '@web/lib/api-error-text';
import type { TFunction } from 'i18next';

/**
 * The reader's words for a refused upload: the image checks' codes (server/images/process-image.ts)
 * by name, then what every API call can answer (rate limit, outage), and a plain "could not upload"
 * for the rest, since the API's own messages are English.
 */
export function uploadErrorText(t: TFunction, error: ApiError): string {
  switch (error.code) {
    case 'not_an_image':
      return t('listings:images.errors.notAnImage');
    case 'unsupported_format':
      return t('listings:images.errors.unsupportedFormat');
    case 'too_large':
      return t('listings:images.errors.tooLarge');
    case 'too_many_pixels':
      return t('listings:images.errors.tooManyPixels');
    case 'corrupt':
      return t('listings:images.errors.corrupt');
    case 'hidden_data':
      return t('listings:images.errors.hiddenData');
  }
  return apiErrorText(t, error) ?? t('listings:images.errors.other');
}
