import { ApiError } from '@web/lib/api';
import { createTestI18n } from '@web/test/i18n';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/listings.json';
import ro from '../../public/locales/ro/listings.json';
import { uploadErrorText } from './upload-error-text';

const refusal = (status: number, code: string) => new ApiError(status, code, `English text for ${code}`);

describe('uploadErrorText', () => {
  it('names each refusal of the image checks in the reader’s language', () => {
    const t = createTestI18n('ro').t;
    expect(uploadErrorText(t, refusal(422, 'hidden_data'))).toBe(
      'Fișierul conține date ascunse după imagine și a fost refuzat.',
    );
    const codes = {
      not_an_image: 'notAnImage',
      unsupported_format: 'unsupportedFormat',
      too_large: 'tooLarge',
      too_many_pixels: 'tooManyPixels',
      corrupt: 'corrupt',
      hidden_data: 'hiddenData',
    } as const;
    for (const [code, key] of Object.entries(codes)) {
      expect(uploadErrorText(t, refusal(422, code))).toBe(ro.images.errors[key]);
    }
    expect(uploadErrorText(createTestI18n('en').t, refusal(422, 'hidden_data'))).toBe(
      en.images.errors.hiddenData,
    );
  });

  it('says what any API call can answer, and never shows the API’s English', () => {
    const t = createTestI18n('en').t;
    expect(uploadErrorText(t, new ApiError(429, 'rate_limited', 'Too many attempts.', 30))).toBe(
      'Too many attempts in a short time. Try again in 30 seconds.',
    );
    expect(uploadErrorText(t, refusal(401, 'unauthorized'))).toBe(en.images.errors.other);
    expect(uploadErrorText(t, refusal(418, 'teapot'))).toBe(en.images.errors.other);
  });
});
