import fc from 'fast-check';
import { AUTH_ENDPOINTS } from '../../auth/auth-routes';
import type { TestContext } from '../harness';
import { ACCOUNT_ROUTES } from './account-routes';
import { ADMIN_ROUTES } from './admin-routes';
import { ADS_ROUTES } from './ads-routes';
import { AUTH_ROUTES } from './auth-routes';
import { ipArbitrary } from './callers';
import { DEAL_CONTRACT_ROUTES } from './deal-contract-routes';
import { DEALERS_ROUTES } from './dealers-routes';
import { DEALS_ROUTES } from './deals-routes';
import { HANDOVERS_ROUTES } from './handovers-routes';
import { INTERACTIONS_ROUTES } from './interactions-routes';
import { LEGAL_ROUTES } from './legal-routes';
import { PRICE_INSIGHT_ROUTES } from './price-insight-routes';
import type { Draft, Fixtures, HostileRequest } from './request-types';
import type { RouteSpec } from './route-spec';
import { SAVED_SEARCHES_ROUTES } from './saved-searches-routes';
import { SELLERS_ROUTES } from './sellers-routes';
import { unlistedRequests } from './unlisted-requests';

// ——— The table: every served route, and how to get it wrong ———

export const ROUTES: Record<string, RouteSpec> = {
  ...ACCOUNT_ROUTES,
  ...LEGAL_ROUTES,
  ...ADS_ROUTES,
  ...INTERACTIONS_ROUTES,
  ...SAVED_SEARCHES_ROUTES,
  ...DEALERS_ROUTES,
  ...DEALS_ROUTES,
  ...DEAL_CONTRACT_ROUTES,
  ...HANDOVERS_ROUTES,
  ...SELLERS_ROUTES,
  ...PRICE_INSIGHT_ROUTES,
  ...ADMIN_ROUTES,
  ...AUTH_ROUTES,
};

// ——— Discovery and sampling ———

/** Catch-alls and middleware under ALL; everything else the app serves must have generators above. */
const ALL_METHOD_PATHS = new Set(['/*', '/api/*', '/api/auth/*', '/sitemaps/*']);

/** "METHOD /path" of every route the app serves, read from the app itself (as the authorization matrix does). */
export function discoverRoutes(ctx: TestContext): string[] {
  const routes = new Set<string>();
  const served = new Set(ctx.app.routes.filter((route) => route.method !== 'ALL').map((route) => route.path));
  for (const route of ctx.app.routes) {
    if (route.method !== 'ALL') routes.add(`${route.method} ${route.path}`);
    // Middleware on a route's own path (the list cache in front of GET /api/ads) serves nothing by itself.
    else if (!ALL_METHOD_PATHS.has(route.path) && !served.has(route.path)) routes.add(`ALL ${route.path}`);
  }
  for (const endpoint of AUTH_ENDPOINTS) {
    const [method, path] = endpoint.split(' ');
    routes.add(`${method} /api/auth${path}`);
  }
  return [...routes].sort();
}

/** Samples `runs` hostile requests for a route, reproducibly from the seed. */
export function sampleRoute(route: string, f: Fixtures, seed: number, runs?: number): HostileRequest[] {
  const spec = ROUTES[route];
  if (!spec) throw new Error(`no generators for ${route}`);
  const [method = 'GET'] = route.split(' ');
  return sample(route, method, fc.oneof(...spec.variants(f)), seed, runs ?? spec.runs);
}

export function sampleUnlisted(f: Fixtures, seed: number, runs: number): HostileRequest[] {
  return sample('unlisted', 'GET', unlistedRequests(f), seed, runs);
}

function sample(route: string, method: string, drafts: fc.Arbitrary<Draft>, seed: number, runs: number) {
  const requests = fc.tuple(drafts, ipArbitrary).map(
    ([draft, ip]): HostileRequest => ({
      route,
      method: draft.method ?? method,
      path: draft.path,
      caller: draft.caller,
      body: draft.body ?? { type: 'none' },
      headers: draft.headers ?? {},
      omitOrigin: draft.omitOrigin ?? false,
      ip,
      defects: draft.defects,
      field: draft.field,
      extras: draft.extras ?? false,
    }),
  );
  return fc.sample(requests, { seed: seedFor(seed, route), numRuns: runs });
}

/** A seed per route from the run's seed, so one route's generators changing leaves the others' samples alone. */
export function seedFor(seed: number, route: string): number {
  let hash = seed | 0;
  for (const char of route) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
