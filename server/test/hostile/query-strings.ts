import fc from 'fast-check';
import { CALIBER_IDS } from '../../../common/calibers';
import { COUNTY_CODES } from '../../../common/counties';
import { BRAND_MAX, PAGE_SIZE_MAX, PRICE_MAX, SEARCH_MAX } from '../../../common/limits';
import { ADMIN_SEARCH_MAX } from '../../../common/schemas/admin';
import { ACTIONS, CATEGORIES, CONDITIONS, SORTS } from '../../../common/values';
import {
  badCursor,
  encodeSegment,
  HTML_PAYLOADS,
  type Kind,
  notInEnum,
  SQL_PAYLOADS,
  tooLongText,
  UNICODE_PAYLOADS,
  withControlCharacter,
} from './arbitraries';
import { withCaller } from './callers';
import type { Caller, Draft, Fixtures } from './request-types';

// ——— Query strings ———

export type Param = readonly [string, string];
export const queryString = (params: readonly Param[]) =>
  params.length ? `?${params.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}` : '';

/** Parameters nobody asked for: privileged names, payloads, array and object syntax. */
export const noiseParams = (f: Fixtures) =>
  fc.subarray<Param>(
    [
      ['status', 'approved'],
      ['user_id', f.users.owner],
      ['userId', f.users.owner],
      ['featured', 'true'],
      ['role', 'admin.super'],
      ['minPrice', '5'],
      ['maxPrice', '1'],
      ['page', '-1'],
      ['offset', '99999999999'],
      ['__proto__[role]', 'admin'],
      ['x', SQL_PAYLOADS[2]],
      ['y', HTML_PAYLOADS[0]],
      ['z', UNICODE_PAYLOADS[4]],
    ],
    { maxLength: 4 },
  );

type QueryDefect = { params: Param[]; defects: Kind[] };

/** One parameter sent twice: the schema then sees a list and refuses it. */
const duplicated = (params: readonly Param[]) =>
  fc
    .constantFrom(...params)
    .map((param): QueryDefect => ({ params: [param, param], defects: ['bad-query'] }));

const badLimit = fc.oneof(
  fc.integer({ max: 0 }).map(String),
  fc.integer({ min: PAGE_SIZE_MAX + 1 }).map(String),
  fc.double({ min: 1, max: PAGE_SIZE_MAX, noInteger: true, noNaN: true }).map(String),
  fc.constantFrom(
    'abc',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '',
    '  ',
    '-0',
    '\u0663',
    '\uFF11',
    '5px',
    '1,2',
    'null',
    'true',
  ),
);

export const browseDefects = fc.oneof(
  notInEnum(SORTS).map((v): QueryDefect => ({ params: [['sort', v]], defects: ['bad-enum', 'bad-query'] })),
  notInEnum(CATEGORIES).map(
    (v): QueryDefect => ({ params: [['category', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  notInEnum(CONDITIONS).map(
    (v): QueryDefect => ({ params: [['condition', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  notInEnum(COUNTY_CODES).map(
    (v): QueryDefect => ({ params: [['county', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  notInEnum(CALIBER_IDS).map(
    (v): QueryDefect => ({ params: [['caliber', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  notInEnum(ACTIONS).map(
    (v): QueryDefect => ({ params: [['action', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  tooLongText(BRAND_MAX).map(
    (v): QueryDefect => ({ params: [['brand', v]], defects: ['long-string', 'bad-query'] }),
  ),
  fc
    .constantFrom('-1', 'abc', '1e400', 'Infinity', '10000001', '5 lei', '0x10')
    .chain((v) => fc.constantFrom('priceMin', 'priceMax').map((name) => ({ name, v })))
    .map(({ name, v }): QueryDefect => ({ params: [[name, v]], defects: ['out-of-range', 'bad-query'] })),
  fc
    .tuple(fc.integer({ min: 1, max: PRICE_MAX }), fc.integer({ min: 1, max: PRICE_MAX }))
    .filter(([a, b]) => a !== b)
    .map(
      ([a, b]): QueryDefect => ({
        params: [
          ['priceMin', String(Math.max(a, b))],
          ['priceMax', String(Math.min(a, b))],
        ],
        defects: ['out-of-range', 'bad-query'],
      }),
    ),
  badLimit.map((v): QueryDefect => ({ params: [['limit', v]], defects: ['out-of-range', 'bad-query'] })),
  tooLongText(SEARCH_MAX).map(
    (v): QueryDefect => ({ params: [['q', v]], defects: ['long-string', 'bad-query'] }),
  ),
  // Issue 26: control characters in the text searched or the brand.
  withControlCharacter(1, SEARCH_MAX).map(
    (v): QueryDefect => ({ params: [['q', v]], defects: ['control-char', 'bad-query'] }),
  ),
  withControlCharacter(1, BRAND_MAX).map(
    (v): QueryDefect => ({ params: [['brand', v]], defects: ['control-char', 'bad-query'] }),
  ),
  badCursor('browse', 200).map(
    ({ cursor, sort }): QueryDefect => ({
      params: sort
        ? [
            ['sort', sort],
            ['cursor', cursor],
          ]
        : [['cursor', cursor]],
      defects: ['bad-cursor', 'bad-query'],
    }),
  ),
  duplicated([
    ['sort', 'newest'],
    ['category', 'firearms'],
    ['condition', 'good'],
    ['limit', '10'],
    ['q', 'glock'],
    ['cursor', 'WyJuZXdlc3QiXQ'],
  ]),
);

export const pageCursorDefects = (shape: 'page-uuid' | 'page-word') =>
  fc.oneof(
    badCursor(shape, 300).map(
      (c): QueryDefect => ({ params: [['cursor', c.cursor]], defects: ['bad-cursor', 'bad-query'] }),
    ),
    duplicated([['cursor', 'x']]),
  );

/** The moderation queue's lists (issue 26): a cursor, and which list. */
export const queueDefects = fc.oneof(
  pageCursorDefects('page-uuid'),
  notInEnum(['waiting', 'seller']).map(
    (v): QueryDefect => ({ params: [['view', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  duplicated([['view', 'seller']]),
);

export const reportsDefects = fc.oneof(
  pageCursorDefects('page-uuid'),
  notInEnum(['open', 'all']).map(
    (v): QueryDefect => ({ params: [['status', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  duplicated([['status', 'open']]),
);

export const usersDefects = fc.oneof(
  pageCursorDefects('page-word'),
  tooLongText(ADMIN_SEARCH_MAX).map(
    (v): QueryDefect => ({ params: [['q', v]], defects: ['long-string', 'bad-query'] }),
  ),
  withControlCharacter(1, ADMIN_SEARCH_MAX).map(
    (v): QueryDefect => ({ params: [['q', v]], defects: ['control-char', 'bad-query'] }),
  ),
  duplicated([['q', 'ion']]),
);

/** A list route's query with one defect among noise; the caller may read the list. */
export const listQuery = (
  f: Fixtures,
  path: string,
  defects: fc.Arbitrary<QueryDefect>,
  callers: fc.Arbitrary<Caller>,
) =>
  fc
    .tuple(defects, noiseParams(f), withCaller(f, callers), fc.boolean())
    .map(([d, noise, who, noiseFirst]): Draft => {
      const params = noiseFirst ? [...noise, ...d.params] : [...d.params, ...noise];
      return { path: `${path}${queryString(params)}`, ...who, defects: d.defects, extras: noise.length > 0 };
    });

/** A query string that routes without inputs ignore: noise only, never a defect by itself. */
export const ignoredQuery = (f: Fixtures) => noiseParams(f).map((params) => queryString(params));
