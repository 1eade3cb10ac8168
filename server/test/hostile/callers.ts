import fc from 'fast-check';
import type { Kind } from './arbitraries';
import type { Body, Caller, Draft, Fixtures } from './request-types';

// ——— Callers, origins, addresses ———

export const anyone = fc.constantFrom<Caller>('visitor', 'forged', 'user', 'owner', 'moderator', 'super');
export const signedIn = fc.constantFrom<Caller>('user', 'owner', 'moderator', 'super');
export const staff = fc.constantFrom<Caller>('moderator', 'super');
export const nonStaff = fc.constantFrom<Caller>('user', 'owner');

/** Session cookies nobody was given: tampered signatures, junk, payloads, sizes and syntax. */
const forgedCookie = (f: Fixtures) =>
  fc.oneof(
    fc
      .constantFrom('A', 'B', '0', '%3D')
      .map((c) => `am.session_token=${f.owner.sessionToken.slice(0, -4)}${c.repeat(3)}x`),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,300}$/).map((value) => `am.session_token=${value}`),
    fc.constantFrom(
      "am.session_token=' OR 1=1 --",
      'am.session_token=<script>alert(1)</script>',
      'am.session_token=;;;',
      '=; am.session_token',
      'am.session_token="unterminated',
      `am.session_token=${'A'.repeat(8000)}`,
      'am.session_token=%00%ff%zz',
      'am.session_data=forged; am.session_token=x.y',
      `am.session_token=${f.owner.sessionToken.split('.')[0] ?? ''}`,
      'am.session_token=; am.session_token=; am.session_token=',
    ),
  );

/** A visitor, or somebody with a forged cookie; the defect says which. */
const unsignedCaller = (f: Fixtures) =>
  fc.oneof(
    fc.constant({
      caller: 'visitor' as Caller,
      headers: {} as Record<string, string>,
      defects: ['no-session'] as Kind[],
    }),
    forgedCookie(f).map((cookie) => ({
      caller: 'forged' as Caller,
      headers: { cookie },
      defects: ['forged-session'] as Kind[],
    })),
  );

/** A caller for requests whose defect lies elsewhere; forged callers get their cookie. */
export const withCaller = (f: Fixtures, callers: fc.Arbitrary<Caller>) =>
  fc.tuple(callers, forgedCookie(f)).map(([caller, cookie]) => ({
    caller,
    headers: caller === 'forged' ? { cookie } : ({} as Record<string, string>),
  }));

/** What browsers send from another site: a foreign Origin, or only Sec-Fetch-Site. */
const foreignOrigin = fc.oneof(
  fc
    .constantFrom(
      'https://evil.example',
      'http://localhost:3000.evil.example',
      'null',
      'http://localhost:3001',
      'https://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:3000/',
      'HTTP://LOCALHOST:3000',
      'http://localhost',
    )
    .map((origin) => ({ headers: { origin }, omitOrigin: false })),
  fc
    .constantFrom('cross-site', 'same-site')
    .map((site) => ({ headers: { 'sec-fetch-site': site }, omitOrigin: true })),
);

/**
 * Mostly distinct addresses (unbiased: fast-check's bias repeats small numbers), so that rate limits
 * stay out of the way of validation; a few hostile ones.
 */
export const ipArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.noBias(fc.ipV4()) },
  { weight: 2, arbitrary: fc.noBias(fc.ipV6()) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("' OR 1=1 --", '<script>', '198.51.100.1, 10.0.0.1', 'unknown', '::1', '999.999.1.1'),
        fc.noBias(fc.nat()),
      )
      // The number goes first, so the entries differ; behind one trusted proxy the last entry counts.
      .map(([text, n]) => `${n} ${text}`),
  },
);

export type Base = { path: string; body?: Body; extras?: boolean; method?: string };

/** The base request sent without a session (401 wherever a session is needed). */
export const noSession = (f: Fixtures, base: fc.Arbitrary<Base>) =>
  fc.tuple(base, unsignedCaller(f)).map(([b, who]): Draft => ({ ...b, ...who }));

/** The base request sent from another site (403 before anything is read). */
export const crossOrigin = (f: Fixtures, base: fc.Arbitrary<Base>, callers: fc.Arbitrary<Caller> = anyone) =>
  fc.tuple(base, withCaller(f, callers), foreignOrigin).map(
    ([b, who, origin]): Draft => ({
      ...b,
      caller: who.caller,
      headers: { ...who.headers, ...origin.headers },
      omitOrigin: origin.omitOrigin,
      defects: ['cross-origin'],
    }),
  );

/** The base request by somebody without the role the route needs (told it does not exist). */
export const wrongRole = (base: fc.Arbitrary<Base>, callers: fc.Arbitrary<Caller>) =>
  fc.tuple(base, callers).map(([b, caller]): Draft => ({ ...b, caller, defects: ['wrong-role'] }));
