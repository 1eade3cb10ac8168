import { anyone } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { listQuery, pageCursorDefects } from './query-strings';
import type { Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';
import { wrongPathOrMethod } from './routes-without-input';

// ——— Seller profiles and the typical review wait (issue 12): public, read-only ———

/** A seller path naming no account, or a deactivated one (who has no public page). */
function unknownSellers(f: Fixtures, suffix: string) {
  const path = (id: string) => `/api/sellers/${id}${suffix}`;
  return [badIds(f, ids(f).user, path, anyone), badState(f, real(f.users.inactive).map(path), anyone)];
}

export const SELLERS_ROUTES: Record<string, RouteSpec> = {
  'GET /api/sellers/:id': { group: 'ads', runs: 150, variants: (f) => unknownSellers(f, '') },
  'GET /api/sellers/:id/ads': {
    group: 'ads',
    runs: 200,
    variants: (f) => [
      ...unknownSellers(f, '/ads'),
      listQuery(f, `/api/sellers/${f.users.owner}/ads`, pageCursorDefects('page-uuid'), anyone),
    ],
  },
  'GET /api/moderation/typical-wait': {
    group: 'ads',
    runs: 100,
    variants: (f) => wrongPathOrMethod(f, '/api/moderation/typical-wait'),
  },
};
