import { bitsOf, type DocSet, EMPTY, hasBit, intersectAll, popcount, sizeOf, unionAll } from './doc-sets';
import {
  compileMaskTest,
  type DocRepresentation,
  inverseWeights,
  MAX_RANKED_OPERANDS,
  RANK_WEIGHTS,
  rankCd,
} from './rank-cd';
import { type ParsedQuery, parseTsvector, type QueryNode } from './text-search-syntax';

/** What the index keeps of an ad (server/ads/search-index/index-sync.ts reads it). */
export type IndexedAd = {
  id: string;
  /** The transaction that last wrote the row: a row read again unchanged is skipped. */
  xid: number;
  /** Approved, and its owner active: only listed ads are kept. */
  listed: boolean;
  createdAt: number;
  priceCents: number;
  /** The structured filters' values, as keys (`filterKey`). */
  filterKeys: string[];
  /** The ad's tsvector in PostgreSQL's text form. */
  tsv: string;
};

export type IndexSort = 'newest' | 'price-asc' | 'price-desc' | 'relevance';

export type IndexQuery = {
  text: ParsedQuery | null;
  /** Every key must match (an ad has one value per filter). */
  filterKeys: string[];
  priceMinCents?: number;
  priceMaxCents?: number;
  sort: IndexSort;
  /** The cursor: the last ad of the previous page, by its sort key and id. */
  after: { key: string; id: string } | null;
  limit: number;
  /** Counts stop here and say "more"; `exactCount` counts everything (lists without a narrowing filter). */
  cap: number;
  exactCount: boolean;
};

export type IndexPage = { hits: { id: string; key: string }[]; total: number; capped: boolean };

export const filterKey = (name: string, value: string) => `${name}:${value}`;

const INVERSE_WEIGHTS = inverseWeights(RANK_WEIGHTS);

/** Sizes that choose between the index's paths; tests make them small to reach every path with few ads. */
export type IndexTuning = {
  /** Lists of candidates up to this size are tested whole; larger ones are walked in sort order. */
  collectMax: number;
  /** Ads added since the sort orders were built are merged into them past this many. */
  deltaMax: number;
  /**
   * Testing an ad's own lexemes costs about this many posting entries read: a part of an AND is
   * tested per ad when its lists are this many times larger than the ads left to test.
   */
  perDocTestCost: number;
  /**
   * Posting lists of at least this many ads keep their own price order: prices follow brands and
   * categories, so a walk of all ads in price order finds a brand's ads late (`brand=CZ`, dearest
   * first, read 130,000 ads for a page).
   */
  priceOrderMin: number;
};
export const DEFAULT_INDEX_TUNING: IndexTuning = {
  collectMax: 2_000,
  deltaMax: 2_000,
  perDocTestCost: 16,
  priceOrderMin: 5_000,
};

class Growable {
  data: Uint32Array;
  length = 0;
  constructor(capacity = 4) {
    this.data = new Uint32Array(capacity);
  }
  push(value: number) {
    this.data = grown(this.data, this.length + 1);
    this.data[this.length++] = value;
  }
  view() {
    return this.data.subarray(0, this.length);
  }
}

/** A posting list, and once it holds one ad in 32 or more, the same set as a bitset too. */
class Posting extends Growable {
  bits: Uint32Array | null = null;
  /**
   * Its ads in the sort orders, cheapest first: made for a large list the first time a price-sorted
   * page walks it, dropped when the sort orders are rebuilt.
   */
  priceOrder: Uint32Array | null = null;
  override push(ord: number) {
    super.push(ord);
    if (this.bits) {
      this.bits = grown(this.bits, (ord >>> 5) + 1);
      this.bits[ord >>> 5]! |= 1 << (ord & 31);
    }
  }
  /** Makes or drops the bitset by the list's share of the `ordinals`. */
  fitBits(ordinals: number) {
    if (this.length * 32 < ordinals) {
      this.bits = null;
    } else if (!this.bits) {
      this.bits = bitsOf({ kind: 'list', ords: this.view() }, ordinals);
    }
  }
  asSet(): DocSet {
    return this.bits
      ? { kind: 'list', ords: this.view(), bits: this.bits }
      : { kind: 'list', ords: this.view() };
  }
}

function grown<T extends Float64Array | Uint32Array | Uint8Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/**
 * The entry of a lexeme without positions (array_to_tsvector): it is in the document, so a test of
 * the document finds it, but ts_rank_cd gives it nothing.
 */
const NO_POSITION = 0xffffffff;

/** A float4 as PostgreSQL prints it: the fewest digits that read back as the same float4 ("0.6"). */
export function float4Text(value: number): string {
  for (let digits = 1; digits < 9; digits++) {
    const text = String(Number(value.toPrecision(digits)));
    if (Math.fround(Number(text)) === value) return text;
  }
  return String(Number(value.toPrecision(9)));
}

/** The first index in [0, n) where `test` holds, when it holds from some index on (bisection). */
function firstWhere(n: number, test: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Calls `each` with every set bit's ordinal, in order, of `bits` and `mask` both. */
function forEachBit(bits: Uint32Array, mask: Uint32Array | null, each: (ord: number) => void) {
  for (let i = 0; i < bits.length; i++) {
    let word = mask ? bits[i]! & (mask[i] ?? 0) : bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      each((i << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}

type Candidates = DocSet | 'all';
type PriceRange = { from: number; to: number; size: number };

/** Each ordinal's place in `perm` (ordinals not in it: unused). */
function ranksOf(perm: Uint32Array, size: number): Float64Array {
  const ranks = new Float64Array(size);
  perm.forEach((ord, place) => {
    ranks[ord] = place;
  });
  return ranks;
}

/** The `k` ads with the smallest keys, in key order: a bounded max-heap on the keys when k is small. */
function selectSmallest(ords: number[], keyOf: (ord: number) => number, k: number): number[] {
  const keys = Float64Array.from(ords, keyOf);
  const byKey = (a: number, b: number) => keys[a]! - keys[b]!;
  if (ords.length <= k * 4) {
    const order = Array.from(ords.keys()).sort(byKey);
    return order.slice(0, k).map((i) => ords[i]!);
  }
  const heap = new Int32Array(k);
  let size = 0;
  const swap = (a: number, b: number) => {
    const t = heap[a]!;
    heap[a] = heap[b]!;
    heap[b] = t;
  };
  for (let i = 0; i < ords.length; i++) {
    const key = keys[i]!;
    if (size < k) {
      heap[size] = i;
      let c = size++;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (keys[heap[parent]!]! >= key) break;
        swap(c, parent);
        c = parent;
      }
    } else if (key < keys[heap[0]!]!) {
      heap[0] = i;
      let c = 0;
      for (;;) {
        const l = 2 * c + 1;
        const r = l + 1;
        let top = c;
        if (l < size && keys[heap[l]!]! > keys[heap[top]!]!) top = l;
        if (r < size && keys[heap[r]!]! > keys[heap[top]!]!) top = r;
        if (top === c) break;
        swap(c, top);
        c = top;
      }
    }
  }
  return Array.from(heap.subarray(0, size))
    .sort(byKey)
    .map((i) => ords[i]!);
}

/** A prefix matching more lexemes than this is not walked list by list in price order. */
const MAX_MERGED_LISTS = 16;

/** Steps of a walk in sort order worth one ad tested whole (measured at a million ads). */
const WALK_STEPS_PER_AD = 2;

/** A query's per-document tests, made on first use: the operand masks, and each node's test. */
class DocTests {
  private masksMade: Int32Array | null = null;
  constructor(
    private readonly text: ParsedQuery,
    private readonly makeMasks: () => Int32Array,
  ) {}
  masks(): Int32Array {
    this.masksMade ??= this.makeMasks();
    return this.masksMade;
  }
  /** Null when the query has more operands than a mask holds. */
  of(node: QueryNode): ((mask: number) => boolean) | null {
    return this.text.operands.length > MAX_RANKED_OPERANDS ? null : compileMaskTest(node);
  }
}
type Order = 'newest' | 'price-asc' | 'price-desc';

/**
 * Every listed ad's sort keys, filter values and search document, in memory: the browse list's
 * matches are found through posting lists (a word's ads, a filter value's ads) and walked in sort
 * order, so a query costs what its page costs and not what its words cost in a GIN bitmap. The
 * database stays the source of truth: the index is read from it and catches up with it before every
 * search (index-sync.ts). See docs/ARCHITECTURE.md "Search".
 */
export class SearchIndex {
  private size = 0;
  private ids: string[] = [];
  private byId = new Map<string, number>();
  private xids = new Float64Array(1024);
  private alive = new Uint8Array(1024);
  private aliveBits = new Uint32Array(32);
  private created = new Float64Array(1024);
  private price = new Float64Array(1024);
  private entryStart = new Uint32Array(1024);
  private entryEnd = new Uint32Array(1024);
  private entryLex = new Growable(4096);
  private entryPacked = new Growable(4096);
  private lexemes: string[] = [];
  private lexIdOf = new Map<string, number>();
  private postings: Posting[] = [];
  private filterPostings = new Map<string, Posting>();
  /** Lexeme ids sorted by lexeme for prefix matches, and those interned since. */
  private sortedLexIds = new Uint32Array(0);
  private recentLexIds: number[] = [];
  private newestPerm: Uint32Array = new Uint32Array(0);
  private priceAscPerm: Uint32Array = new Uint32Array(0);
  /** Ordinals below this are in the sort orders; the ones after are merged in per query. */
  private permBase = 0;
  /** Each ordinal's place in the sort orders, and of the ads added since (made when first needed). */
  private newestRank: Float64Array = new Float64Array(0);
  private priceRank: Float64Array = new Float64Array(0);
  private deltaKeys: { size: number; newest: Map<number, number>; price: Map<number, number> } | null = null;
  aliveCount = 0;
  private dead = 0;
  /**
   * The listed ads of a filter's own bitset (a category, a condition), as counted when the index had
   * seen `changes` adds and kills (size + dead: both only grow).
   */
  private listedCounts = new WeakMap<Uint32Array, { changes: number; n: number }>();

  constructor(private readonly tuning: IndexTuning = DEFAULT_INDEX_TUNING) {}

  /** True once a quarter of the ordinals belong to removed or rewritten ads: time for a fresh load. */
  get wasteful(): boolean {
    return this.size > 10_000 && this.dead > this.size / 4;
  }

  /** Whether the ad is listed in this index. */
  has(id: string): boolean {
    return this.byId.has(id);
  }

  upsert(ad: IndexedAd) {
    const old = this.byId.get(ad.id);
    if (old !== undefined) {
      if (ad.listed && this.xids[old] === ad.xid) return;
      this.kill(old);
    }
    if (ad.listed) this.add(ad);
  }

  remove(id: string) {
    const old = this.byId.get(id);
    if (old !== undefined) this.kill(old);
  }

  private kill(ord: number) {
    this.alive[ord] = 0;
    this.aliveBits[ord >>> 5]! &= ~(1 << (ord & 31));
    this.byId.delete(this.ids[ord]!);
    this.aliveCount -= 1;
    this.dead += 1;
  }

  private add(ad: IndexedAd) {
    const ord = this.size++;
    this.xids = grown(this.xids, this.size);
    this.alive = grown(this.alive, this.size);
    this.aliveBits = grown(this.aliveBits, (this.size + 31) >>> 5);
    this.created = grown(this.created, this.size);
    this.price = grown(this.price, this.size);
    this.entryStart = grown(this.entryStart, this.size);
    this.entryEnd = grown(this.entryEnd, this.size);
    this.ids[ord] = ad.id;
    this.byId.set(ad.id, ord);
    this.xids[ord] = ad.xid;
    this.alive[ord] = 1;
    this.aliveBits[ord >>> 5]! |= 1 << (ord & 31);
    this.created[ord] = ad.createdAt;
    this.price[ord] = ad.priceCents;
    this.aliveCount += 1;
    this.entryStart[ord] = this.entryLex.length;
    for (const { lexeme, positions } of parseTsvector(ad.tsv)) {
      const lexId = this.intern(lexeme);
      this.postings[lexId]!.push(ord);
      for (const packed of positions.length > 0 ? positions : [NO_POSITION]) {
        this.entryLex.push(lexId);
        this.entryPacked.push(packed);
      }
    }
    this.entryEnd[ord] = this.entryLex.length;
    for (const key of ad.filterKeys) {
      const posting = this.filterPostings.get(key) ?? new Posting();
      this.filterPostings.set(key, posting);
      posting.push(ord);
    }
  }

  private intern(lexeme: string): number {
    let lexId = this.lexIdOf.get(lexeme);
    if (lexId === undefined) {
      lexId = this.lexemes.length;
      this.lexemes.push(lexeme);
      this.lexIdOf.set(lexeme, lexId);
      this.postings.push(new Posting());
      this.recentLexIds.push(lexId);
    }
    return lexId;
  }

  /** The listed ads added since the sort orders were built. */
  private addedSinceOrders(): number[] {
    const added: number[] = [];
    for (let ord = this.permBase; ord < this.size; ord++) if (this.alive[ord]) added.push(ord);
    return added;
  }

  /** Merges the ads added since into the sort orders once they are too many to merge per query. */
  buildOrdersIfBehind() {
    const { deltaMax } = this.tuning;
    if (this.size - this.permBase > deltaMax || this.recentLexIds.length > deltaMax) this.buildOrders();
  }

  /** The sort orders over every ad so far (after a load, and when too many were added since). */
  buildOrders() {
    for (const _ of this.orderSteps());
  }

  /**
   * The same, handing the event loop back between steps (each a sort of every ad at most): a load at a
   * million ads otherwise held it past the health check's 2 s (issue 32, item 4). Only for an index
   * nobody reads yet.
   */
  async buildOrdersYielding(yieldNow: () => Promise<void>) {
    for (const _ of this.orderSteps()) await yieldNow();
  }

  private *orderSteps() {
    const delta = this.addedSinceOrders();
    this.newestPerm = this.merged(this.newestPerm, delta, 'newest');
    yield;
    this.priceAscPerm = this.merged(this.priceAscPerm, delta, 'price-asc');
    yield;
    this.permBase = this.size;
    this.newestRank = ranksOf(this.newestPerm, this.size);
    this.priceRank = ranksOf(this.priceAscPerm, this.size);
    this.deltaKeys = null;
    yield;
    this.sortLexicon();
    for (const posting of [...this.postings, ...this.filterPostings.values()]) {
      posting.priceOrder = null;
      posting.fitBits(this.size);
    }
  }

  /** A posting's listed ads in the price order: their places in it, sorted as numbers. */
  private priceOrderOf(posting: Posting): Uint32Array {
    if (posting.priceOrder) return posting.priceOrder;
    const places = new Float64Array(posting.length);
    let n = 0;
    for (const ord of posting.view())
      if (ord < this.permBase && this.alive[ord]) places[n++] = this.priceRank[ord]!;
    const sorted = places.subarray(0, n).sort();
    posting.priceOrder = Uint32Array.from(sorted, (place) => this.priceAscPerm[place]!);
    return posting.priceOrder;
  }

  private merged(perm: Uint32Array, delta: number[], order: Order): Uint32Array {
    const cmp = this.comparator(order);
    const added = delta.sort(cmp);
    const out = new Uint32Array(this.aliveCount);
    let n = 0;
    let j = 0;
    for (const ord of perm) {
      if (!this.alive[ord]) continue;
      while (j < added.length && cmp(added[j]!, ord) < 0) out[n++] = added[j++]!;
      out[n++] = ord;
    }
    while (j < added.length) out[n++] = added[j++]!;
    return out.subarray(0, n);
  }

  private sortLexicon() {
    if (this.recentLexIds.length === 0) return;
    const all = [...this.sortedLexIds, ...this.recentLexIds];
    all.sort((a, b) => (this.lexemes[a]! < this.lexemes[b]! ? -1 : 1));
    this.sortedLexIds = Uint32Array.from(all);
    this.recentLexIds = [];
  }

  /**
   * A number per ad that sorts as `order` does: its place in the sort order, and for an ad added
   * since the order was built, a fraction between the places it falls between.
   */
  private sortKeyOf(order: Order): (ord: number) => number {
    const keys = this.keysOfDelta();
    const ranks = order === 'newest' ? this.newestRank : this.priceRank;
    const delta = order === 'newest' ? keys.newest : keys.price;
    const { permBase } = this;
    const key = (ord: number) => (ord < permBase ? ranks[ord]! : delta.get(ord)!);
    return order === 'price-desc' ? (ord) => -key(ord) : key;
  }

  private keysOfDelta() {
    if (this.deltaKeys?.size === this.size) return this.deltaKeys;
    const delta = this.addedSinceOrders();
    const placed = (perm: Uint32Array, order: Order) => {
      const cmp = this.comparator(order);
      const sorted = delta.slice().sort(cmp);
      const keys = new Map<number, number>();
      let i = 0;
      while (i < sorted.length) {
        // The first place in the order the ad comes strictly before, and the run of added ads placed
        // there. An edited ad was added again: its old entry, removed but still in the order, sorts
        // equal to it and must not hold the run back.
        const lo = firstWhere(perm.length, (place) => cmp(perm[place]!, sorted[i]!) > 0);
        let j = i;
        while (j < sorted.length && (lo === perm.length || cmp(sorted[j]!, perm[lo]!) < 0)) j++;
        for (let t = i; t < j; t++) keys.set(sorted[t]!, lo - 1 + (t - i + 1) / (j - i + 1));
        i = j;
      }
      return keys;
    };
    this.deltaKeys = {
      size: this.size,
      newest: placed(this.newestPerm, 'newest'),
      price: placed(this.priceAscPerm, 'price-asc'),
    };
    return this.deltaKeys;
  }

  private comparator(order: Order): (a: number, b: number) => number {
    const { created, price, ids } = this;
    const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    if (order === 'newest') return (a, b) => created[b]! - created[a]! || byId(b, a);
    if (order === 'price-asc') return (a, b) => price[a]! - price[b]! || byId(a, b);
    return (a, b) => price[b]! - price[a]! || byId(b, a);
  }

  // ---- queries -------------------------------------------------------------------------------

  private postingOfOperand(operand: { lexeme: string; prefix: boolean }): DocSet {
    return unionAll(
      this.lexIdsOf(operand).map((lexId) => this.postings[lexId]!.asSet()),
      this.size,
    );
  }

  /** The lexemes an operand matches: its own, or every one it is a prefix of. */
  private lexIdsOf(operand: { lexeme: string; prefix: boolean }): number[] {
    if (operand.prefix) return this.lexIdsWithPrefix(operand.lexeme);
    const lexId = this.lexIdOf.get(operand.lexeme);
    return lexId === undefined ? [] : [lexId];
  }

  private lexIdsWithPrefix(prefix: string): number[] {
    const sorted = this.sortedLexIds;
    const lo = firstWhere(sorted.length, (i) => this.lexemes[sorted[i]!]! >= prefix);
    const found: number[] = [];
    for (let i = lo; i < sorted.length && this.lexemes[sorted[i]!]!.startsWith(prefix); i++)
      found.push(sorted[i]!);
    for (const lexId of this.recentLexIds) if (this.lexemes[lexId]!.startsWith(prefix)) found.push(lexId);
    return found;
  }

  /** Which operands each lexeme of the index matches (a prefix operand matches many). */
  private operandMasks(text: ParsedQuery): Int32Array {
    const masks = new Int32Array(this.lexemes.length);
    text.operands.forEach((operand, i) => {
      for (const lexId of this.lexIdsOf(operand)) masks[lexId]! |= 1 << i;
    });
    return masks;
  }

  /** The operands a document holds, as a mask (its lexemes looked up in `masks`). */
  private maskOfDoc(ord: number, masks: Int32Array): number {
    const lex = this.entryLex.data;
    let mask = 0;
    for (let e = this.entryStart[ord]!, end = this.entryEnd[ord]!; e < end; e++) mask |= masks[lex[e]!]!;
    return mask;
  }

  /**
   * What reading a node's ads costs beyond looking its posting lists up: the unions of a prefix's
   * lexemes and of OR's alternatives (a single list is there already, and looked up per ad).
   */
  private unionCost(node: QueryNode, text: ParsedQuery): number {
    // A list with a bitset joins a union word by word: 32 ads a step.
    const readCost = (lexId: number) => {
      const posting = this.postings[lexId]!;
      return posting.bits ? posting.bits.length : posting.length;
    };
    if (node.op === 'leaf') {
      const lexIds = this.lexIdsOf(text.operands[node.operand]!);
      return lexIds.length <= 1 ? 0 : lexIds.reduce((sum, lexId) => sum + readCost(lexId), 0);
    }
    if (node.op === 'and') return node.children.reduce((sum, child) => sum + this.unionCost(child, text), 0);
    const distinct = this.distinctChildren(node, text);
    if (distinct.length === 1) return this.unionCost(distinct[0]!, text);
    return distinct.reduce((sum, child) => {
      if (child.op !== 'leaf') return sum + this.estimate(child, text);
      return (
        sum + this.lexIdsOf(text.operands[child.operand]!).reduce((cost, lexId) => cost + readCost(lexId), 0)
      );
    }, 0);
  }

  /** An OR's alternatives, the same lexeme once ('carabin' | 'carabin': a word and its lemma). */
  private distinctChildren(node: { children: QueryNode[] }, text: ParsedQuery): QueryNode[] {
    const key = (child: QueryNode) =>
      child.op === 'leaf' ? JSON.stringify(text.operands[child.operand]) : Symbol();
    return [...new Map(node.children.map((child) => [key(child), child])).values()];
  }

  /** How many ads a node's posting lists hold, without reading them. */
  private estimate(node: QueryNode, text: ParsedQuery): number {
    if (node.op === 'leaf')
      return this.lexIdsOf(text.operands[node.operand]!).reduce(
        (sum, lexId) => sum + this.postings[lexId]!.length,
        0,
      );
    const sizes = node.children.map((child) => this.estimate(child, text));
    return node.op === 'and' ? Math.min(...sizes) : sizes.reduce((a, b) => a + b, 0);
  }

  /**
   * The ads a query node matches. An AND starts from its smallest part; a part whose union would
   * cost many times more than the ads left to test (a prefix of one or two letters, alternatives
   * in every other ad) is tested on each remaining ad's own lexemes instead: `cz p-10 c` reads
   * 'p-10', not the lists of every lexeme starting with 'c'.
   */
  private evaluate(node: QueryNode, text: ParsedQuery, tests: DocTests): DocSet {
    if (node.op === 'leaf') {
      return this.postingOfOperand(text.operands[node.operand]!);
    }
    if (node.op === 'or')
      return unionAll(
        this.distinctChildren(node, text).map((child) => this.evaluate(child, text, tests)),
        this.size,
      );
    const parts = node.children
      .map((child) => ({ child, size: this.estimate(child, text) }))
      .sort((a, b) => a.size - b.size);
    let set = this.evaluate(parts[0]!.child, text, tests);
    for (const { child } of parts.slice(1)) {
      if (sizeOf(set) === 0) return EMPTY;
      set = this.narrowed(set, child, text, tests);
    }
    return set;
  }

  /** `set` and `node`: by testing each ad of a small set, else by intersecting the node's ads. */
  private narrowed(set: DocSet, node: QueryNode, text: ParsedQuery, tests: DocTests): DocSet {
    const cheaper = sizeOf(set) * this.tuning.perDocTestCost < this.unionCost(node, text);
    const test = cheaper ? tests.of(node) : null;
    if (!test) return intersectAll([set, this.evaluate(node, text, tests)], this.size);
    const masks = tests.masks();
    const keep = (ord: number) => test(this.maskOfDoc(ord, masks));
    if (set.kind === 'list') return { kind: 'list', ords: set.ords.filter(keep) };
    const ords: number[] = [];
    forEachBit(set.bits, null, (ord) => {
      if (keep(ord)) ords.push(ord);
    });
    return { kind: 'list', ords: Uint32Array.from(ords) };
  }

  /**
   * Sets of posting lists every match is in one of: each filter value's list, and each word of the
   * text that must be there, as its lexeme's list or its prefix's lists. A price-sorted page can
   * walk one of them in its own price order.
   */
  private mustPostings(query: IndexQuery): Posting[][] {
    const musts = query.filterKeys.flatMap((key) => {
      const posting = this.filterPostings.get(key);
      return posting ? [[posting]] : [];
    });
    const root = query.text?.root;
    const leaves = !root ? [] : root.op === 'leaf' ? [root] : root.op === 'and' ? root.children : [];
    for (const leaf of leaves) {
      if (leaf.op !== 'leaf') continue;
      const lexIds = this.lexIdsOf(query.text!.operands[leaf.operand]!);
      if (lexIds.length > 0 && lexIds.length <= MAX_MERGED_LISTS)
        musts.push(lexIds.map((lexId) => this.postings[lexId]!));
    }
    return musts;
  }

  private candidates(query: IndexQuery): Candidates {
    const sets: DocSet[] = [];
    for (const key of query.filterKeys) {
      const posting = this.filterPostings.get(key);
      if (!posting) return EMPTY;
      sets.push(posting.asSet());
    }
    const { text } = query;
    if (text && !text.root) return EMPTY;
    if (!text?.root) return sets.length === 0 ? 'all' : intersectAll(sets, this.size);
    const tests = new DocTests(text, () => this.operandMasks(text));
    if (sets.length === 0) return this.evaluate(text.root, text, tests);
    const filtered = intersectAll(sets, this.size);
    return this.narrowed(filtered, text.root, text, tests);
  }

  search(query: IndexQuery): IndexPage {
    const found = this.candidates(query);
    if (found !== 'all' && sizeOf(found) === 0) return { hits: [], total: 0, capped: false };
    const { priceMinCents: min, priceMaxCents: max } = query;
    const { alive, price } = this;
    const priced = min !== undefined || max !== undefined;
    const inPrice = (ord: number) =>
      (min === undefined || price[ord]! >= min) && (max === undefined || price[ord]! <= max);
    const listed = (ord: number) => alive[ord] === 1 && (!priced || inPrice(ord));
    const candidates = found === 'all' ? this.size : sizeOf(found);
    if (found !== 'all' && found.kind === 'list' && candidates <= this.tuning.collectMax)
      return this.pageOfMatches(query, this.matchesOf(found, listed));
    const bits = found === 'all' ? null : bitsOf(found, this.size);
    const accept = bits ? (ord: number) => hasBit(bits, ord) && listed(ord) : listed;
    // A price range holding fewer ads than the candidates is the smaller set to test.
    const range = priced ? this.priceRange(min, max) : null;
    const inRange = range !== null && range.size < candidates ? range : null;
    const upTo = query.exactCount ? Number.POSITIVE_INFINITY : query.cap + 1;
    const testAll = () =>
      this.pageOfMatches(
        query,
        inRange
          ? this.matchesInRange(inRange, accept, Number.POSITIVE_INFINITY)
          : this.matchesOf(found, accept),
      );
    // A walk in sort order stops at its page, but past a few steps per ad to test, testing them all
    // costs less (a filter whose ads are rare where the sort order starts). A step costs a fraction of
    // what a tested ad does, the more so for relevance, whose test keeps the newest `cap` in a heap.
    const toTest = inRange ? inRange.size : candidates;
    const budget = Math.max(this.tuning.collectMax, WALK_STEPS_PER_AD * toTest);
    if (query.sort === 'relevance') {
      const pool = this.walk('newest', accept, query, null, query.cap + 1, budget * 3);
      if (!pool) return testAll();
      const total = pool.length > query.cap ? query.cap + 1 : pool.length;
      return { ...this.rankedPage(query, pool.slice(0, query.cap)), ...this.totalOf(query, total) };
    }
    const order: Order = query.sort;
    // Sorted by price, the smallest large set of lists every match is in, walked in their own price
    // order: prices follow brands and categories, so the order of all ads reaches a brand's late.
    const sizeOfMust = (lists: Posting[]) => lists.reduce((sum, posting) => sum + posting.length, 0);
    const smallestMust = this.mustPostings(query)
      .filter(
        (lists) =>
          sizeOfMust(lists) >= this.tuning.priceOrderMin && sizeOfMust(lists) < (inRange?.size ?? Infinity),
      )
      .sort((a, b) => sizeOfMust(a) - sizeOfMust(b))[0];
    const own =
      order !== 'newest' && smallestMust ? smallestMust.map((posting) => this.priceOrderOf(posting)) : null;
    const ownSteps = own ? own.reduce((sum, list) => sum + list.length, 0) : 0;
    const after = this.afterCursor(order, query.after);
    const hits = this.walk(order, accept, query, after, query.limit, own ? ownSteps : budget, own);
    if (!hits) return testAll();
    // A filter's own bitset is the same array from query to query: its exact count is kept.
    const ownBits = found !== 'all' && found.kind === 'list' ? found.bits : undefined;
    const total = inRange
      ? this.matchesInRange(inRange, accept, upTo).length
      : ownBits && !priced && upTo === Number.POSITIVE_INFINITY
        ? this.listedIn(ownBits)
        : this.count(bits, priced, accept, upTo);
    return { hits: hits.map((ord) => this.hit(order, ord)), ...this.totalOf(query, total) };
  }

  /** The ads priced within the bounds: a span of the price order, and the ads added since it was built. */
  private priceRange(min: number | undefined, max: number | undefined): PriceRange {
    const perm = this.priceAscPerm;
    const { price } = this;
    const firstAbove = (test: (cents: number) => boolean) =>
      firstWhere(perm.length, (place) => test(price[perm[place]!]!));
    const from = min === undefined ? 0 : firstAbove((cents) => cents >= min);
    const to = max === undefined ? perm.length : firstAbove((cents) => cents > max);
    return { from, to, size: Math.max(0, to - from) + (this.size - this.permBase) };
  }

  /** Up to `upTo` accepted ads of a price range (in no particular order). */
  private matchesInRange(range: PriceRange, accept: (ord: number) => boolean, upTo: number): number[] {
    const perm = this.priceAscPerm;
    const matches: number[] = [];
    for (let t = range.from; t < range.to && matches.length < upTo; t++)
      if (accept(perm[t]!)) matches.push(perm[t]!);
    for (let ord = this.permBase; ord < this.size && matches.length < upTo; ord++)
      if (accept(ord)) matches.push(ord);
    return matches;
  }

  /** Every accepted ad among the candidates. */
  private matchesOf(found: Candidates, accept: (ord: number) => boolean): number[] {
    const matches: number[] = [];
    if (found === 'all') {
      for (let ord = 0; ord < this.size; ord++) if (accept(ord)) matches.push(ord);
    } else if (found.kind === 'list') {
      for (const ord of found.ords) if (accept(ord)) matches.push(ord);
    } else {
      forEachBit(found.bits, this.aliveBits, (ord) => {
        if (accept(ord)) matches.push(ord);
      });
    }
    return matches;
  }

  private totalOf(query: IndexQuery, matches: number) {
    if (query.exactCount) return { total: matches, capped: false };
    return { total: Math.min(matches, query.cap), capped: matches > query.cap };
  }

  /** Matches found by testing a short list of candidates: counted exactly, sorted by selection. */
  private pageOfMatches(query: IndexQuery, matches: number[]): IndexPage {
    const counted = this.totalOf(query, matches.length);
    if (query.sort === 'relevance') {
      const pool =
        matches.length <= query.cap ? matches : selectSmallest(matches, this.sortKeyOf('newest'), query.cap);
      return { ...this.rankedPage(query, pool), ...counted };
    }
    const after = this.afterCursor(query.sort, query.after);
    const rest = after ? matches.filter(after) : matches;
    const hits = selectSmallest(rest, this.sortKeyOf(query.sort), query.limit);
    return { hits: hits.map((ord) => this.hit(query.sort as Order, ord)), ...counted };
  }

  /** How many listed ads a filter's bitset holds: counted word by word the first time after a change. */
  private listedIn(bits: Uint32Array): number {
    const changes = this.size + this.dead;
    const kept = this.listedCounts.get(bits);
    if (kept?.changes === changes) return kept.n;
    const n = this.count(bits, false, () => true, Number.POSITIVE_INFINITY);
    this.listedCounts.set(bits, { changes, n });
    return n;
  }

  private count(
    bits: Uint32Array | null,
    priced: boolean,
    accept: (ord: number) => boolean,
    upTo: number,
  ): number {
    if (!priced) {
      if (!bits) return this.aliveCount;
      let n = 0;
      const { aliveBits } = this;
      for (let i = 0; i < bits.length && n < upTo; i++) n += popcount(bits[i]! & aliveBits[i]!);
      return n;
    }
    let n = 0;
    if (bits) {
      for (let i = 0; i < bits.length && n < upTo; i++) {
        let word = bits[i]! & this.aliveBits[i]!;
        while (word !== 0) {
          const low = word & -word;
          if (accept((i << 5) + 31 - Math.clz32(low))) n += 1;
          word ^= low;
        }
      }
      return n;
    }
    for (let ord = 0; ord < this.size && n < upTo; ord++) if (accept(ord)) n += 1;
    return n;
  }

  /** The cursor as a test: does the ad come after it in this order? */
  private afterCursor(
    order: Order | 'relevance',
    after: IndexQuery['after'],
  ): ((ord: number) => boolean) | null {
    if (!after) return null;
    const { created, price, ids } = this;
    if (order === 'newest') {
      const at = Date.parse(after.key);
      return (ord) => created[ord]! < at || (created[ord] === at && ids[ord]! < after.id);
    }
    if (order === 'relevance') return null;
    const cents = Math.round(Number(after.key) * 100);
    return order === 'price-asc'
      ? (ord) => price[ord]! > cents || (price[ord] === cents && ids[ord]! > after.id)
      : (ord) => price[ord]! < cents || (price[ord] === cents && ids[ord]! < after.id);
  }

  /**
   * Up to `want` accepted ads in `order` after the cursor: the sort order's array from the cursor's
   * place (found by bisection; price bounds start and stop a price order's walk), merged with the
   * ads added since it was built. Null past `budget` steps.
   */
  private walk(
    order: Order,
    accept: (ord: number) => boolean,
    query: IndexQuery,
    after: ((ord: number) => boolean) | null,
    want: number,
    budget: number,
    ownPriceOrders: Uint32Array[] | null = null,
  ): number[] | null {
    const sources = order === 'newest' ? [this.newestPerm] : (ownPriceOrders ?? [this.priceAscPerm]);
    const backwards = order === 'price-desc';
    const { price } = this;
    const { priceMinCents: min, priceMaxCents: max } = query;
    let stop: ((ord: number) => boolean) | null = null;
    if (order === 'price-asc' && max !== undefined) stop = (ord) => price[ord]! > max;
    if (order === 'price-desc' && min !== undefined) stop = (ord) => price[ord]! < min;
    // Each source from its first ad after the cursor and within the price bounds (by bisection).
    const cursors = sources.map((perm) => {
      const n = perm.length;
      const at = (t: number) => perm[backwards ? n - 1 - t : t]!;
      const firstAd = (test: (ord: number) => boolean) => firstWhere(n, (t) => test(at(t)));
      let t = after ? firstAd(after) : 0;
      if (order === 'price-asc' && min !== undefined)
        t = Math.max(
          t,
          firstAd((ord) => price[ord]! >= min),
        );
      if (order === 'price-desc' && max !== undefined)
        t = Math.max(
          t,
          firstAd((ord) => price[ord]! <= max),
        );
      return { at, t, n };
    });
    const next = this.mergedInOrder(order, cursors);
    const cmp = this.comparator(order);
    const delta: number[] = [];
    for (let ord = this.permBase; ord < this.size; ord++)
      if (accept(ord) && (!after || after(ord))) delta.push(ord);
    delta.sort(cmp);
    const out: number[] = [];
    let j = 0;
    for (let steps = 0, ord = next(); ord >= 0 && out.length < want; ord = next(), steps++) {
      if (steps > budget) return null;
      if (stop?.(ord)) break;
      if (!accept(ord)) continue;
      while (j < delta.length && out.length < want && cmp(delta[j]!, ord) < 0) out.push(delta[j++]!);
      if (out.length < want) out.push(ord);
    }
    while (j < delta.length && out.length < want) out.push(delta[j++]!);
    return out;
  }

  /**
   * The next ad of several sources, each in the same sort order (the lists of a prefix's words):
   * merged by their places in that order, an ad in two sources given once; -1 at the end.
   */
  private mergedInOrder(
    order: Order,
    cursors: { at: (t: number) => number; t: number; n: number }[],
  ): () => number {
    if (cursors.length === 1) {
      const only = cursors[0]!;
      return () => (only.t < only.n ? only.at(only.t++) : -1);
    }
    const rank = order === 'newest' ? this.newestRank : this.priceRank;
    const sign = order === 'price-desc' ? -1 : 1;
    const live = cursors.filter((c) => c.t < c.n);
    const keyOf = (c: (typeof live)[number]) => sign * rank[c.at(c.t)]!;
    let last = -1;
    return () => {
      for (;;) {
        let best = -1;
        for (let i = 0; i < live.length; i++) {
          const c = live[i]!;
          if (c.t < c.n && (best < 0 || keyOf(c) < keyOf(live[best]!))) best = i;
        }
        if (best < 0) return -1;
        const c = live[best]!;
        const ord = c.at(c.t++);
        if (ord !== last) {
          last = ord;
          return ord;
        }
      }
    };
  }

  private hit(order: Order, ord: number) {
    const key =
      order === 'newest' ? new Date(this.created[ord]!).toISOString() : (this.price[ord]! / 100).toFixed(2);
    return { id: this.ids[ord]!, key };
  }

  /** The pool ranked as ts_rank_cd ranks it; the page after the cursor by rank, newest, id. */
  private rankedPage(query: IndexQuery, pool: number[]): Pick<IndexPage, 'hits'> {
    const text = query.text;
    if (!text?.root) return { hits: [] };
    const ranks = this.ranks(text, pool);
    const { created, ids } = this;
    const rankOf = new Map(pool.map((ord, i) => [ord, ranks[i]!]));
    const cmp = (a: number, b: number) =>
      rankOf.get(b)! - rankOf.get(a)! ||
      created[b]! - created[a]! ||
      (ids[b]! < ids[a]! ? -1 : ids[b]! > ids[a]! ? 1 : 0);
    let rest = pool;
    if (query.after) {
      const [rankText, createdText] = query.after.key.split('|');
      const rank = Math.fround(Number(rankText));
      const at = Date.parse(createdText ?? '');
      const id = query.after.id;
      rest = pool.filter((ord) => {
        const r = rankOf.get(ord)!;
        return r < rank || (r === rank && (created[ord]! < at || (created[ord] === at && ids[ord]! < id)));
      });
    }
    // The pool is at most `cap` ads: sorted whole.
    const hits = rest.sort(cmp).slice(0, query.limit);
    return {
      hits: hits.map((ord) => ({
        id: ids[ord]!,
        key: `${float4Text(rankOf.get(ord)!)}|${new Date(created[ord]!).toISOString()}`,
      })),
    };
  }

  private ranks(text: ParsedQuery, pool: number[]): number[] {
    if (!text.root || text.operands.length > MAX_RANKED_OPERANDS) return pool.map(() => 0);
    const test = compileMaskTest(text.root);
    const masks = this.operandMasks(text);
    const lex = this.entryLex.data;
    const packedAll = this.entryPacked.data;
    // Scratch for one document at a time: its matching entries as sortable keys (packed position,
    // then the entry's place in the tsvector, which is PostgreSQL's lexeme order), then in order.
    let keys = new Float64Array(64);
    let doc: DocRepresentation = { packed: new Int32Array(64), masks: new Int32Array(64), length: 0 };
    return pool.map((ord) => {
      const start = this.entryStart[ord]!;
      const end = this.entryEnd[ord]!;
      if (end - start > keys.length) {
        keys = new Float64Array(end - start);
        doc = { packed: new Int32Array(end - start), masks: new Int32Array(end - start), length: 0 };
      }
      let n = 0;
      for (let e = start; e < end; e++)
        if (masks[lex[e]!] !== 0 && packedAll[e] !== NO_POSITION)
          keys[n++] = packedAll[e]! * 65_536 + (e - start);
      const sorted = keys.subarray(0, n).sort();
      const packed = doc.packed as Int32Array;
      const docMasks = doc.masks as Int32Array;
      for (let i = 0; i < n; i++) {
        const entry = start + (sorted[i]! % 65_536);
        packed[i] = packedAll[entry]!;
        docMasks[i] = masks[lex[entry]!]!;
      }
      doc.length = n;
      return rankCd(doc, test, INVERSE_WEIGHTS);
    });
  }
}
