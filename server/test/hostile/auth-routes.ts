import fc from 'fast-check';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/limits';
import { type Field, fittedText } from './arbitraries';
import { junkToken, resetLinkVariants, verifyEmailVariants } from './auth-links';
import { anyone, type Base, crossOrigin, noSession, signedIn, withCaller } from './callers';
import { jsonBase, jsonDefects } from './json-bodies';
import type { Caller, Draft, Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';
import { wrongPathOrMethod } from './routes-without-input';
import {
  BACKUP_CODE_FIELDS,
  CHANGE_PASSWORD_FIELDS,
  EMAIL_FIELDS,
  PASSWORD_CONFIRM_FIELDS,
  RESET_FIELDS,
  SIGN_IN_FIELDS,
  SIGN_UP_FIELDS,
  TOTP_FIELDS,
} from './schema-fields';

/** A better-auth endpoint with a JSON body checked by our schema first. */
function authJsonRoute(
  endpoint: string,
  fields: Field[],
  options: {
    runs: number;
    callers: fc.Arbitrary<Caller>;
    /** better-auth refuses visitors (401) even when the body is right. */
    sessionNeeded?: boolean;
    base?: (f: Fixtures) => fc.Arbitrary<Base>;
    /** Defects past our schema, which better-auth itself refuses. */
    extra?: (f: Fixtures, path: string) => fc.Arbitrary<Draft>[];
  },
): Record<string, RouteSpec> {
  const path = `/api/auth${endpoint}`;
  return {
    [`POST ${path}`]: {
      group: 'auth',
      runs: options.runs,
      variants: (f) => {
        const base = options.base?.(f) ?? jsonBase(f, fc.constant(path), fields);
        return [
          ...jsonDefects(f, { fields, path: fc.constant(path), callers: options.callers }),
          ...(options.sessionNeeded ? [noSession(f, base)] : []),
          crossOrigin(f, base),
          ...(options.extra?.(f, path) ?? []),
        ];
      },
    },
  };
}

export const AUTH_ROUTES: Record<string, RouteSpec> = {
  // ——— better-auth behind the allowlist ———
  'GET /api/auth/get-session': {
    group: 'auth',
    runs: 120,
    variants: (f) => wrongPathOrMethod(f, '/api/auth/get-session'),
  },
  'GET /api/auth/verify-email': { group: 'auth', runs: 250, variants: verifyEmailVariants },
  'GET /api/auth/reset-password/:token': { group: 'auth', runs: 150, variants: resetLinkVariants },
  'POST /api/auth/sign-out': {
    group: 'auth',
    runs: 120,
    variants: (f) => [
      crossOrigin(f, fc.constant({ path: '/api/auth/sign-out', body: { type: 'json', value: {} } })),
    ],
  },
  ...authJsonRoute('/sign-up/email', SIGN_UP_FIELDS, { runs: 450, callers: anyone }),
  ...authJsonRoute('/sign-in/email', SIGN_IN_FIELDS, {
    runs: 400,
    callers: anyone,
    // From another site, even the right password must not sign anybody in.
    base: (f) =>
      fc.constant({
        path: '/api/auth/sign-in/email',
        body: { type: 'json', value: { email: f.owner.email, password: f.owner.password } },
      }),
  }),
  ...authJsonRoute('/send-verification-email', EMAIL_FIELDS, { runs: 200, callers: anyone }),
  ...authJsonRoute('/request-password-reset', EMAIL_FIELDS, {
    runs: 200,
    callers: anyone,
    base: (f) =>
      fc.constant({
        path: '/api/auth/request-password-reset',
        body: { type: 'json', value: { email: f.owner.email } },
      }),
  }),
  ...authJsonRoute('/reset-password', RESET_FIELDS, {
    runs: 250,
    callers: anyone,
    // A well-formed body with a token nobody was sent: better-auth's "invalid token".
    extra: (f, path) => [
      fc
        .tuple(
          fc.oneof(junkToken, fc.constantFrom('ab\u0000cd', '\u0000')),
          fittedText(PASSWORD_MIN, PASSWORD_MAX),
          withCaller(f, anyone),
        )
        .map(
          ([token, newPassword, who]): Draft => ({
            path,
            ...who,
            body: { type: 'json', value: { token, newPassword } },
            defects: ['bad-token'],
          }),
        ),
    ],
  }),
  ...authJsonRoute('/change-password', CHANGE_PASSWORD_FIELDS, {
    runs: 250,
    callers: signedIn,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/enable', PASSWORD_CONFIRM_FIELDS, {
    runs: 150,
    callers: signedIn,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/disable', PASSWORD_CONFIRM_FIELDS, {
    runs: 150,
    callers: signedIn,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/generate-backup-codes', PASSWORD_CONFIRM_FIELDS, {
    runs: 150,
    callers: signedIn,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/verify-totp', TOTP_FIELDS, {
    runs: 200,
    callers: anyone,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/verify-backup-code', BACKUP_CODE_FIELDS, {
    runs: 200,
    callers: anyone,
    sessionNeeded: true,
  }),
};
