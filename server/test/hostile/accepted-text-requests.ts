import fc from 'fast-check';
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  MESSAGE_MAX,
  NAME_MAX,
  REPORT_DETAILS_MAX,
  TITLE_MAX,
  TITLE_MIN,
} from '../../../common/limits';
import {
  ADMIN_SEARCH_MAX,
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
} from '../../../common/schemas/admin';
import { SAVED_SEARCH_NAME_MAX } from '../../../common/schemas/saved-searches';
import { adminAd, adminUser } from './admin-routes';
import { fittedText, type Lines, validRecord } from './arbitraries';
import { queryString } from './query-strings';
import type { Body, Draft, Fixtures, HostileRequest } from './request-types';
import { seedFor } from './routes';
import { AD_FIELDS, phoneField } from './schema-fields';

// ——— Accepted requests carrying odd text ———

/** Things valid requests may act on, one per request (made by the test). */
export type Fresh = { pendingAds: string[]; reportedAds: string[]; activeUsers: string[] };

/**
 * Valid text with odd Unicode (lone surrogates, joiners, bidi marks...), and where the field takes
 * several lines, a line break or a tab inside (a Windows line end too). Control characters are refused
 * (issue 26): they are defects of the refusal property, not here.
 */
const oddText = (min: number, max: number, lines: Lines = 'single') =>
  lines === 'single'
    ? fittedText(min, max)
    : fc
        .tuple(
          fittedText(Math.max(min - 2, 0), max - 4, 'multi'),
          fc.nat(),
          fc.constantFrom('\n', '\r\n', '\t', '\n\n'),
        )
        .map(([text, at, line]) => {
          const chars = Array.from(text);
          const cut = at % (chars.length + 1);
          return `ș${chars.slice(0, cut).join('')}${line}${chars.slice(cut).join('')}ș`;
        });

/**
 * Valid requests whose stored or searched text carries odd Unicode and line breaks. Not part of the
 * refusal property (they are accepted and change the database): each must be stored as text
 * PostgreSQL can hold, or refused with a 4xx, never answered with a 5xx.
 */
export function acceptedTextRequests(f: Fixtures, fresh: Fresh, seed: number): HostileRequest[] {
  const draw = <T>(arbitrary: fc.Arbitrary<T>, runs: number, salt: string) =>
    runs > 0 ? fc.sample(arbitrary, { seed: seedFor(seed, salt), numRuns: runs }) : [];
  const request = (route: string, draft: Omit<Draft, 'defects'>): HostileRequest => ({
    route,
    method: draft.method ?? route.split(' ')[0] ?? 'GET',
    path: draft.path,
    caller: draft.caller,
    body: draft.body ?? { type: 'none' },
    headers: {},
    omitOrigin: false,
    ip: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    defects: [],
    extras: draft.extras ?? false,
  });
  const json = (value: unknown): Body => ({ type: 'json', value });
  const reason = oddText(MODERATION_REASON_MIN, MODERATION_REASON_MAX, 'multi');
  const profile = fc.record({
    firstName: oddText(1, NAME_MAX),
    lastName: oddText(1, NAME_MAX),
    address: oddText(0, ADDRESS_MAX),
    phone: phoneField.valid,
  });
  const adForm = fc
    .tuple(
      validRecord(AD_FIELDS),
      oddText(TITLE_MIN, TITLE_MAX),
      oddText(1, 40),
      oddText(DESCRIPTION_MIN, DESCRIPTION_MAX, 'multi'),
    )
    .map(([record, title, brand, description]) => ({ ...record, title, brand, description }));
  // Where a NUL failed with a 500 (issue 26): the searched text, the brand and the name, as saved.
  const savedSearch = fc.record({
    query: fc.record({ q: oddText(1, 60), brand: oddText(1, 40) }),
    name: oddText(1, SAVED_SEARCH_NAME_MAX),
  });
  return [
    ...draw(profile, 30, 'profile').map((value) =>
      request('PATCH /api/me/profile', { path: '/api/me/profile', caller: 'user', body: json(value) }),
    ),
    ...draw(oddText(0, ADMIN_SEARCH_MAX), 30, 'users-q').map((q) =>
      request('GET /api/admin/users', {
        path: `/api/admin/users${queryString([['q', q]])}`,
        caller: 'moderator',
      }),
    ),
    ...draw(reason, fresh.pendingAds.length, 'reasons').map((text, i) => {
      const action = i % 2 === 0 ? 'reject' : 'request-changes';
      return request(`POST /api/admin/ads/:id/${action}`, {
        path: adminAd(action)(fresh.pendingAds[i] ?? ''),
        caller: 'moderator',
        body: json({ reason: text }),
      });
    }),
    ...draw(reason, fresh.reportedAds.length, 'take-down').map((text, i) =>
      request('POST /api/admin/ads/:id/take-down', {
        path: adminAd('take-down')(fresh.reportedAds[i] ?? ''),
        caller: 'super',
        body: json({ reason: text }),
      }),
    ),
    ...draw(reason, fresh.activeUsers.length, 'deactivate').map((text, i) =>
      request('POST /api/admin/users/:id/deactivate', {
        path: adminUser('deactivate')(fresh.activeUsers[i] ?? ''),
        caller: 'super',
        body: json({ reason: text }),
      }),
    ),
    ...draw(fc.tuple(oddText(1, NAME_MAX), oddText(1, NAME_MAX)), 8, 'sign-up').map(([first, last], i) =>
      request('POST /api/auth/sign-up/email', {
        path: '/api/auth/sign-up/email',
        caller: 'visitor',
        body: json({
          email: `accepted-${i}-${seed}@example.ro`,
          password: 'correct-horse-battery',
          firstName: first,
          lastName: last,
          acceptAdult: true,
          acceptTerms: true,
        }),
      }),
    ),
    ...draw(adForm, 10, 'ads').map((value) =>
      request('POST /api/ads', { path: '/api/ads', caller: 'user', body: json(value) }),
    ),
    ...draw(oddText(1, MESSAGE_MAX, 'multi'), 10, 'messages').map((body) =>
      request('POST /api/ads/:id/messages', {
        path: `/api/ads/${f.ads.approved}/messages`,
        caller: 'user',
        body: json({ body, attestation: true }),
      }),
    ),
    ...draw(oddText(1, REPORT_DETAILS_MAX, 'multi'), 10, 'reports').map((details) =>
      request('POST /api/ads/:id/reports', {
        path: `/api/ads/${f.ads.featured}/reports`,
        caller: 'visitor',
        body: json({ reason: 'other', details }),
      }),
    ),
    ...draw(savedSearch, 10, 'saved-searches').map((value) =>
      request('POST /api/me/saved-searches', {
        path: '/api/me/saved-searches',
        caller: 'user',
        body: json(value),
      }),
    ),
    ...draw(oddText(1, SAVED_SEARCH_NAME_MAX), 10, 'saved-search-names').map((name) =>
      request('PATCH /api/me/saved-searches/:id', {
        path: `/api/me/saved-searches/${f.savedSearch}`,
        caller: 'owner',
        body: json({ name }),
      }),
    ),
  ];
}
