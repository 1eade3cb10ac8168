import type fc from 'fast-check';
import type { Draft, Fixtures } from './request-types';

export const GROUPS = ['account', 'ads', 'interactions', 'admin', 'auth'] as const;
export type Group = (typeof GROUPS)[number];
export type RouteSpec = { group: Group; runs: number; variants: (f: Fixtures) => fc.Arbitrary<Draft>[] };
