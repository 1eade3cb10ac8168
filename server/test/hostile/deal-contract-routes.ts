import fc from 'fast-check';
import { CONTRACT_LIMITS } from '../../../common/schemas/deal-contract';
import { type Field, textField } from './arbitraries';
import { crossOrigin, noSession, signedIn } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import type { RouteSpec } from './route-spec';

// ——— Issue 29: the sale contract of a deal, a PDF from nine required lines of text ———

const line = (name: string, max: number): Field => textField(name, 1, max);

const CONTRACT_FIELDS: Field[] = [
  ...(['seller', 'buyer'] as const).flatMap((side) => [
    line(`${side}Name`, CONTRACT_LIMITS.name),
    line(`${side}Identity`, CONTRACT_LIMITS.identity),
    line(`${side}Address`, CONTRACT_LIMITS.address),
    line(`${side}Permit`, CONTRACT_LIMITS.permit),
  ]),
  line('serialNumber', CONTRACT_LIMITS.serial),
];

const others = fc.constantFrom<'user' | 'moderator' | 'super'>('user', 'moderator', 'super');

export const DEAL_CONTRACT_ROUTES: Record<string, RouteSpec> = {
  // The owner sells in the confirmed deal and buys in the awaiting one: both may download. Every
  // request here carries a defect; none is let through to build a PDF.
  'POST /api/deals/:id/contract': {
    group: 'interactions',
    runs: 300,
    variants: (f) => {
      const path = (id: string) => `/api/deals/${id}/contract`;
      const allowed = real(f.deals.confirmedDeal, f.deals.awaitingDeal).map(path);
      const body = valid(f, CONTRACT_FIELDS);
      const base = jsonBase(f, allowed, CONTRACT_FIELDS);
      return [
        ...jsonDefects(f, { fields: CONTRACT_FIELDS, path: allowed, callers: fc.constant('owner') }),
        badIds(f, ids(f).ad, path, signedIn, body),
        badState(f, allowed, others, body),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('owner')),
      ];
    },
  },
};
