import fc from 'fast-check';
import {
  encodeSegment,
  HTML_PAYLOADS,
  type Kind,
  SQL_PAYLOADS,
  withControlCharacter,
  withoutControls,
} from './arbitraries';
import { anyone, withCaller } from './callers';
import { noiseParams, type Param, queryString } from './query-strings';
import type { Draft, Fixtures } from './request-types';

// ——— Auth links ———

const foreignCallback = fc.constantFrom(
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  'http://localhost:3000.evil.example/auth/verified',
  '/auth/../../x',
  '',
  ' /auth/verified',
  'data:text/html,<script>alert(1)</script>',
);

/** Tokens nobody was sent, without control characters (which the token's own check refuses first). */
export const junkToken = fc.oneof(
  fc
    .string({ unit: 'binary-ascii', minLength: 1, maxLength: 80 })
    .map((text) => withoutControls(text))
    .filter((text) => text.length > 0),
  fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS),
  fc
    .tuple(fc.base64String({ minLength: 8, maxLength: 40 }), fc.base64String({ minLength: 8, maxLength: 40 }))
    .map(([a, b]) => `eyJhbGciOiJIUzI1NiJ9.${a}.${b}`),
);

export function verifyEmailVariants(f: Fixtures): fc.Arbitrary<Draft>[] {
  const path = '/api/auth/verify-email';
  const who = withCaller(f, anyone);
  const draft = (params: Param[], defects: Kind[], field?: string) =>
    fc.tuple(who, noiseParams(f)).map(
      ([w, noise]): Draft => ({
        path: `${path}${queryString([...params, ...noise])}`,
        ...w,
        defects,
        field,
        extras: noise.length > 0,
      }),
    );
  return [
    fc
      .constantFrom<Param[]>([], [['callbackURL', '/auth/verified']])
      .chain((params) => draft(params, ['missing-field'], 'token')),
    fc
      .integer({ min: 2001, max: 5000 })
      .chain((n) => draft([['token', 'e'.repeat(n)]], ['long-string'], 'token')),
    draft([['token', '']], ['out-of-range'], 'token'),
    withControlCharacter(1, 200).chain((token) => draft([['token', token]], ['control-char'], 'token')),
    fc.tuple(junkToken, foreignCallback).chain(([token, cb]) =>
      draft(
        [
          ['token', token],
          ['callbackURL', cb],
        ],
        ['bad-callback'],
        'callbackURL',
      ),
    ),
    // Without a callback, better-auth itself answers a bad token with 401 (with one, it redirects by design).
    junkToken.chain((token) => draft([['token', token]], ['bad-token'])),
    junkToken.chain((token) =>
      draft(
        [
          ['token', token],
          ['token', token],
        ],
        ['bad-query'],
      ),
    ),
    junkToken.chain((token) =>
      draft(
        [
          ['token', token],
          ['callbackURL', '/auth/verified'],
          ['callbackURL', 'https://evil.example'],
        ],
        ['bad-query', 'bad-callback'],
      ),
    ),
  ];
}

export function resetLinkVariants(f: Fixtures): fc.Arbitrary<Draft>[] {
  const who = withCaller(f, anyone);
  const token = junkToken.map(encodeSegment);
  const draft = (params: Param[], defects: Kind[], field?: string) =>
    fc.tuple(who, token, noiseParams(f)).map(
      ([w, t, noise]): Draft => ({
        path: `/api/auth/reset-password/${t}${queryString([...params, ...noise])}`,
        ...w,
        defects,
        field,
        extras: noise.length > 0,
      }),
    );
  return [
    draft([], ['missing-field'], 'callbackURL'),
    foreignCallback.chain((cb) => draft([['callbackURL', cb]], ['bad-callback'], 'callbackURL')),
    draft(
      [
        ['callbackURL', '/auth/reset-password'],
        ['callbackURL', '//evil.example'],
      ],
      ['bad-query', 'bad-callback'],
    ),
  ];
}
