import type { QueryNode } from './text-search-syntax';

/**
 * ts_rank_cd (PostgreSQL's src/backend/utils/adt/tsrank.c, normalization 0), in the same steps and
 * the same double arithmetic, so that the index ranks as `ts_rank_cd(weights, tsv, query)` does.
 */

/** ts_rank_cd weights for D, C (description), B (brand, model, caliber), A (title), in both rankers. */
export const RANK_WEIGHTS = [0.05, 0.2, 0.6, 1.0] as const;

/** The weights as PostgreSQL reads them (float4) and inverts them (double): D, C, B, A. */
export function inverseWeights(weights: readonly number[]): Float64Array {
  return Float64Array.from(weights, (weight) => 1 / Math.fround(weight));
}

/** Operand sets as bit masks (at most this many operands): an operand is true when its bit is set. */
export const MAX_RANKED_OPERANDS = 31;

/** The query as a test of which operands were seen, compiled once per query. */
export function compileMaskTest(node: QueryNode): (mask: number) => boolean {
  if (node.op === 'leaf') {
    const bit = 1 << node.operand;
    return (mask) => (mask & bit) !== 0;
  }
  const children = node.children.map(compileMaskTest);
  return node.op === 'and'
    ? (mask) => children.every((test) => test(mask))
    : (mask) => children.some((test) => test(mask));
}

/**
 * A document's positions that match an operand, in order (position, then weight class, then
 * lexeme): `packed` is position << 2 | weight class, `masks` the operands each one matches.
 */
export type DocRepresentation = { packed: ArrayLike<number>; masks: ArrayLike<number>; length: number };

export function rankCd(doc: DocRepresentation, test: (mask: number) => boolean, invws: Float64Array): number {
  const { packed, masks } = doc;
  const len = doc.length;
  let wdoc = 0;
  let from = 0;
  for (;;) {
    // Cover(): the first end position from `from` at which the query holds, then the last start.
    let p = 0x7fffffff;
    let q = 0;
    let begin = 0;
    let end = 0;
    let found = false;
    for (;;) {
      let mask = 0;
      let lastpos = from;
      found = false;
      p = 0x7fffffff;
      q = 0;
      for (let i = from; i < len; i++) {
        mask |= masks[i]!;
        if (test(mask)) {
          const pos = packed[i]! >> 2;
          if (pos > q) {
            q = pos;
            end = i;
            lastpos = i;
            found = true;
          }
          break;
        }
      }
      if (!found) break;
      mask = 0;
      let k = lastpos;
      for (; k >= from; k--) {
        mask |= masks[k]!;
        if (test(mask)) {
          const pos = packed[k]! >> 2;
          if (pos < p) {
            begin = k;
            p = pos;
          }
          break;
        }
      }
      if (p <= q) {
        from = k + 1;
        break;
      }
      from += 1;
    }
    if (!found) break;
    let invSum = 0;
    for (let i = begin; i <= end; i++) invSum += invws[packed[i]! & 3]!;
    const cpos = (end - begin + 1) / invSum;
    let noise = q - p - (end - begin);
    if (noise < 0) noise = Math.trunc((end - begin) / 2);
    wdoc += cpos / (1 + noise);
  }
  return Math.fround(wdoc);
}
