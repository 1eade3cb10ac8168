/**
 * Sets of document ordinals: a sorted list when small, a bitset when large. Posting lists are
 * sorted because ordinals are handed out in increasing order and never reused.
 */
export type DocSet =
  /** `bits`: the same set as a bitset, kept by the index for large posting lists. */
  { kind: 'list'; ords: Uint32Array; bits?: Uint32Array } | { kind: 'bits'; bits: Uint32Array; size: number };

export const EMPTY: DocSet = { kind: 'list', ords: new Uint32Array(0) };

/** A union larger than this is made a bitset rather than a sorted list. */
const LIST_UNION_MAX = 65_536;

export const sizeOf = (set: DocSet) => (set.kind === 'list' ? set.ords.length : set.size);

export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function countBits(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i]) n += popcount(bits[i]!);
  return n;
}

export const hasBit = (bits: Uint32Array, ord: number) => (bits[ord >>> 5]! & (1 << (ord & 31))) !== 0;

export function bitsOf(set: DocSet, ordinals: number): Uint32Array {
  if (set.kind === 'bits') return set.bits;
  if (set.bits) return set.bits;
  const bits = new Uint32Array((ordinals + 31) >>> 5);
  for (const ord of set.ords) bits[ord >>> 5]! |= 1 << (ord & 31);
  return bits;
}

/** The first index in `ords` (sorted) from `lo` whose value is at least `target` (galloping). */
function seek(ords: Uint32Array, target: number, lo: number): number {
  let step = 1;
  let hi = lo;
  while (hi < ords.length && ords[hi]! < target) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, ords.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ords[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function intersectLists(small: Uint32Array, large: Uint32Array): Uint32Array {
  const out = new Uint32Array(small.length);
  let n = 0;
  let at = 0;
  for (const ord of small) {
    at = seek(large, ord, at);
    if (at >= large.length) break;
    if (large[at] === ord) out[n++] = ord;
  }
  return out.subarray(0, n);
}

/**
 * The smallest list drives: each of its ads is looked up in the others, in their bitsets when they
 * have one, else by galloping through their sorted lists. Only bitsets: a word-wise AND.
 */
export function intersectAll(sets: DocSet[], ordinals: number): DocSet {
  const sorted = [...sets].sort((a, b) => sizeOf(a) - sizeOf(b));
  const driver = sorted[0];
  if (!driver) throw new Error('intersection of nothing');
  if (sorted.length === 1) return driver;
  if (driver.kind === 'list' && (!driver.bits || driver.ords.length * 32 < ordinals)) {
    let ords = driver.ords;
    for (const other of sorted.slice(1)) {
      if (ords.length === 0) break;
      if (other.bits) {
        const bits = other.bits;
        ords = ords.filter((ord) => hasBit(bits, ord));
      } else {
        ords = intersectLists(ords, (other as Extract<DocSet, { kind: 'list' }>).ords);
      }
    }
    return { kind: 'list', ords };
  }
  // Every set is large: bitsets all the way.
  const bits = Uint32Array.from(bitsOf(driver, ordinals));
  for (const other of sorted.slice(1)) {
    const with_ = bitsOf(other, ordinals);
    for (let i = 0; i < bits.length; i++) bits[i]! &= with_[i] ?? 0;
  }
  return { kind: 'bits', bits, size: countBits(bits) };
}

export function unionAll(sets: DocSet[], ordinals: number): DocSet {
  const nonEmpty = sets.filter((set) => sizeOf(set) > 0);
  if (nonEmpty.length === 0) return EMPTY;
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  const total = nonEmpty.reduce((sum, set) => sum + sizeOf(set), 0);
  if (total <= LIST_UNION_MAX && nonEmpty.every((set) => set.kind === 'list')) {
    const all = new Uint32Array(total);
    let at = 0;
    for (const set of nonEmpty) {
      const { ords } = set as Extract<DocSet, { kind: 'list' }>;
      all.set(ords, at);
      at += ords.length;
    }
    all.sort();
    let n = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
    return { kind: 'list', ords: all.subarray(0, n) };
  }
  const bits = new Uint32Array((ordinals + 31) >>> 5);
  for (const set of nonEmpty) {
    const words = set.kind === 'bits' ? set.bits : set.bits;
    if (words) for (let i = 0; i < words.length; i++) bits[i]! |= words[i]!;
    else
      for (const ord of (set as Extract<DocSet, { kind: 'list' }>).ords) bits[ord >>> 5]! |= 1 << (ord & 31);
  }
  return { kind: 'bits', bits, size: countBits(bits) };
}
