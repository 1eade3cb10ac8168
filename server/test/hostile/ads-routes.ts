import fc from 'fast-check';
import { hostileText } from './arbitraries';
import { anyone, crossOrigin, noSession, signedIn, withCaller } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import { browseDefects, listQuery } from './query-strings';
import type { Caller, Draft, Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';
import { sessionOnly } from './routes-without-input';
import { AD_FIELDS } from './schema-fields';
import { uploadVariants } from './uploads';

export const ADS_ROUTES: Record<string, RouteSpec> = {
  // ——— Ads ———
  'GET /api/ads': {
    group: 'ads',
    runs: 500,
    variants: (f) => [listQuery(f, '/api/ads', browseDefects, anyone)],
  },
  'GET /api/ads/:id': {
    group: 'ads',
    runs: 300,
    variants: (f) => [
      badIds(f, ids(f).ad, (id) => `/api/ads/${id}`, anyone),
      badState(
        f,
        real(f.ads.pending, f.ads.needsChanges, f.ads.rejected, f.ads.expired).map((id) => `/api/ads/${id}`),
        fc.constantFrom<Caller>('visitor', 'forged', 'user'),
      ),
    ],
  },
  'POST /api/ads': {
    group: 'ads',
    runs: 600,
    variants: (f) => {
      const path = fc.constant('/api/ads');
      const base = jsonBase(f, path, AD_FIELDS);
      return [
        ...jsonDefects(f, { fields: AD_FIELDS, path, callers: fc.constantFrom('user', 'owner') }),
        noSession(f, base),
        crossOrigin(f, base),
      ];
    },
  },
  'PUT /api/ads/:id': {
    group: 'ads',
    runs: 600,
    variants: (f) => {
      const own = real(f.ads.approved, f.ads.needsChanges, f.ads.pending).map((id) => `/api/ads/${id}`);
      const base = jsonBase(f, own, AD_FIELDS);
      const body = valid(f, AD_FIELDS);
      return [
        ...jsonDefects(f, { fields: AD_FIELDS, path: own, callers: fc.constant('owner') }),
        badIds(f, ids(f).ad, (id) => `/api/ads/${id}`, fc.constantFrom('owner', 'user'), body),
        badState(f, own, fc.constantFrom('user', 'moderator', 'super'), body),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('owner')),
      ];
    },
  },
  'DELETE /api/ads/:id': {
    group: 'ads',
    runs: 250,
    variants: (f) => {
      const own = real(...Object.values(f.ads)).map((id) => ({ path: `/api/ads/${id}` }));
      return [
        badIds(f, ids(f).ad, (id) => `/api/ads/${id}`, signedIn),
        badState(
          f,
          own.map((b) => b.path),
          fc.constant('user'),
        ),
        noSession(f, own),
        crossOrigin(f, own, fc.constantFrom('owner', 'moderator', 'super')),
      ];
    },
  },
  // ——— Lifecycle (issue 12) ———
  'POST /api/ads/:id/renew': { group: 'ads', runs: 150, variants: (f) => lifecycleVariants(f, 'renew') },
  'POST /api/ads/:id/sold': { group: 'ads', runs: 150, variants: (f) => lifecycleVariants(f, 'sold') },
  'POST /api/ads/renew-by-token': {
    group: 'ads',
    runs: 150,
    variants: (f) => {
      // Forged: real ads' ids with made-up expiries and signatures, or anything at all.
      const forged = fc
        .tuple(real(f.ads.expired, f.ads.approved), fc.integer({ min: 0, max: 2 ** 40 }), hostileText)
        .map(([id, expires, sig]) => `${id}.${expires}.${sig}`);
      const token = fc.oneof(
        forged,
        hostileText.filter((text) => text.length > 0 && text.length <= 200),
      );
      return [
        fc.tuple(token, withCaller(f, anyone)).map(
          ([value, who]): Draft => ({
            path: '/api/ads/renew-by-token',
            ...who,
            body: { type: 'json', value: { token: value } },
            defects: ['bad-token'],
          }),
        ),
        crossOrigin(
          f,
          forged.map((value) => ({
            path: '/api/ads/renew-by-token',
            body: { type: 'json', value: { token: value } },
          })),
        ),
      ];
    },
  },
  'GET /api/me/ads': { group: 'ads', runs: 120, variants: (f) => sessionOnly(f, '/api/me/ads') },
  'POST /api/uploads': { group: 'ads', runs: 300, variants: uploadVariants },
};

/** Renew and mark sold: someone else's ad (404), one's own in a status that does not allow it (409). */
function lifecycleVariants(f: Fixtures, action: 'renew' | 'sold') {
  const path = (id: string) => `/api/ads/${id}/${action}`;
  const allowed = real(f.ads.approved, f.ads.expired).map((id) => ({ path: path(id) }));
  return [
    badIds(f, ids(f).ad, path, signedIn),
    badState(
      f,
      real(f.ads.approved, f.ads.expired, f.ads.pending).map(path),
      fc.constantFrom<Caller>('user', 'moderator', 'super'),
    ),
    badState(f, real(f.ads.pending, f.ads.needsChanges, f.ads.rejected).map(path), fc.constant('owner')),
    noSession(f, allowed),
    crossOrigin(f, allowed, fc.constant('owner')),
  ];
}
