import fc from 'fast-check';
import { COUNTY_CODES } from '../../../common/counties';
import { PRICE_MAX } from '../../../common/limits';
import {
  DEALER_ADDRESS_MAX,
  DEALER_SERVICES,
  HANDOVER_DAYS_AHEAD_MAX,
  HANDOVER_NOTE_MAX,
  romanianToday,
} from '../../../common/schemas/handovers';
import {
  enumField,
  type Field,
  hostileText,
  type Kind,
  notInEnum,
  optionalTextField,
  tag,
  textField,
} from './arbitraries';
import { anyone, crossOrigin, noSession, signedIn, withCaller } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import { noiseParams, type Param, queryString } from './query-strings';
import type { Caller, Draft, Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';
import { sessionOnly } from './routes-without-input';

// ——— Issue 29, handover at an armurier: dealers' services, and handover requests from a deal ———

/** A fee in whole lei (0 free), or null for a service not offered. */
const fee = fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.constant(null));
const badFee = fc.oneof(
  tag('out-of-range', fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: PRICE_MAX + 1 }))),
  tag('wrong-type', fc.constantFrom('150', 1.5, true, [1], {}, 'gratuit')),
);

const feesField: Field = {
  name: 'fees',
  required: true,
  valid: fc.record({ inspection: fee, handover: fee, keeping: fee }),
  invalid: fc.oneof(
    tag('wrong-type', fc.constantFrom(null, 'all', 150, [], [150, 200, 0])),
    fc
      .tuple(
        fc.constantFrom(...DEALER_SERVICES),
        badFee,
        fc.record({ inspection: fee, handover: fee, keeping: fee }),
      )
      .map(([service, bad, fees]) => ({ kind: bad.kind, value: { ...fees, [service]: bad.value } })),
    // A service left out is not "not offered" (that is null): the schema asks for all three.
    fc.constantFrom(...DEALER_SERVICES).map((service) => ({
      kind: 'missing-field' as Kind,
      value: Object.fromEntries(DEALER_SERVICES.filter((s) => s !== service).map((s) => [s, 100])),
    })),
  ),
};

const SERVICES_FIELDS: Field[] = [
  enumField('county', COUNTY_CODES),
  textField('address', 5, DEALER_ADDRESS_MAX),
  feesField,
];

/** YYYY-MM-DD from today (Romania) to HANDOVER_DAYS_AHEAD_MAX days on. */
const dayFromToday = (days: number) => {
  const day = new Date(`${romanianToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

const wishedDateField: Field = {
  name: 'wishedDate',
  required: true,
  valid: fc.integer({ min: 0, max: HANDOVER_DAYS_AHEAD_MAX }).map(dayFromToday),
  invalid: fc.oneof(
    tag(
      'out-of-range',
      fc.oneof(
        fc.integer({ min: -3650, max: -1 }).map(dayFromToday),
        fc.integer({ min: HANDOVER_DAYS_AHEAD_MAX + 1, max: 3650 }).map(dayFromToday),
        fc.constantFrom('2027-02-30', '2026-13-01', '2027-00-10'),
      ),
    ),
    tag(
      'bad-format',
      fc.oneof(
        fc.constantFrom('mâine', '15.01.2027', '2027-1-5', '2027/01/05', `${dayFromToday(3)}T10:00`, ''),
        hostileText.filter((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text)),
      ),
    ),
    tag('wrong-type', fc.constantFrom(null, 20270105, true, [dayFromToday(2)], {})),
    tag('control-char', fc.constantFrom(`${dayFromToday(2)}\n`, `\u0000${dayFromToday(2)}`)),
  ),
};

const REQUEST_FIELDS: Field[] = [
  textField('dealerId', 1, 100),
  enumField('service', DEALER_SERVICES),
  wishedDateField,
  optionalTextField('note', HANDOVER_NOTE_MAX, 'multi'),
];
const ANSWER_FIELDS: Field[] = [
  enumField('answer', ['accept', 'decline']),
  optionalTextField('note', HANDOVER_NOTE_MAX, 'multi'),
];

const others = fc.constantFrom<Caller>('user', 'moderator', 'super');

/** GET /api/dealer-services: one to four county codes; none, a bad one or five are refused. */
const countyDefects = (f: Fixtures) =>
  fc
    .tuple(
      fc.oneof(
        fc.constant<Param[]>([]),
        notInEnum(COUNTY_CODES).map((bad): Param[] => [['county', bad]]),
        fc.tuple(fc.constantFrom(...COUNTY_CODES), notInEnum(COUNTY_CODES)).map(([good, bad]): Param[] => [
          ['county', good],
          ['county', bad],
        ]),
        fc
          .shuffledSubarray([...COUNTY_CODES], { minLength: 5, maxLength: 8 })
          .map((codes): Param[] => codes.map((code) => ['county', code])),
      ),
      noiseParams(f),
      withCaller(f, anyone),
    )
    .map(
      ([params, noise, who]): Draft => ({
        path: `/api/dealer-services${queryString([...params, ...noise])}`,
        ...who,
        defects: ['bad-query'],
        field: 'county',
        extras: noise.length > 0,
      }),
    );

export const HANDOVERS_ROUTES: Record<string, RouteSpec> = {
  'GET /api/me/dealer/services': {
    group: 'account',
    runs: 100,
    variants: (f) => sessionOnly(f, '/api/me/dealer/services'),
  },
  // None of the callers is a verified dealer: a valid body is refused too (403), only from a session.
  'PUT /api/me/dealer/services': {
    group: 'account',
    runs: 300,
    variants: (f) => {
      const path = fc.constant('/api/me/dealer/services');
      const base = jsonBase(f, path, SERVICES_FIELDS);
      return [
        ...jsonDefects(f, { fields: SERVICES_FIELDS, path, callers: fc.constant('owner') }),
        badState(f, path, signedIn, valid(f, SERVICES_FIELDS)),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('owner')),
      ];
    },
  },
  'GET /api/dealer-services': { group: 'ads', runs: 150, variants: (f) => [countyDefects(f)] },
  'GET /api/me/handover-requests': {
    group: 'interactions',
    runs: 100,
    variants: (f) => sessionOnly(f, '/api/me/handover-requests'),
  },
  // The owner sells the weapon deal, with a request of theirs already waiting: no valid body goes through.
  'POST /api/deals/:id/handovers': {
    group: 'interactions',
    runs: 300,
    variants: (f) => {
      const path = (id: string) => `/api/deals/${id}/handovers`;
      const allowed = real(f.deals.weaponDeal).map(path);
      const body = valid(f, REQUEST_FIELDS);
      const base = jsonBase(f, allowed, REQUEST_FIELDS);
      return [
        ...jsonDefects(f, { fields: REQUEST_FIELDS, path: allowed, callers: fc.constant('owner') }),
        badIds(f, ids(f).ad, path, signedIn, body),
        badState(f, allowed, others, body),
        badState(f, real(f.deals.weaponDeal, f.deals.confirmedDeal).map(path), fc.constant('owner'), body),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('owner')),
      ];
    },
  },
  // Nobody among the callers is the dealer asked: only bodies with defects reach validation first.
  'POST /api/handover-requests/:id/answer': {
    group: 'interactions',
    runs: 250,
    variants: (f) => {
      const path = (id: string) => `/api/handover-requests/${id}/answer`;
      const allowed = real(f.deals.handoverRequest).map(path);
      const body = valid(f, ANSWER_FIELDS);
      const base = jsonBase(f, allowed, ANSWER_FIELDS);
      return [
        ...jsonDefects(f, { fields: ANSWER_FIELDS, path: allowed, callers: fc.constant('owner') }),
        badIds(f, ids(f).ad, path, signedIn, body),
        badState(f, allowed, signedIn, body),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('owner')),
      ];
    },
  },
  // The owner asked: they alone cancel, so they are only sent from another site or without a session.
  'POST /api/handover-requests/:id/cancel': {
    group: 'interactions',
    runs: 150,
    variants: (f) => {
      const path = (id: string) => `/api/handover-requests/${id}/cancel`;
      const base = real(f.deals.handoverRequest).map((id) => ({ path: path(id) }));
      return [
        badIds(f, ids(f).ad, path, signedIn),
        badState(f, real(f.deals.handoverRequest).map(path), others),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('owner')),
      ];
    },
  },
};
