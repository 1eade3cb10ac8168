import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdPage, browseQuerySchema } from '../../common/schemas/ads';
import { canonicalBrand, type Sort } from '../../common/values';
import { type Database, queryRows } from '../db/client';
import { throughBitmaps, throughSortIndex } from '../db/planner';
import { CARD_SCORE_COLUMNS } from '../deals/score';
import type { Storage } from '../storage/storage';
import { type Cursor, decodeCursor, encodeCursor } from './cursor';
import { type AdCardRow, presentCard } from './presenters';
import { firstImages } from './queries';
import { buildSearchQuery, countiesInText } from './search';
import { RANK_WEIGHTS } from './search-index/rank-cd';

/**
 * A browse query as the API takes it; `mostWords` (never from a request) matches ads with all of the
 * text's words but one: the near matches findAds shows below a short list.
 */
export type BrowseQuery = z.output<typeof browseQuerySchema> & { mostWords?: boolean };

/**
 * A text search counts its matches up to this many and then says "more": an exact count of a
 * common word over a million ads would cost more than the page itself.
 */
export const SEARCH_TOTAL_CAP = 1000;

/**
 * How many listed ads, in the sort's order, a search first walks looking for a page of matches.
 * Matches denser than a page per WALK_ROWS are found by the walk; sparser ones are few enough in
 * all (about 1 in WALK_ROWS / page size or rarer) to be collected whole through the indexes and sorted.
 */
export const WALK_ROWS = 4000;

/**
 * Relevance ranks a bounded set of matches: all of them when there are at most SEARCH_TOTAL_CAP,
 * else those among the newest RELEVANCE_WINDOW listed ads (or, when that holds less than a page, the
 * newest SEARCH_TOTAL_CAP matches). See docs/ARCHITECTURE.md.
 */
export const RELEVANCE_WINDOW = WALK_ROWS;

/**
 * A driver (or category) with at most this many listed ads is read whole when its walk found no page:
 * the exact matches in a few milliseconds, where the indexes' bitmaps of a dense word cost a hundred
 * or more (see readWhole).
 */
export const WHOLE_ROWS = 2 * WALK_ROWS;

/** The plan's sizes; tests make them small to reach every path with few ads. */
export type SearchTuning = { walkRows: number; relevanceWindow: number; cap: number; wholeRows: number };
export const DEFAULT_TUNING: SearchTuning = {
  walkRows: WALK_ROWS,
  relevanceWindow: RELEVANCE_WINDOW,
  cap: SEARCH_TOTAL_CAP,
  wholeRows: WHOLE_ROWS,
};

/** ts_rank_cd weights for D, C (description), B (brand, model, caliber), A (title). */
const RANK = sql`ts_rank_cd(${sql.raw(`'{${RANK_WEIGHTS.join(', ')}}'`)}::real[], a.tsv, q.query)`;

export type Row = Omit<AdCardRow, 'price'> & { price: number; priceKey: string; rankKey?: string };

/** Per sort: the ORDER BY, and the condition for the rows after the cursor (same index either way). */
const ORDERING: Record<
  Exclude<Sort, 'relevance'>,
  { orderBy: SQL; reverse: SQL; after: (cursor: Cursor) => SQL }
> = {
  newest: {
    orderBy: sql`a.created_at desc, a.id desc`,
    reverse: sql`a.created_at asc, a.id asc`,
    after: (c) => sql`(a.created_at, a.id) < (${c.key}::timestamptz, ${c.id}::uuid)`,
  },
  'price-asc': {
    orderBy: sql`a.price asc, a.id asc`,
    reverse: sql`a.price desc, a.id desc`,
    after: (c) => sql`(a.price, a.id) > (${c.key}::numeric, ${c.id}::uuid)`,
  },
  'price-desc': {
    orderBy: sql`a.price desc, a.id desc`,
    reverse: sql`a.price asc, a.id asc`,
    after: (c) => sql`(a.price, a.id) < (${c.key}::numeric, ${c.id}::uuid)`,
  },
};

const RELEVANCE_ORDER = sql`a.rank desc, a.created_at desc, a.id desc`;
const afterRelevance = (c: Cursor) => {
  const [rank, createdAt] = c.key.split('|');
  return sql`(a.rank, a.created_at, a.id) < (${rank}::real, ${createdAt}::timestamptz, ${c.id}::uuid)`;
};

export const CARD_COLUMNS = sql`a.id, a.title, a.category, a.condition, a.price::float8 as price,
  a.price::text as "priceKey", a.location, a.county, a.caliber, a.caliber_id as "caliberId", a.action,
  a.featured, a.status, a.created_at as "createdAt", a.published_at as "publishedAt",
  a.legal_category as "legalCategory", a.seller_dealer as "sellerDealer",
  a.reserved_at is not null as reserved, ${CARD_SCORE_COLUMNS}`;
/**
 * What a set of matches or a walk's window carries: the sort keys (and for ranking the text). The
 * page's cards are then read by id (cardsOf): carrying every card column through a set of thousands
 * cost more than reading it (see walkPage).
 */
const SORT_KEYS = sql`a.id, a.created_at, a.price`;
const RANKED_KEYS = sql`${SORT_KEYS}, a.tsv`;
/** The page's rows of ads, read by id from `page`, a select over a set that yields `id` and `extra`. */
const cardsOf = (page: SQL, extra: SQL = sql``) =>
  sql`(select a.*${extra} from (${page}) p join ads a on a.id = p.id)`;

/** The sort a query means: relevance only ranks text, and a text search without a sort is ranked. */
export function effectiveSort(
  query: Pick<BrowseQuery, 'sort' | 'q'>,
  hasText: boolean,
): Exclude<Sort, 'relevance'> | 'relevance' {
  if (!hasText) return query.sort && query.sort !== 'relevance' ? query.sort : 'newest';
  return query.sort ?? 'relevance';
}

/**
 * The structured filters of a browse query, as conditions on `ads a`: what it means for an ad to be
 * listed (approved, owner active) and to match every filter but the text. Saved searches reuse it.
 */
export function listingConditions(query: BrowseQuery): SQL[] {
  const plan = planFor(query, 'newest', null);
  return [...plan.walk, ...plan.filters];
}

type Driver = 'brand' | 'caliber' | 'county' | 'dealer' | 'action' | 'legal';
/**
 * Equality filters with an index of their own in either sort's order (migration 0013), most
 * selective first: the first one a query has drives its walk, which then reads only ads that have it.
 */
const DRIVERS: readonly Driver[] = ['brand', 'caliber', 'county', 'dealer', 'action', 'legal'];

function equalityFilters(query: BrowseQuery): Partial<Record<Driver, SQL>> {
  const county = countiesOf(query)[0];
  return {
    // Brands are stored as canonicalBrand spells them, so equality finds any case and uses the index.
    brand: query.brand ? sql`a.brand = ${canonicalBrand(query.brand)}` : undefined,
    caliber: query.caliber ? sql`a.caliber_id = ${query.caliber}` : undefined,
    county: county ? sql`a.county = ${county}` : undefined,
    action: query.action ? sql`a.action = ${query.action}` : undefined,
    // Issue 12: the legal category (Legea 295/2004), counted like the other structured filters.
    legal: query.legal ? sql`a.legal_category = ${query.legal}` : undefined,
    // Issue 12: verified dealers' ads (a partial index per sort, migration 0015).
    dealer: query.dealer ? sql`a.seller_dealer` : undefined,
  };
}

/**
 * The county filter first, then those named in the text ("lunete bistrița"): the first can drive,
 * the others (a text and a filter that disagree) are tested like any filter.
 */
export function countiesOf(query: BrowseQuery): string[] {
  return [...new Set([...(query.county ? [query.county] : []), ...countiesInText(query.q)])];
}

function priceConditions(query: BrowseQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.priceMin !== undefined) conditions.push(sql`a.price >= ${query.priceMin}`);
  if (query.priceMax !== undefined) conditions.push(sql`a.price <= ${query.priceMax}`);
  return conditions;
}

/**
 * What a page must match: `walk` are the conditions a sort's index holds (listed, and the driver or
 * else the category; the condition, at least one ad in ten, is tested on the way), so a walk through
 * them reads a bounded number of rows; `filters` and `search` the rest, which a walk tests row by row.
 * `counted`: the trigger-kept counters know the total (no filter beyond category and condition).
 */
type Plan = { walk: SQL[]; filters: SQL[]; search: SQL | null; counted: boolean };

function planFor(query: BrowseQuery, sort: Sort, search: SQL | null): Plan {
  const equality = equalityFilters(query);
  const driver = DRIVERS.find((name) => equality[name]);
  const walk: SQL[] = [sql`a.status = 'approved'`, sql`a.owner_active`];
  const filters: SQL[] = [];
  if (driver) walk.push(equality[driver] as SQL);
  if (query.category) (driver ? filters : walk).push(sql`a.category = ${query.category}`);
  if (query.condition) walk.push(sql`a.condition = ${query.condition}`);
  for (const name of DRIVERS) if (name !== driver && equality[name]) filters.push(equality[name]);
  for (const county of countiesOf(query).slice(1)) filters.push(sql`a.county = ${county}`);
  // Issue 28: "hide reserved" keeps nearly every ad, so it never drives; tested on the way.
  if (query.available) filters.push(sql`a.reserved_at is null`);
  // Sorted by price, the bounds are where the walk starts and stops on the price index (a walk from
  // the cheapest ad testing `price >= 1500` would read only cheaper ones); else tested like a filter.
  const prices = priceConditions(query);
  (sort === 'price-asc' || sort === 'price-desc' ? walk : filters).push(...prices);
  const counted = !search && !driver && filters.length === 0 && prices.length === 0;
  return { walk, filters, search, counted };
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/**
 * One page of the public list, in keyset order (never OFFSET).
 *
 * Without text or filters beyond the category and condition, the sort's index hands out the page and
 * the counters the total. Otherwise the planner's estimates cannot be trusted (prefix terms, terms
 * common alone and rare together, filters that go together), so the plan follows what the data says:
 * see sortedPage and rankedPage, and docs/ARCHITECTURE.md "Search".
 */
export async function browseAds(
  db: Database,
  storage: Storage,
  query: BrowseQuery,
  tuning: SearchTuning = DEFAULT_TUNING,
): Promise<AdPage> {
  const search = buildSearchQuery(query.q, query.mostWords);
  const sort = effectiveSort(query, search !== null);
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const limit = query.limit + 1;

  const plan = planFor(query, sort, search);
  let rows: Row[];
  let total: Total;
  if (plan.counted) {
    const ordering = ORDERING[sort as Exclude<Sort, 'relevance'>];
    const keyset = cursor ? [ordering.after(cursor)] : [];
    [rows, total] = await Promise.all([
      queryRows<Row>(
        db,
        sql`select ${CARD_COLUMNS} from ads a where ${and([...plan.walk, ...keyset])}
            order by ${ordering.orderBy} limit ${limit}`,
      ),
      countListed(db, query),
    ]);
  } else if (sort === 'relevance' && search) {
    [rows, total] = await rankedPage(db, plan, search, cursor, limit, tuning);
  } else {
    const plain = sort as Exclude<Sort, 'relevance'>;
    [rows, total] = await sortedPage(db, plan, plain, cursor, limit, tuning);
  }

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const images = await firstImages(
    db,
    storage,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) => presentCard(row, images.get(row.id) ?? null)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ sort, key: sortKey(sort, last), id: last.id })
        : null,
    total: total.count,
    totalCapped: total.capped,
  };
}

type Total = { count: number; capped: boolean };

const totalOf = (matches: number, tuning: SearchTuning): Total => ({
  count: Math.min(matches, tuning.cap),
  capped: matches > tuning.cap,
});

const textMatch = (plan: Plan) => (plan.search ? [sql`a.tsv @@ q.query`] : []);
const queryCte = (plan: Plan) => sql`q as (select ${plan.search ?? sql`null::tsquery`} as query)`;

/** Reads matches through the indexes: bitmap scans only when there is text (planner.ts). */
function throughIndexes<T>(db: Database, plan: Plan, query: SQL): Promise<T[]> {
  // Without text the estimates hold (equality and range filters have statistics), and an index scan
  // that stops at the cap beats a bitmap of every ad in a wide price range.
  return plan.search ? throughBitmaps<T>(db, query) : queryRows<T>(db, query);
}

/** Up to cap + 1 matches read once through the indexes: their number, and the page when that is all. */
function fewMatches(plan: Plan, tuning: SearchTuning, columns: SQL) {
  return sql`
    ${queryCte(plan)},
    m as materialized (
      select ${columns} from ads a, q where ${and([...plan.walk, ...plan.filters, ...textMatch(plan)])}
      limit ${tuning.cap + 1}
    )`;
}

const isPriceSort = (sort: Exclude<Sort, 'relevance'>) => sort !== 'newest';

/**
 * The newest and price pages of filtered lists and searches.
 *
 * 1. The walk: the first `walkRows` listed ads of the driver (or category, or all) in sort order are
 *    read through the sort's index and tested. When they hold more than `cap` matches, or are all
 *    there is, the walk alone gives the page and the count: dense words ("pistol", "și") never touch
 *    the GIN index, whose bitmap for a quarter of a million ads costs over 100 ms.
 * 2. Else up to cap + 1 matches are read through the indexes: the count, and the page when that is
 *    all. When there are more and the walk found a page, that is the page.
 * 3. Else the matches are sparse where the sort starts. In price order, the matches read in step 2
 *    are a sample: all matches priced up to its k-th cheapest (or dearest) are collected through the
 *    indexes and sorted, about k / sample share of them. In newest order, or when that holds less than
 *    a page, all matches after the cursor are collected (sparse ones are few: fewer than a page per
 *    `walkRows` ads).
 */
async function sortedPage(
  db: Database,
  plan: Plan,
  sort: Exclude<Sort, 'relevance'>,
  cursor: Cursor | null,
  limit: number,
  tuning: SearchTuning,
): Promise<[Row[], Total]> {
  const ordering = ORDERING[sort];
  const keyset = cursor ? [ordering.after(cursor)] : [];
  if (!plan.search && plan.filters.length === 0) {
    // Nothing to test row by row (one filter, which drives): its index hands out the page, and the
    // count stops at the cap.
    const [rows, [counted]] = await Promise.all([
      throughSortIndex<Row>(
        db,
        sql`select ${CARD_COLUMNS} from ads a where ${and([...plan.walk, ...keyset])}
            order by ${ordering.orderBy} limit ${limit}`,
      ),
      queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select 1 from ads a where ${and(plan.walk)} limit ${tuning.cap + 1}) x`,
      ),
    ]);
    return [rows, totalOf(counted?.n ?? 0, tuning)];
  }
  const walked = await walkPage(db, plan, ordering, keyset, limit, tuning);
  if (walked.rows.length === limit && walked.hits > tuning.cap)
    return [walked.rows, totalOf(walked.hits, tuning)];
  // A walk that read fewer ads than it could has read all of them: its matches are all there are.
  if (!cursor && walked.walked < tuning.walkRows) return [walked.rows, totalOf(walked.hits, tuning)];
  if (walked.rows.length === limit && (await provesMoreThanCap(db, plan, sort, walked, tuning)))
    return [walked.rows, { count: tuning.cap, capped: true }];
  const whole = await readWhole<Row>(
    db,
    plan,
    tuning,
    SORT_KEYS,
    (size) => sql`
    select ${CARD_COLUMNS}, (select count(*)::int from hits) as hits, ${size} as size
    from (select 1) one left join lateral ${cardsOf(
      sql`select * from hits a where ${and([sql`true`, ...keyset])} order by ${ordering.orderBy} limit ${limit}`,
    )} a on true
    order by ${ordering.orderBy}`,
  );
  if (whole) return [whole.rows, totalOf(whole.hits, tuning)];

  // The sample's bound: its k-th row in sort order after the cursor (price sorts only).
  const k = Math.max(1, Math.floor(limit / 4));
  const bound = isPriceSort(sort)
    ? sql`(select a.price::text from m a where ${and([sql`true`, ...keyset])}
           order by ${ordering.orderBy} offset ${k - 1} limit 1)`
    : sql`null::text`;
  const few = await throughIndexes<Row & { matches: number; bound: string | null }>(
    db,
    plan,
    sql`
    with ${fewMatches(plan, tuning, SORT_KEYS)}
    select ${CARD_COLUMNS}, (select count(*)::int from m) as matches, ${bound} as bound
    from (select 1) one left join lateral ${cardsOf(
      sql`select * from m a where ${and([sql`true`, ...keyset])} order by ${ordering.orderBy} limit ${limit}`,
    )} a on true
    order by ${ordering.orderBy}`,
  );
  const total = totalOf(few[0]?.matches ?? 0, tuning);
  if (!total.capped) return [few.filter((row) => row.id !== null), total];

  if (walked.rows.length === limit) return [walked.rows, total];

  const sampleBound = few[0]?.bound;
  if (sampleBound != null) {
    const within =
      sort === 'price-asc'
        ? sql`a.price <= ${sampleBound}::numeric`
        : sql`a.price >= ${sampleBound}::numeric`;
    const bounded = await collect(db, plan, ordering, [...keyset, within], limit);
    if (bounded.length === limit) return [bounded, total];
  }
  return [await collect(db, plan, ordering, keyset, limit), total];
}

type Walk = { rows: Row[]; hits: number; walked: number; last: LastWalked | null };
/** The last ad a walk read, where a further walk goes on from. */
type LastWalked = { id: string; createdAt: string; priceKey: string };
type WalkRow = Row & {
  hits: number;
  walked: number;
  lastId: string | null;
  lastCreatedAt: string;
  lastPriceKey: string;
};

/** The columns naming the last row of `set` in `ordering` (a walk's window), as a lateral join. */
const lastOf = (set: SQL, reverse: SQL) => sql`
  left join lateral (
    select a.id as "lastId", a.created_at as "lastCreatedAt", a.price::text as "lastPriceKey"
    from ${set} a order by ${reverse} limit 1
  ) last on true`;

const lastWalked = (row: WalkRow | undefined): LastWalked | null =>
  row?.lastId ? { id: row.lastId, createdAt: row.lastCreatedAt, priceKey: row.lastPriceKey } : null;

/**
 * The driver's (or category's, or all) first `walkRows` listed ads in sort order after the cursor,
 * tested against the filters and the text: the page among them, how many matched, how many were read.
 * The window keeps only each ad's sort keys and whether it matched (tested as it is read), and the
 * page's cards are read by id: carrying every column of 4,000 ads through the window cost a third
 * more than the walk itself (9.5 against 6.8 ms for `carabina` in a county, at a million ads).
 */
async function walkPage(
  db: Database,
  plan: Plan,
  ordering: Ordering,
  keyset: SQL[],
  limit: number,
  tuning: SearchTuning,
): Promise<Walk> {
  const rows = await throughSortIndex<WalkRow>(
    db,
    sql`
    with ${queryCte(plan)},
    w as materialized (
      select a.id, a.created_at, a.price, (${and([sql`true`, ...plan.filters, ...textMatch(plan)])}) as hit
      from ads a, q where ${and([...plan.walk, ...keyset])}
      order by ${ordering.orderBy} limit ${tuning.walkRows}
    )
    select ${CARD_COLUMNS}, (select count(*)::int from w where hit) as hits,
      (select count(*)::int from w) as walked, last.*
    from (select 1) one
    left join lateral ${cardsOf(sql`select * from w a where hit order by ${ordering.orderBy} limit ${limit}`)} a on true
    ${lastOf(sql`w`, ordering.reverse)}
    order by ${ordering.orderBy}`,
  );
  return {
    rows: rows.filter((row) => row.id !== null),
    hits: rows[0]?.hits ?? 0,
    walked: rows[0]?.walked ?? 0,
    last: lastWalked(rows[0]),
  };
}

/** How much further than a walk a walk may go to prove a count: at most this many walks more. */
const FURTHER_WALKS = 3;

/**
 * Whether a walk's matches and those of a further walk from where it stopped are more than the cap.
 * The further walk goes only as far as the first walk's density says it needs (with half again in
 * reserve), and not at all beyond FURTHER_WALKS walks: then the GIN index counts (`lunete`, one ad in
 * ten: 6,000 more rows, about 15 ms, against a GIN bitmap of 100,000 ads at about 100 ms).
 */
async function provesMoreThanCap(
  db: Database,
  plan: Plan,
  sort: Exclude<Sort, 'relevance'>,
  walked: Pick<Walk, 'hits' | 'walked' | 'last'>,
  tuning: SearchTuning,
): Promise<boolean> {
  if (!walked.last || walked.hits === 0 || walked.walked < tuning.walkRows) return false;
  const needed = ((tuning.cap + 1 - walked.hits) * tuning.walkRows) / walked.hits;
  if (needed > FURTHER_WALKS * tuning.walkRows) return false;
  const ordering = ORDERING[sort];
  const key = sort === 'newest' ? new Date(walked.last.createdAt).toISOString() : walked.last.priceKey;
  const from = ordering.after({ sort, key, id: walked.last.id });
  const [row] = await throughSortIndex<{ n: number }>(
    db,
    sql`
    with ${queryCte(plan)}
    select count(*)::int as n from (
      select (${and([sql`true`, ...plan.filters, ...textMatch(plan)])}) as hit
      from ads a, q where ${and([...plan.walk, from])}
      order by ${ordering.orderBy} limit ${Math.ceil(needed * 1.5)}
    ) a where hit`,
  );
  return walked.hits + (row?.n ?? 0) > tuning.cap;
}

/** Every match after the cursor (and within `extra`), through the indexes, sorted. */
async function collect(
  db: Database,
  plan: Plan,
  ordering: Ordering,
  extra: SQL[],
  limit: number,
): Promise<Row[]> {
  return throughIndexes<Row>(
    db,
    plan,
    sql`
    with ${queryCte(plan)},
    m as materialized (
      select ${SORT_KEYS} from ads a, q
      where ${and([...plan.walk, ...plan.filters, ...extra, ...textMatch(plan)])}
    )
    select ${CARD_COLUMNS}
    from ${cardsOf(sql`select * from m a order by ${ordering.orderBy} limit ${limit}`)} a
    order by ${ordering.orderBy}`,
  );
}

type Ordering = (typeof ORDERING)[keyof typeof ORDERING];

/**
 * Every listed ad of the driver (or category, or all) when they are at most `wholeRows`, tested
 * against the filters and the text; `present` selects the answer from the matches (the CTE `hits`
 * holding their `keys`,
 * after which it may add CTEs of its own, starting with a comma), counts them as `hits` and names the
 * `size` it is given as `size`. Null when there are more ads than that (counted through the index, up
 * to wholeRows + 1). A walk that found no page leaves a small driver's matches to this: `carabine`
 * among a brand's 4,700 ads, 700 of them unread, took 200 ms through the GIN bitmap of a word in one
 * ad of five.
 */
async function readWhole<T extends Row>(
  db: Database,
  plan: Plan,
  tuning: SearchTuning,
  keys: SQL,
  present: (size: SQL) => SQL,
): Promise<{ rows: T[]; hits: number } | null> {
  if (tuning.wholeRows <= 0) return null;
  const rows = await throughSortIndex<T & { hits: number; size: number }>(
    db,
    sql`
    with ${queryCte(plan)},
    size as (
      select count(*)::int as n from (select 1 from ads a where ${and(plan.walk)} limit ${tuning.wholeRows + 1}) x
    ),
    hits as materialized (
      select ${keys} from ads a, q
      where ${and([...plan.walk, sql`(select n from size) <= ${tuning.wholeRows}`, ...plan.filters, ...textMatch(plan)])}
    )
    ${present(sql`(select n from size)`)}`,
  );
  if ((rows[0]?.size ?? Number.POSITIVE_INFINITY) > tuning.wholeRows) return null;
  return { rows: rows.filter((row) => row.id !== null), hits: rows[0]?.hits ?? 0 };
}

/**
 * Relevance ranks a bounded pool: every match when there are at most `cap`; else the matches among
 * the newest `relevanceWindow` listed ads of the driver (or category, or all); else, when that holds
 * less than a page, the newest `cap` matches.
 */
async function rankedPage(
  db: Database,
  plan: Plan,
  search: SQL,
  cursor: Cursor | null,
  limit: number,
  tuning: SearchTuning,
): Promise<[Row[], Total]> {
  const keyset = cursor ? afterRelevance(cursor) : sql`true`;
  // `rankWhen`: the first query reads up to cap + 1 matches to count them, and ranks them only when
  // that is all of them (an InitPlan, evaluated once); else the window below is ranked instead.
  const ranked = (pool: SQL, rankWhen: SQL = sql`true`) => sql`
    ranked as (
      select a.id, a.created_at, case when ${rankWhen} then ${RANK} else 0 end as rank from ${pool} a, q
    )
    select ${CARD_COLUMNS}, a.rank::text as "rankKey", (select count(*)::int from ranked) as "poolSize"
    from ${cardsOf(
      sql`select * from ranked a where ${keyset} order by ${RELEVANCE_ORDER} limit ${limit}`,
      sql`, p.rank`,
    )} a
    order by ${RELEVANCE_ORDER}`;
  type RankedRow = Row & { poolSize: number };

  // The window first: when it holds more than cap matches it is the pool and proves the count, and
  // a dense word never reads its whole posting list out of the GIN index. Like a walk's, it keeps
  // only the sort keys and the rank (null for an ad that does not match), and reads the page by id.
  const window = await throughSortIndex<RankedRow & WalkRow>(
    db,
    sql`
    with q as (select ${search} as query),
    win as materialized (
      select a.id, a.created_at, a.price,
        case when ${and([sql`true`, ...plan.filters, sql`a.tsv @@ q.query`])} then ${RANK} end as rank
      from ads a, q where ${and(plan.walk)}
      order by a.created_at desc, a.id desc limit ${tuning.relevanceWindow}
    )
    select ${CARD_COLUMNS}, a.rank::text as "rankKey",
      (select count(*)::int from win where rank is not null) as "poolSize",
      (select count(*)::int from win) as walked, last.*
    from (select 1) one
    left join lateral ${cardsOf(
      sql`select * from win a where a.rank is not null and ${keyset} order by ${RELEVANCE_ORDER} limit ${limit}`,
      sql`, p.rank`,
    )} a on true
    ${lastOf(sql`win`, ORDERING.newest.reverse)}
    order by ${RELEVANCE_ORDER}`,
  );
  const windowPool = window[0]?.poolSize ?? 0;
  const page = window.filter((row) => row.id !== null);
  if (windowPool > tuning.cap) return [page, totalOf(windowPool, tuning)];
  const walked = { hits: windowPool, walked: window[0]?.walked ?? 0, last: lastWalked(window[0]) };
  if (
    windowPool >= limit &&
    (await provesMoreThanCap(db, plan, 'newest', walked, { ...tuning, walkRows: tuning.relevanceWindow }))
  )
    return [page, { count: tuning.cap, capped: true }];

  // A small driver read whole: all its matches ranked when they are at most cap, as below.
  const whole = await readWhole<RankedRow>(
    db,
    plan,
    tuning,
    RANKED_KEYS,
    (size) => sql`,
    ranked as (
      select a.id, a.created_at,
        case when (select count(*) from hits) <= ${tuning.cap} then ${RANK} else 0 end as rank
      from hits a, q
    )
    select ${CARD_COLUMNS}, a.rank::text as "rankKey", (select count(*)::int from ranked) as hits, ${size} as size
    from (select 1) one left join lateral ${cardsOf(
      sql`select * from ranked a where ${keyset} order by ${RELEVANCE_ORDER} limit ${limit}`,
      sql`, p.rank`,
    )} a on true
    order by ${RELEVANCE_ORDER}`,
  );
  if (whole && whole.hits <= tuning.cap) return [whole.rows, totalOf(whole.hits, tuning)];

  const few = await throughIndexes<RankedRow>(
    db,
    plan,
    sql`with ${fewMatches(plan, tuning, RANKED_KEYS)}, ${ranked(sql`m`, sql`(select count(*) from m) <= ${tuning.cap}`)}`,
  );
  // The pool is every match read; it is counted apart only when the page is empty (past the last).
  const matches = few[0]?.poolSize ?? (await countMatches(db, plan, tuning));
  const total = totalOf(matches, tuning);
  if (!total.capped) return [few, total];
  // A window with at least a page of matches is the pool; fewer means sparse matches, few enough to
  // collect the newest cap of them through the GIN index.
  if (windowPool >= limit) return [page, total];
  const newest = await throughIndexes<RankedRow>(
    db,
    plan,
    sql`
    with q as (select ${search} as query),
    all_matches as materialized (
      select ${RANKED_KEYS} from ads a, q where ${and([...plan.walk, ...plan.filters, sql`a.tsv @@ q.query`])}
    ),
    n as materialized (select * from all_matches a order by a.created_at desc, a.id desc limit ${tuning.cap}),
    ${ranked(sql`n`)}`,
  );
  return [newest, total];
}

async function countMatches(db: Database, plan: Plan, tuning: SearchTuning): Promise<number> {
  const [row] = await throughIndexes<{ n: number }>(
    db,
    plan,
    sql`with ${fewMatches(plan, tuning, sql`a.id`)} select count(*)::int as n from m`,
  );
  return row?.n ?? 0;
}

function sortKey(sort: Sort, row: Row): string {
  if (sort === 'relevance') return `${row.rankKey}|${new Date(row.createdAt).toISOString()}`;
  return sort === 'newest' ? new Date(row.createdAt).toISOString() : row.priceKey;
}

/** Without text or filters other than the category and condition: the trigger-kept counters answer. */
async function countListed(db: Database, query: BrowseQuery): Promise<Total> {
  const filters: SQL[] = [sql`true`];
  if (query.category) filters.push(sql`category = ${query.category}`);
  if (query.condition) filters.push(sql`condition = ${query.condition}`);
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select coalesce(sum(listed), 0)::int as n from ad_counts where ${and(filters)}`,
  );
  return { count: Math.max(0, Number(row?.n ?? 0)), capped: false };
}
