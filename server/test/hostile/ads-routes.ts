import fc from 'fast-check';
import { anyone, crossOrigin, noSession, signedIn } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import { browseDefects, listQuery } from './query-strings';
import type { Caller } from './request-types';
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
  'GET /api/me/ads': { group: 'ads', runs: 120, variants: (f) => sessionOnly(f, '/api/me/ads') },
  'POST /api/uploads': { group: 'ads', runs: 300, variants: uploadVariants },
};
