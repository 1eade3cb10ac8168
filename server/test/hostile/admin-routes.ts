import fc from 'fast-check';
import type { Field } from './arbitraries';
import { type Base, crossOrigin, nonStaff, noSession, staff, wrongRole } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import {
  ignoredQuery,
  listQuery,
  pageCursorDefects,
  queueDefects,
  reportsDefects,
  usersDefects,
} from './query-strings';
import type { Draft, Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';
import { wrongPathOrMethod } from './routes-without-input';
import { DEACTIVATION_FIELDS, REASON_FIELDS, ROLE_FIELDS } from './schema-fields';

export const adminAd = (action: string) => (id: string) => `/api/admin/ads/${id}/${action}`;
export const adminUser = (action: string) => (id: string) => `/api/admin/users/${id}/${action}`;

/** An admin route on an ad: its 401, 404 (not staff), 403 (other site) and unknown-id cases. */
function adminAdAction(
  f: Fixtures,
  action: string,
  allowedFrom: string[],
  refusedFrom: string[],
  fields?: Field[],
) {
  const path = adminAd(action);
  const reasonBody = fields ? valid(f, fields) : undefined;
  const base = (adIds: string[]): fc.Arbitrary<Base> =>
    fc.tuple(real(...adIds), reasonBody ?? fc.constant(null)).map(([id, b]) => ({
      path: path(id),
      body: b ? { type: 'json', value: b.value } : undefined,
      extras: b?.extras ?? false,
    }));
  const variants: fc.Arbitrary<Draft>[] = [
    noSession(f, base(allowedFrom)),
    wrongRole(base(allowedFrom), nonStaff),
    crossOrigin(f, base(allowedFrom), staff),
    badIds(f, ids(f).ad, path, staff, reasonBody),
    badState(f, real(...refusedFrom).map(path), staff, reasonBody),
  ];
  if (fields)
    variants.push(...jsonDefects(f, { fields, path: real(...allowedFrom).map(path), callers: staff }));
  return variants;
}

export const ADMIN_ROUTES: Record<string, RouteSpec> = {
  // ——— Admin ———
  'GET /api/admin/queue': {
    group: 'admin',
    runs: 250,
    variants: (f) => [
      listQuery(f, '/api/admin/queue', queueDefects, staff),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/queue${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/queue' }), nonStaff),
    ],
  },
  'POST /api/admin/ads/:id/approve': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'approve',
        [f.ads.pending],
        [f.ads.approved, f.ads.featured, f.ads.rejected, f.ads.expired, f.ads.needsChanges],
      ),
  },
  // Issue 26: decisions on the waiting edit of a published ad.
  'POST /api/admin/ads/:id/revision/approve': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'revision/approve',
        [f.ads.revised],
        [f.ads.approved, f.ads.pending, f.ads.needsChanges, f.ads.rejected],
      ),
  },
  'POST /api/admin/ads/:id/revision/reject': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'revision/reject',
        [f.ads.revised],
        [f.ads.approved, f.ads.pending, f.ads.rejected],
        REASON_FIELDS,
      ),
  },
  'POST /api/admin/ads/:id/revision/request-changes': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'revision/request-changes',
        [f.ads.revised],
        [f.ads.approved, f.ads.pending, f.ads.rejected],
        REASON_FIELDS,
      ),
  },
  'POST /api/admin/ads/:id/reject': {
    group: 'admin',
    runs: 300,
    variants: (f) =>
      adminAdAction(
        f,
        'reject',
        [f.ads.pending, f.ads.needsChanges, f.ads.approved],
        [f.ads.rejected, f.ads.expired],
        REASON_FIELDS,
      ),
  },
  'POST /api/admin/ads/:id/request-changes': {
    group: 'admin',
    runs: 300,
    variants: (f) =>
      adminAdAction(
        f,
        'request-changes',
        [f.ads.pending],
        [f.ads.approved, f.ads.needsChanges, f.ads.rejected, f.ads.expired],
        REASON_FIELDS,
      ),
  },
  'POST /api/admin/ads/:id/feature': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'feature',
        [f.ads.approved],
        [f.ads.featured, f.ads.pending, f.ads.rejected, f.ads.expired, f.ads.needsChanges],
      ),
  },
  'POST /api/admin/ads/:id/unfeature': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'unfeature',
        [f.ads.featured],
        [f.ads.approved, f.ads.pending, f.ads.rejected, f.ads.expired, f.ads.needsChanges],
      ),
  },
  'GET /api/admin/reports': {
    group: 'admin',
    runs: 250,
    variants: (f) => [
      listQuery(f, '/api/admin/reports', reportsDefects, staff),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/reports${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/reports?status=open' }), nonStaff),
    ],
  },
  'POST /api/admin/ads/:id/reports/dismiss': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'reports/dismiss',
        [f.ads.reported],
        [f.ads.approved, f.ads.pending, f.ads.rejected, f.ads.expired],
      ),
  },
  'POST /api/admin/ads/:id/take-down': {
    group: 'admin',
    runs: 300,
    variants: (f) =>
      adminAdAction(f, 'take-down', [f.ads.reported], [f.ads.expired, f.ads.rejected], REASON_FIELDS),
  },
  'GET /api/admin/users': {
    group: 'admin',
    runs: 250,
    variants: (f) => [
      listQuery(f, '/api/admin/users', usersDefects, staff),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/users${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/users?q=a' }), nonStaff),
    ],
  },
  'POST /api/admin/users/:id/deactivate': {
    group: 'admin',
    runs: 300,
    variants: (f) => {
      const path = adminUser('deactivate');
      const active = real(...f.users.pool).map(path);
      const base = jsonBase(f, active, DEACTIVATION_FIELDS);
      const body = valid(f, DEACTIVATION_FIELDS);
      return [
        ...jsonDefects(f, { fields: DEACTIVATION_FIELDS, path: active, callers: staff, bodyOptional: true }),
        badIds(f, ids(f).user, path, staff, body),
        badState(f, real(f.users.moderator).map(path), fc.constant('moderator'), body),
        badState(f, real(f.users.super).map(path), fc.constant('super'), body),
        badState(f, real(f.users.otherSuper, f.users.super).map(path), fc.constant('moderator'), body),
        badState(f, real(f.users.inactive).map(path), staff, body),
        noSession(f, base),
        wrongRole(base, nonStaff),
        crossOrigin(f, base, staff),
      ];
    },
  },
  'POST /api/admin/users/:id/reactivate': {
    group: 'admin',
    runs: 200,
    variants: (f) => {
      const path = adminUser('reactivate');
      const inactive = real(f.users.inactive).map((id) => ({ path: path(id) }));
      return [
        badIds(f, ids(f).user, path, staff),
        badState(f, real(...f.users.pool, f.users.owner).map(path), staff),
        badState(f, real(f.users.super, f.users.otherSuper).map(path), fc.constant('moderator')),
        noSession(f, inactive),
        wrongRole(inactive, nonStaff),
        crossOrigin(f, inactive, staff),
      ];
    },
  },
  'PUT /api/admin/users/:id/role': {
    group: 'admin',
    runs: 300,
    variants: (f) => {
      const path = adminUser('role');
      const users = real(...f.users.pool).map(path);
      const grant = fc.constant({ value: { role: 'admin.moderator' }, extras: false });
      const base = users.map(
        (p): Base => ({ path: p, body: { type: 'json', value: { role: 'admin.moderator' } } }),
      );
      return [
        ...jsonDefects(f, { fields: ROLE_FIELDS, path: users, callers: fc.constant('super') }),
        badIds(f, ids(f).user, path, staff, grant),
        // Only a super grants roles; nobody changes their own; a role a user already has is a 409.
        badState(f, users, fc.constant('moderator'), grant),
        badState(f, real(f.users.super).map(path), fc.constant('super'), grant),
        badState(f, users, fc.constant('super'), fc.constant({ value: { role: 'user' }, extras: false })),
        badState(f, real(f.users.moderator).map(path), fc.constant('super'), grant),
        noSession(f, base),
        wrongRole(base, nonStaff),
        crossOrigin(f, base, fc.constant('super')),
      ];
    },
  },
  // Issue 30: the suspect list takes no input; staff only.
  'GET /api/admin/suspects': {
    group: 'admin',
    runs: 150,
    variants: (f) => [
      ...wrongPathOrMethod(f, '/api/admin/suspects', staff),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/suspects${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/suspects' }), nonStaff),
    ],
  },
  'GET /api/admin/audit': {
    group: 'admin',
    runs: 200,
    variants: (f) => [
      listQuery(f, '/api/admin/audit', pageCursorDefects('page-uuid'), fc.constant('super')),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/audit${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/audit' }), fc.constantFrom('user', 'owner', 'moderator')),
    ],
  },
};
