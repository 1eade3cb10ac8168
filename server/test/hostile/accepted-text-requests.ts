import fc from 'fast-check';
import {
  ADDRESS_MAX,
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
import { adminAd, adminUser } from './admin-routes';
import { fittedText, validRecord } from './arbitraries';
import { queryString } from './query-strings';
import type { Body, Draft, Fixtures, HostileRequest } from './request-types';
import { seedFor } from './routes';
import { AD_FIELDS, phoneField } from './schema-fields';

// ——— Accepted requests carrying odd text ———

/** Things valid requests may act on, one per request (made by the test). */
export type Fresh = { pendingAds: string[]; reportedAds: string[]; activeUsers: string[] };

/** Valid text with NUL inserted somewhere: dropped or refused, but never a failed query. */
const withNulInside = (min: number, max: number) =>
  fc
    .tuple(fittedText(min, max), fc.nat(), fc.constantFrom('\u0000', '\u0000\u0000'))
    .map(([text, at, nul]) => {
      const chars = Array.from(text);
      chars.splice(at % (chars.length + 1), 0, nul);
      return chars.join('');
    });

/**
 * Valid requests whose stored or searched text carries NUL and odd Unicode. Not part of the refusal
 * property (they are accepted and change the database): each must be stored as text PostgreSQL can
 * hold, or refused with a 4xx, never answered with a 5xx.
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
  const reason = withNulInside(MODERATION_REASON_MIN, MODERATION_REASON_MAX);
  const profile = fc.record({
    firstName: withNulInside(1, NAME_MAX),
    lastName: withNulInside(1, NAME_MAX),
    address: withNulInside(0, ADDRESS_MAX),
    phone: phoneField.valid,
  });
  const adForm = fc
    .tuple(validRecord(AD_FIELDS), withNulInside(TITLE_MIN, TITLE_MAX - 2), withNulInside(1, 40))
    .map(([record, title, brand]) => ({ ...record, title, brand }));
  return [
    ...draw(profile, 30, 'profile').map((value) =>
      request('PATCH /api/me/profile', { path: '/api/me/profile', caller: 'user', body: json(value) }),
    ),
    ...draw(withNulInside(0, ADMIN_SEARCH_MAX), 30, 'users-q').map((q) =>
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
    ...draw(fc.tuple(withNulInside(1, NAME_MAX), withNulInside(1, NAME_MAX)), 8, 'sign-up').map(
      ([first, last], i) =>
        request('POST /api/auth/sign-up/email', {
          path: '/api/auth/sign-up/email',
          caller: 'visitor',
          body: json({
            email: `accepted-${i}-${seed}@example.ro`,
            password: 'correct-horse-battery',
            firstName: first,
            lastName: last,
          }),
        }),
    ),
    ...draw(adForm, 10, 'ads').map((value) =>
      request('POST /api/ads', { path: '/api/ads', caller: 'user', body: json(value) }),
    ),
    ...draw(withNulInside(1, MESSAGE_MAX - 2), 10, 'messages').map((body) =>
      request('POST /api/ads/:id/messages', {
        path: `/api/ads/${f.ads.approved}/messages`,
        caller: 'user',
        body: json({ body }),
      }),
    ),
    ...draw(withNulInside(1, REPORT_DETAILS_MAX - 2), 10, 'reports').map((details) =>
      request('POST /api/ads/:id/reports', {
        path: `/api/ads/${f.ads.featured}/reports`,
        caller: 'visitor',
        body: json({ reason: 'other', details }),
      }),
    ),
  ];
}
