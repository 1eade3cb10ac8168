import fc from 'fast-check';
import { RATING_COMMENT_MAX, RATING_REPLY_MAX } from '../../../common/deals';
import { MESSAGE_MAX, PRICE_MAX, REPORT_DETAILS_MAX } from '../../../common/limits';
import { enumField, type Field, optionalTextField, tag, textField } from './arbitraries';
import { anyone, crossOrigin, nonStaff, noSession, signedIn, staff, wrongRole } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import { listQuery, pageCursorDefects, reportsDefects } from './query-strings';
import type { Caller, Draft, Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';
import { sessionOnly } from './routes-without-input';
import { attestationField, REASON_FIELDS } from './schema-fields';

// ——— Issue 28: offers, the reservation, the sale to a buyer, deals, ratings, trust reports ———

/** Whole lei as a JSON number, 1 to PRICE_MAX; strings, fractions, zero and beyond are refused. */
const wholeLei = (name: string, required: boolean): Field => ({
  name,
  required,
  valid: fc.integer({ min: 1, max: 3000 }),
  invalid: fc.oneof(
    tag(
      'out-of-range',
      fc.oneof(fc.integer({ min: -1_000_000, max: 0 }), fc.integer({ min: PRICE_MAX + 1 })),
    ),
    tag(
      'wrong-type',
      fc.oneof(fc.constantFrom('100', 12.5, true, [5], {}), fc.double({ min: 1.01, max: 9.99 })),
    ),
    ...(required ? [tag('wrong-type', fc.constant(null))] : []),
  ),
});

const starsField: Field = {
  name: 'stars',
  required: true,
  valid: fc.integer({ min: 1, max: 5 }),
  invalid: fc.oneof(
    tag('out-of-range', fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 6 }))),
    tag('wrong-type', fc.constantFrom('5', 4.5, null, true, [3])),
  ),
};

const OFFER_FIELDS: Field[] = [
  wholeLei('amount', true),
  optionalTextField('message', MESSAGE_MAX, 'multi'),
  attestationField,
];
const ANSWER_FIELDS: Field[] = [
  enumField('answer', ['accept', 'decline', 'counter']),
  wholeLei('amount', false),
];
const SOLD_TO_FIELDS: Field[] = [textField('buyerId', 1, 100), wholeLei('price', false)];
const DEAL_ANSWER_FIELDS: Field[] = [
  enumField('answer', ['confirm', 'deny']),
  optionalTextField('details', REPORT_DETAILS_MAX, 'multi'),
];
const RATING_FIELDS: Field[] = [starsField, optionalTextField('comment', RATING_COMMENT_MAX, 'multi')];
const REPLY_FIELDS: Field[] = [textField('reply', 1, RATING_REPLY_MAX, true, 'multi')];
const RATING_REPORT_FIELDS: Field[] = [optionalTextField('details', REPORT_DETAILS_MAX, 'multi')];

/** Ids naming none of this things: the ad segment's generator knows every real id. */
const unknown = (f: Fixtures) => ids(f).ad;

/**
 * A JSON route on one of this things: every defect of the body from an allowed caller, an
 * unknown id, the wrong caller or state, no session, another site.
 */
function jsonRoute(
  f: Fixtures,
  options: {
    path: (id: string) => string;
    allowed: string[];
    caller: 'owner' | 'user';
    fields: Field[];
    refused: Array<{ ids: string[]; callers: fc.Arbitrary<Caller> }>;
  },
): fc.Arbitrary<Draft>[] {
  const allowed = real(...options.allowed).map(options.path);
  const body = valid(f, options.fields);
  const base = jsonBase(f, allowed, options.fields);
  return [
    ...jsonDefects(f, { fields: options.fields, path: allowed, callers: fc.constant(options.caller) }),
    badIds(f, unknown(f), options.path, signedIn, body),
    ...options.refused.map((refused) =>
      badState(f, real(...refused.ids).map(options.path), refused.callers, body),
    ),
    noSession(f, base),
    crossOrigin(f, base, fc.constant(options.caller)),
  ];
}

/** A route without a body on one of this things. */
function bareRoute(
  f: Fixtures,
  options: {
    path: (id: string) => string;
    allowed: string[];
    caller: 'owner';
    refused: Array<{ ids: string[]; callers: fc.Arbitrary<Caller> }>;
    method?: 'POST';
  },
): fc.Arbitrary<Draft>[] {
  const base = real(...options.allowed).map((id) => ({ path: options.path(id) }));
  return [
    badIds(f, unknown(f), options.path, signedIn),
    ...options.refused.map((refused) => badState(f, real(...refused.ids).map(options.path), refused.callers)),
    noSession(f, base),
    ...(options.method ? [crossOrigin(f, base, fc.constant(options.caller))] : []),
  ];
}

const others = fc.constantFrom<'user' | 'moderator' | 'super'>('user', 'moderator', 'super');

export const DEALS_ROUTES: Record<string, RouteSpec> = {
  'POST /api/ads/:id/offers': {
    group: 'interactions',
    runs: 350,
    variants: (f) =>
      jsonRoute(f, {
        path: (id) => `/api/ads/${id}/offers`,
        allowed: [f.ads.approved, f.ads.featured],
        caller: 'user',
        fields: OFFER_FIELDS,
        refused: [
          { ids: [f.ads.approved], callers: fc.constant('owner') },
          { ids: [f.deals.reservedAd, f.ads.pending, f.ads.expired, f.ads.rejected], callers: others },
        ],
      }),
  },
  'POST /api/offers/:id/answer': {
    group: 'interactions',
    runs: 300,
    variants: (f) =>
      jsonRoute(f, {
        path: (id) => `/api/offers/${id}/answer`,
        allowed: [f.deals.offer],
        caller: 'owner',
        fields: ANSWER_FIELDS,
        refused: [{ ids: [f.deals.offer], callers: others }],
      }),
  },
  'POST /api/ads/:id/reservation/release': {
    group: 'interactions',
    runs: 150,
    variants: (f) =>
      bareRoute(f, {
        path: (id) => `/api/ads/${id}/reservation/release`,
        allowed: [f.deals.reservedAd],
        caller: 'owner',
        method: 'POST',
        refused: [
          { ids: [f.deals.reservedAd], callers: others },
          { ids: [f.ads.approved, f.ads.pending], callers: fc.constant('owner') },
        ],
      }),
  },
  'GET /api/ads/:id/buyers': {
    group: 'interactions',
    runs: 120,
    variants: (f) =>
      bareRoute(f, {
        path: (id) => `/api/ads/${id}/buyers`,
        allowed: [f.ads.approved],
        caller: 'owner',
        refused: [{ ids: [f.ads.approved, f.deals.reservedAd], callers: others }],
      }),
  },
  'POST /api/ads/:id/deal': {
    group: 'interactions',
    runs: 300,
    variants: (f) =>
      jsonRoute(f, {
        path: (id) => `/api/ads/${id}/deal`,
        allowed: [f.ads.approved],
        caller: 'owner',
        fields: SOLD_TO_FIELDS,
        refused: [
          { ids: [f.ads.approved], callers: others },
          { ids: [f.ads.pending, f.ads.rejected, f.ads.needsChanges], callers: fc.constant('owner') },
        ],
      }),
  },
  'GET /api/me/deals': { group: 'interactions', runs: 100, variants: (f) => sessionOnly(f, '/api/me/deals') },
  'POST /api/deals/:id/answer': {
    group: 'interactions',
    runs: 250,
    variants: (f) =>
      jsonRoute(f, {
        path: (id) => `/api/deals/${id}/answer`,
        allowed: [f.deals.awaitingDeal],
        caller: 'owner',
        fields: DEAL_ANSWER_FIELDS,
        refused: [
          { ids: [f.deals.awaitingDeal], callers: others },
          { ids: [f.deals.confirmedDeal], callers: fc.constant('owner') },
        ],
      }),
  },
  'POST /api/deals/:id/deregistered': {
    group: 'interactions',
    runs: 150,
    variants: (f) =>
      bareRoute(f, {
        path: (id) => `/api/deals/${id}/deregistered`,
        allowed: [f.deals.weaponDeal],
        caller: 'owner',
        method: 'POST',
        refused: [
          { ids: [f.deals.weaponDeal], callers: others },
          { ids: [f.deals.confirmedDeal, f.deals.awaitingDeal], callers: fc.constant('owner') },
        ],
      }),
  },
  'POST /api/deals/:id/rating': {
    group: 'interactions',
    runs: 250,
    variants: (f) =>
      jsonRoute(f, {
        path: (id) => `/api/deals/${id}/rating`,
        allowed: [f.deals.confirmedDeal],
        caller: 'owner',
        fields: RATING_FIELDS,
        refused: [
          { ids: [f.deals.confirmedDeal], callers: others },
          { ids: [f.deals.awaitingDeal], callers: fc.constant('owner') },
        ],
      }),
  },
  'POST /api/ratings/:id/reply': {
    group: 'interactions',
    runs: 200,
    variants: (f) =>
      jsonRoute(f, {
        path: (id) => `/api/ratings/${id}/reply`,
        allowed: [f.deals.rating],
        caller: 'owner',
        fields: REPLY_FIELDS,
        refused: [
          { ids: [f.deals.rating], callers: others },
          { ids: [f.deals.hiddenRating], callers: fc.constant('owner') },
        ],
      }),
  },
  'POST /api/ratings/:id/reports': {
    group: 'interactions',
    runs: 200,
    variants: (f) =>
      jsonRoute(f, {
        path: (id) => `/api/ratings/${id}/reports`,
        allowed: [f.deals.rating],
        caller: 'user',
        fields: RATING_REPORT_FIELDS,
        refused: [{ ids: [f.deals.hiddenRating], callers: signedIn }],
      }),
  },
  'GET /api/sellers/:id/ratings': {
    group: 'ads',
    runs: 150,
    variants: (f) => {
      const path = (id: string) => `/api/sellers/${id}/ratings`;
      return [
        badIds(f, ids(f).user, path, anyone),
        badState(f, real(f.users.inactive).map(path), anyone),
        listQuery(f, path(f.users.owner), pageCursorDefects('page-uuid'), anyone),
      ];
    },
  },
  'GET /api/admin/trust-reports': {
    group: 'admin',
    runs: 150,
    variants: (f) => [
      listQuery(
        f,
        '/api/admin/trust-reports',
        reportsDefects.filter((d) => d.params.every(([name]) => name !== 'cursor')),
        staff,
      ),
      noSession(f, fc.constant({ path: '/api/admin/trust-reports' })),
      wrongRole(fc.constant({ path: '/api/admin/trust-reports?status=open' }), nonStaff),
    ],
  },
  'POST /api/admin/ratings/:id/hide': {
    group: 'admin',
    runs: 250,
    variants: (f) => {
      const path = (id: string) => `/api/admin/ratings/${id}/hide`;
      const base = jsonBase(f, real(f.deals.rating).map(path), REASON_FIELDS);
      const body = valid(f, REASON_FIELDS);
      return [
        ...jsonDefects(f, { fields: REASON_FIELDS, path: real(f.deals.rating).map(path), callers: staff }),
        badIds(f, unknown(f), path, staff, body),
        badState(f, real(f.deals.hiddenRating).map(path), staff, body),
        noSession(f, base),
        wrongRole(base, nonStaff),
        crossOrigin(f, base, staff),
      ];
    },
  },
  'POST /api/admin/trust-reports/:id/dismiss': {
    group: 'admin',
    runs: 150,
    variants: (f) => {
      const path = (id: string) => `/api/admin/trust-reports/${id}/dismiss`;
      const base = real(f.deals.openReport).map((id) => ({ path: path(id) }));
      return [
        badIds(f, unknown(f), path, staff),
        badState(f, real(f.deals.dismissedReport).map(path), staff),
        noSession(f, base),
        wrongRole(base, nonStaff),
        crossOrigin(f, base, staff),
      ];
    },
  },
};
