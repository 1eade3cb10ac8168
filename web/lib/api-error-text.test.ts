import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../public/locales/en/common.json';
import ro from '../public/locales/ro/common.json';
import { ApiError } from './api';
import { apiErrorText } from './api-error-text';
import { authErrorMessage } from './auth-errors';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { common: en } }, interpolation: { escapeValue: false } });
const t = i18n.t;

describe('apiErrorText', () => {
  it('translates a rate limit with its wait from Retry-After', () => {
    expect(apiErrorText(t, new ApiError(429, 'rate_limited', 'Too many attempts.', 42))).toBe(
      'Too many attempts in a short time. Try again in 42 seconds.',
    );
    expect(apiErrorText(t, new ApiError(429, 'rate_limited', 'Too many attempts.', 3600))).toBe(
      'Too many attempts in a short time. Try again in 60 minutes.',
    );
  });

  it('speaks Romanian plurals for the wait', async () => {
    const i18nRo = i18next.createInstance();
    await i18nRo.init({
      lng: 'ro',
      resources: { ro: { common: ro } },
      interpolation: { escapeValue: false },
    });
    const wait = (seconds: number) =>
      apiErrorText(i18nRo.t, new ApiError(429, 'rate_limited', 'Too many attempts.', seconds))?.split(
        'peste ',
      )[1];
    expect([1, 5, 42, 90, 600, 3600].map(wait)).toEqual([
      'o secundă.',
      '5 secunde.',
      '42 de secunde.',
      '90 de secunde.',
      '10 minute.',
      '60 de minute.',
    ]);
  });

  it('names an outage, a lost connection and a server failure in the reader’s words', () => {
    expect(apiErrorText(t, new ApiError(503, 'database_unavailable', 'The database does not answer'))).toBe(
      en.apiErrors.unavailable,
    );
    expect(apiErrorText(t, new ApiError(0, 'network_error', 'Network error'))).toBe(en.apiErrors.network);
    expect(apiErrorText(t, new ApiError(500, 'internal_error', 'Something went wrong'))).toBe(
      en.apiErrors.server,
    );
  });

  it('points to the configured address when the app was opened at another one', async () => {
    const i18nRo = i18next.createInstance();
    await i18nRo.init({
      lng: 'ro',
      resources: { ro: { common: ro } },
      interpolation: { escapeValue: false },
    });
    const refused = new ApiError(
      403,
      'cross_origin',
      'Requests from other sites…',
      undefined,
      'http://localhost:3000',
    );
    expect(apiErrorText(i18nRo.t, refused)).toBe('Deschide site-ul la http://localhost:3000');
    expect(apiErrorText(t, refused)).toBe('Open the site at http://localhost:3000');
    expect(authErrorMessage(refused, i18nRo.t)).toBe('Deschide site-ul la http://localhost:3000');
  });

  it('never passes the API’s English text through', () => {
    expect(apiErrorText(t, new ApiError(400, 'validation_error', 'title: Title must be...'))).toBe(
      en.apiErrors.invalid,
    );
    expect(apiErrorText(t, new Error('boom'))).toBeUndefined();
  });
});
