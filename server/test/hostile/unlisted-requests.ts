import fc from 'fast-check';
import { anyone, withCaller } from './callers';
import { ignoredQuery } from './query-strings';
import type { Draft, Fixtures } from './request-types';

/**
 * Endpoints nobody serves: better-auth's own (admin plugin, account changes) that the allowlist must
 * hide, and near misses of ours. Sent besides the routes, not counted for their coverage.
 */
export function unlistedRequests(f: Fixtures): fc.Arbitrary<Draft> {
  const someone = f.users.pool[0] ?? f.users.owner;
  const probes: Array<[string, string, unknown]> = [
    ['POST', '/api/auth/update-user', { name: 'x', role: 'admin.super', emailVerified: true }],
    ['POST', '/api/auth/admin/set-role', { userId: someone, role: 'admin.super' }],
    ['POST', '/api/auth/admin/impersonate-user', { userId: f.users.super }],
    ['GET', '/api/auth/admin/list-users', undefined],
    ['POST', '/api/auth/admin/ban-user', { userId: f.users.super }],
    ['POST', '/api/auth/admin/remove-user', { userId: f.users.super }],
    ['POST', '/api/auth/delete-user', {}],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/change-email', { newEmail: 'evil@example.ro' }],
    ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
    ['POST', '/api/auth/two-factor/get-totp-uri', { password: 'x' }],
    ['GET', '/api/auth/ok', undefined],
    ['GET', '/api/auth/error', undefined],
    ['POST', '/api/auth/sign-up/email/', { email: 'x@example.ro' }],
    ['GET', '/api/auth/reset-password', undefined],
    ['POST', `/api/admin/users/${someone}/delete`, {}],
    ['PUT', '/api/ads', {}],
    ['PATCH', `/api/ads/${f.ads.approved}`, { status: 'approved' }],
    ['DELETE', '/api/me', undefined],
    ['POST', '/api/me/role', { role: 'admin.super' }],
    ['PUT', '/api/me/profile', { firstName: 'A', lastName: 'B' }],
    ['GET', '/api/admin', undefined],
    ['POST', `/api/admin/ads/${f.ads.pending}/approve/`, {}],
    ['GET', '/api/ADS', undefined],
  ];
  return fc.tuple(fc.constantFrom(...probes), withCaller(f, anyone), ignoredQuery(f)).map(
    ([[method, path, value], who, query]): Draft => ({
      method,
      path: `${path}${query}`,
      ...who,
      body: value === undefined ? undefined : { type: 'json', value },
      defects: ['bad-path'],
    }),
  );
}
