import fc from 'fast-check';
import { encodeSegment, hostileText } from './arbitraries';
import { anyone, noSession, withCaller } from './callers';
import { ignoredQuery } from './query-strings';
import type { Caller, Draft, Fixtures } from './request-types';

// ——— Routes that take no input ———

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** For a route without inputs: the path with junk after it, or with a method it does not serve. */
export const wrongPathOrMethod = (f: Fixtures, path: string, callers: fc.Arbitrary<Caller> = anyone) => [
  fc
    .tuple(
      fc.oneof(
        hostileText
          .filter((text) => text.trim() !== '' && text !== '.' && text !== '..')
          .map((text) => `/${encodeSegment(text)}`),
        fc.constantFrom('/', '%00', '.json', 'z', '/..%2f..%2fetc%2fpasswd', '%20', '/x/y/z', '~', ';x=1'),
      ),
      withCaller(f, callers),
    )
    .map(([suffix, who]): Draft => ({ path: `${path}${suffix}`, ...who, defects: ['bad-path'] })),
  fc
    .tuple(
      fc.constantFrom(...METHODS_WITH_BODY, 'OPTIONS'),
      withCaller(f, callers),
      hostileText,
      ignoredQuery(f),
    )
    .map(
      ([method, who, text, query]): Draft => ({
        method,
        path: `${path}${query}`,
        ...who,
        body: method === 'OPTIONS' ? undefined : { type: 'json', value: { text, role: 'admin.super' } },
        defects: ['wrong-method'],
      }),
    ),
];

/** A signed-in route without inputs: the only way to get it wrong is to come without a session. */
export const sessionOnly = (f: Fixtures, path: string) => [
  noSession(
    f,
    ignoredQuery(f).map((query) => ({ path: `${path}${query}` })),
  ),
];
