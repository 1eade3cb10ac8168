import fc from 'fast-check';
import { CALIBER_IDS } from '../../../common/calibers';
import { BRAND_MAX, MODEL_MAX } from '../../../common/limits';
import { type Kind, notInEnum, tooLongText, tooShortText, withControlCharacter } from './arbitraries';
import { anyone, withCaller } from './callers';
import { noiseParams, type Param, queryString } from './query-strings';
import type { Draft, Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';

// ——— Price insight (issue 28): public, read-only, three required parameters ———

const PATH = '/api/price-insight';
const VALID: Record<string, string> = { brand: 'Glock', model: 'G17', caliber: '9x19' };

type Defect = { field: string; value: string | null; defects: Kind[] };

/** One parameter wrong (null: left out), the others valid. */
const defects: fc.Arbitrary<Defect> = fc.oneof(
  fc
    .constantFrom('brand', 'model', 'caliber')
    .map((field): Defect => ({ field, value: null, defects: ['missing-field', 'bad-query'] })),
  fc
    .tuple(fc.constantFrom('brand', 'model'), tooShortText(1))
    .map(([field, value]): Defect => ({ field, value, defects: ['missing-field', 'bad-query'] })),
  fc
    .tuple(fc.constantFrom('brand', 'model'), tooLongText(Math.max(BRAND_MAX, MODEL_MAX)))
    .map(([field, value]): Defect => ({ field, value, defects: ['long-string', 'bad-query'] })),
  fc
    .tuple(fc.constantFrom('brand', 'model'), withControlCharacter(1, Math.min(BRAND_MAX, MODEL_MAX)))
    .map(([field, value]): Defect => ({ field, value, defects: ['control-char', 'bad-query'] })),
  notInEnum(CALIBER_IDS).map(
    (value): Defect => ({ field: 'caliber', value, defects: ['bad-enum', 'bad-query'] }),
  ),
);

function paramsWith(defect: Defect): Param[] {
  return Object.entries(VALID).flatMap(([name, valid]): Param[] => {
    if (name !== defect.field) return [[name, valid]];
    return defect.value === null ? [] : [[name, defect.value]];
  });
}

const badQuery = (f: Fixtures) =>
  fc.tuple(defects, noiseParams(f), withCaller(f, anyone)).map(
    ([defect, noise, who]): Draft => ({
      path: `${PATH}${queryString([...paramsWith(defect), ...noise])}`,
      ...who,
      defects: defect.defects,
      field: defect.field,
      extras: noise.length > 0,
    }),
  );

/** A parameter sent twice: the schema sees a list where it wants a text. */
const duplicated = (f: Fixtures) =>
  fc.tuple(fc.constantFrom('brand', 'model', 'caliber'), withCaller(f, anyone)).map(
    ([name, who]): Draft => ({
      path: `${PATH}${queryString([...Object.entries(VALID), [name, VALID[name] ?? '']])}`,
      ...who,
      defects: ['bad-query'],
      field: name,
    }),
  );

export const PRICE_INSIGHT_ROUTES: Record<string, RouteSpec> = {
  'GET /api/price-insight': { group: 'ads', runs: 200, variants: (f) => [badQuery(f), duplicated(f)] },
};
