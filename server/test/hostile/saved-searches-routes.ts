import fc from 'fast-check';
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_NAME_MAX } from '../../../common/schemas/saved-searches';
import { LANGUAGES } from '../../../common/values';
import { UNSUBSCRIBE_TOKEN_MAX } from '../../alerts/unsubscribe-token';
import {
  encodeSegment,
  enumField,
  type Field,
  hostileText,
  notAString,
  tag,
  textField,
  withControlCharacter,
} from './arbitraries';
import { anyone, crossOrigin, noSession, signedIn, withCaller } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import type { Caller, Draft, Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';
import { sessionOnly } from './routes-without-input';

/** The browse query a search is saved from: valid filters, or ones the browse list refuses. */
const queryField: Field = {
  name: 'query',
  required: true,
  valid: fc.constantFrom(
    { q: 'glock 17' },
    { category: 'firearms', county: 'CJ' },
    { caliber: '9x19', priceMax: '4000' },
  ),
  invalid: fc.oneof(
    tag(
      'wrong-type',
      notAString().filter((value) => value === null || typeof value !== 'object' || Array.isArray(value)),
    ),
    tag(
      'bad-enum',
      fc.constantFrom({ caliber: 'nine' }, { county: 'XX' }, { category: 'tanks' }, { legal: 'any' }),
    ),
    tag(
      'out-of-range',
      fc.constantFrom({ priceMin: '500', priceMax: '100' }, { priceMin: '-1' }, { priceMax: '0x10' }),
    ),
    tag('long-string', fc.constant({ q: 'x'.repeat(101) })),
    // Issue 26: a NUL in the text or the brand failed the save with a 500.
    tag(
      'control-char',
      fc
        .tuple(fc.constantFrom('q', 'brand'), withControlCharacter(1, 50))
        .map(([name, text]) => ({ category: 'firearms', [name]: text })),
    ),
  ),
};

const CREATE_FIELDS: Field[] = [
  queryField,
  { ...textField('name', 1, SAVED_SEARCH_NAME_MAX), required: false },
  enumField('language', LANGUAGES, false),
];
const UPDATE_FIELDS: Field[] = [
  { ...textField('name', 1, SAVED_SEARCH_NAME_MAX), required: false },
  enumField('frequency', SAVED_SEARCH_FREQUENCIES, false),
];

const others = fc.constantFrom<Caller>('user', 'moderator', 'super');

/** A path to the owner's saved search, or to none (ids naming no saved search). */
function searchPaths(f: Fixtures, suffix: string) {
  const path = (id: string) => `/api/me/saved-searches/${id}${suffix}`;
  return { path, mine: real(f.savedSearch).map(path) };
}

function ownSearchVariants(
  f: Fixtures,
  suffix: string,
  method: string,
  body: boolean,
): fc.Arbitrary<Draft>[] {
  const { path, mine } = searchPaths(f, suffix);
  const payload = body ? valid(f, UPDATE_FIELDS) : undefined;
  const base = body ? jsonBase(f, mine, UPDATE_FIELDS) : mine.map((p) => ({ path: p }));
  const withMethod = (drafts: fc.Arbitrary<Draft>) => drafts.map((draft): Draft => ({ ...draft, method }));
  return [
    ...(body ? jsonDefects(f, { fields: UPDATE_FIELDS, path: mine, callers: fc.constant('owner') }) : []),
    badIds(f, ids(f).ad, path, signedIn, payload),
    badState(f, mine, others, payload),
    noSession(f, base),
    crossOrigin(f, base, fc.constant('owner')),
  ].map(withMethod);
}

/**
 * Tokens that are no unsubscribe link: links in the format before issue 26 (refused as expired),
 * sealed tokens altered or made up, or anything at all.
 */
function badTokens(f: Fixtures) {
  const forged = fc
    .tuple(
      fc.constantFrom('s', 'd'),
      real(f.savedSearch, f.users.owner),
      fc.integer({ min: 0, max: 2 ** 40 }),
      hostileText,
    )
    .map(([kind, id, expires, sig]) => `${kind}.${id}.${expires}.${sig}`);
  const sealed = fc
    .uint8Array({ minLength: 0, maxLength: 460 })
    .map((bytes) => `u2.${Buffer.from(bytes).toString('base64url')}`);
  return fc.oneof(
    forged,
    sealed,
    hostileText.filter((text) => text.length > 0 && text.length <= 300),
  );
}

function unsubscribeVariants(f: Fixtures, method: 'GET' | 'POST'): fc.Arbitrary<Draft>[] {
  const path = (token: string) => `/api/saved-searches/unsubscribe?token=${encodeSegment(token)}`;
  const drafts = [
    fc
      .tuple(badTokens(f), withCaller(f, anyone))
      .map(([token, who]): Draft => ({ method, path: path(token), ...who, defects: ['bad-token'] })),
    fc
      .tuple(fc.constant('x'.repeat(UNSUBSCRIBE_TOKEN_MAX + 1)), withCaller(f, anyone))
      .map(([token, who]): Draft => ({ method, path: path(token), ...who, defects: ['long-string'] })),
    withCaller(f, anyone).map(
      (who): Draft => ({ method, path: '/api/saved-searches/unsubscribe', ...who, defects: ['bad-query'] }),
    ),
  ];
  if (method === 'POST')
    drafts.push(
      crossOrigin(
        f,
        badTokens(f).map((token) => ({ path: path(token) })),
      ),
    );
  return drafts;
}

export const SAVED_SEARCHES_ROUTES: Record<string, RouteSpec> = {
  'GET /api/me/saved-searches': {
    group: 'interactions',
    runs: 120,
    variants: (f) => sessionOnly(f, '/api/me/saved-searches'),
  },
  'POST /api/me/saved-searches': {
    group: 'interactions',
    runs: 300,
    variants: (f) => {
      const path = fc.constant('/api/me/saved-searches');
      const base = jsonBase(f, path, CREATE_FIELDS);
      return [
        ...jsonDefects(f, { fields: CREATE_FIELDS, path, callers: fc.constant('user') }),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('user')),
      ];
    },
  },
  'PATCH /api/me/saved-searches/:id': {
    group: 'interactions',
    runs: 300,
    variants: (f) => ownSearchVariants(f, '', 'PATCH', true),
  },
  'POST /api/me/saved-searches/:id/opened': {
    group: 'interactions',
    runs: 150,
    variants: (f) => ownSearchVariants(f, '/opened', 'POST', false),
  },
  'DELETE /api/me/saved-searches/:id': {
    group: 'interactions',
    runs: 150,
    variants: (f) => ownSearchVariants(f, '', 'DELETE', false),
  },
  'GET /api/saved-searches/unsubscribe': {
    group: 'interactions',
    runs: 150,
    variants: (f) => unsubscribeVariants(f, 'GET'),
  },
  'POST /api/saved-searches/unsubscribe': {
    group: 'interactions',
    runs: 150,
    variants: (f) => unsubscribeVariants(f, 'POST'),
  },
};
