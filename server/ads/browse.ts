import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdPage, browseQuerySchema } from '../../common/schemas/ads';
import { canonicalBrand, type Sort } from '../../common/values';
import { type Database, queryRows } from '../db/client';
import type { Storage } from '../storage/storage';
import { type Cursor, decodeCursor, encodeCursor } from './cursor';
import { type AdCardRow, presentCard } from './presenters';
import { firstImages } from './queries';
import { buildSearchQuery, countiesInText } from './search';

export type BrowseQuery = z.output<typeof browseQuerySchema>;

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

/** The plan's sizes; tests make them small to reach every path with few ads. */
export type SearchTuning = { walkRows: number; relevanceWindow: number };
export const DEFAULT_TUNING: SearchTuning = { walkRows: WALK_ROWS, relevanceWindow: RELEVANCE_WINDOW };

/** ts_rank_cd weights for D, C (description), B (brand, model, caliber), A (title). */
const RANK = sql`ts_rank_cd('{0.05, 0.2, 0.6, 1.0}'::real[], a.tsv, q.query)`;

type Row = Omit<AdCardRow, 'price'> & { price: number; priceKey: string; rankKey?: string };

/** Per sort: the ORDER BY, and the condition for the rows after the cursor (same index either way). */
const ORDERING: Record<Exclude<Sort, 'relevance'>, { orderBy: SQL; after: (cursor: Cursor) => SQL }> = {
  newest: {
    orderBy: sql`a.created_at desc, a.id desc`,
    after: (c) => sql`(a.created_at, a.id) < (${c.key}::timestamptz, ${c.id}::uuid)`,
  },
  'price-asc': {
    orderBy: sql`a.price asc, a.id asc`,
    after: (c) => sql`(a.price, a.id) > (${c.key}::numeric, ${c.id}::uuid)`,
  },
  'price-desc': {
    orderBy: sql`a.price desc, a.id desc`,
    after: (c) => sql`(a.price, a.id) < (${c.key}::numeric, ${c.id}::uuid)`,
  },
};

const RELEVANCE_ORDER = sql`a.rank desc, a.created_at desc, a.id desc`;
const afterRelevance = (c: Cursor) => {
  const [rank, createdAt] = c.key.split('|');
  return sql`(a.rank, a.created_at, a.id) < (${rank}::real, ${createdAt}::timestamptz, ${c.id}::uuid)`;
};

const CARD_COLUMNS = sql`a.id, a.title, a.category, a.condition, a.price::float8 as price,
  a.price::text as "priceKey", a.location, a.county, a.caliber, a.caliber_id as "caliberId", a.action,
  a.featured, a.status, a.created_at as "createdAt", a.legal_category as "legalCategory"`;
/** What a walk's window carries: the card, the text, and every column a filter tests (filterConditions). */
const POOL_COLUMNS = sql`a.id, a.title, a.category, a.condition, a.price, a.location, a.county, a.caliber,
  a.caliber_id, a.action, a.brand, a.featured, a.status, a.created_at, a.tsv, a.legal_category`;

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
  return [...walkConditions(query), ...filterConditions(query)];
}

/**
 * Listed, in the category and condition: what the sort indexes hold (the condition, at least one ad
 * in ten, is tested on the way), so a walk through them reads a bounded number of rows.
 */
function walkConditions(query: BrowseQuery): SQL[] {
  // owner_active follows the owner's profile (migration 0007): no join, and the partial indexes match.
  const conditions: SQL[] = [sql`a.status = 'approved'`, sql`a.owner_active`];
  if (query.category) conditions.push(sql`a.category = ${query.category}`);
  if (query.condition) conditions.push(sql`a.condition = ${query.condition}`);
  return conditions;
}

/**
 * Sorted by price, the price bounds are where the walk starts and stops on the price index (a walk
 * from the cheapest ad testing `price >= 1500` would read only cheaper ones); any other sort tests
 * them on the rows it reads, like the other filters.
 */
function planFor(query: BrowseQuery, sort: Sort, search: SQL | null): Plan {
  const walk = walkConditions(query);
  if (sort !== 'price-asc' && sort !== 'price-desc')
    return { walk, filters: filterConditions(query), search };
  const withoutPrice = filterConditions({ ...query, priceMin: undefined, priceMax: undefined });
  return { walk: [...walk, ...priceConditions(query)], filters: withoutPrice, search };
}

function priceConditions(query: BrowseQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.priceMin !== undefined) conditions.push(sql`a.price >= ${query.priceMin}`);
  if (query.priceMax !== undefined) conditions.push(sql`a.price <= ${query.priceMax}`);
  return conditions;
}

/** Every other filter: tested on the rows a walk reads, or used to collect sparse matches. */
function filterConditions(query: BrowseQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.county) conditions.push(sql`a.county = ${query.county}`);
  for (const county of new Set(countiesInText(query.q))) conditions.push(sql`a.county = ${county}`);
  if (query.caliber) conditions.push(sql`a.caliber_id = ${query.caliber}`);
  if (query.action) conditions.push(sql`a.action = ${query.action}`);
  // Brands are stored as canonicalBrand spells them, so equality finds any case and uses the index.
  if (query.brand) conditions.push(sql`a.brand = ${canonicalBrand(query.brand)}`);
  // Issue 12: the legal category (Legea 295/2004), counted like the other structured filters.
  if (query.legal) conditions.push(sql`a.legal_category = ${query.legal}`);
  conditions.push(...priceConditions(query));
  return conditions;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/**
 * One page of the public list, in keyset order (never OFFSET).
 *
 * Without text the planner's estimates are good (equality and range filters have statistics) and
 * one query hands out the page through the sort's index or a filter's index.
 *
 * With text they are not (prefix terms, terms that are common alone and rare together), so the
 * plan is chosen from what the data says: up to SEARCH_TOTAL_CAP + 1 matches are read through the
 * GIN index, which gives the count; when that is all of them the page comes out of them. Else the
 * sort's index is walked for WALK_ROWS rows testing each ad, which finds a page when matches are
 * dense; when it does not, the matches are sparse, so all of them are collected and sorted.
 */
export async function browseAds(
  db: Database,
  storage: Storage,
  query: BrowseQuery,
  tuning: SearchTuning = DEFAULT_TUNING,
): Promise<AdPage> {
  const search = buildSearchQuery(query.q);
  const sort = effectiveSort(query, search !== null);
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const limit = query.limit + 1;

  const plan = planFor(query, sort, search);
  let rows: Row[];
  let total: Total;
  if (!search && plan.filters.length === 0) {
    // Listed ads of a category, or all: the sort's index hands out the page, the counters the total.
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
    [rows, total] = await sortedPage(
      db,
      plan,
      ORDERING[sort as Exclude<Sort, 'relevance'>],
      cursor,
      limit,
      tuning,
    );
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
type Ordering = (typeof ORDERING)[keyof typeof ORDERING];

const totalOf = (matches: number): Total => ({
  count: Math.min(matches, SEARCH_TOTAL_CAP),
  capped: matches > SEARCH_TOTAL_CAP,
});

/**
 * What a page must match: `walk` are the conditions the sort indexes hold (listed, category), `filters`
 * and `search` the rest, which a walk tests row by row.
 */
type Plan = { walk: SQL[]; filters: SQL[]; search: SQL | null };

const textMatch = (plan: Plan, tsv: SQL) => (plan.search ? [sql`${tsv} @@ q.query`] : []);
const queryCte = (plan: Plan) => sql`q as (select ${plan.search ?? sql`null::tsquery`} as query)`;

/** Up to CAP + 1 matches read once through the indexes: their number, and the page when that is all. */
function fewMatches(plan: Plan) {
  return sql`
    ${queryCte(plan)},
    m as materialized (
      select ${POOL_COLUMNS} from ads a, q where ${and([...plan.walk, ...plan.filters, ...textMatch(plan, sql`a.tsv`)])}
      limit ${SEARCH_TOTAL_CAP + 1}
    )`;
}

/** The newest/price pages of filtered lists and searches (see browseAds). */
async function sortedPage(
  db: Database,
  plan: Plan,
  ordering: Ordering,
  cursor: Cursor | null,
  limit: number,
  tuning: SearchTuning,
): Promise<[Row[], Total]> {
  const keyset = cursor ? [ordering.after(cursor)] : [];
  const few = await queryRows<Row & { matches: number }>(
    db,
    sql`
    with ${fewMatches(plan)}
    select ${CARD_COLUMNS}, (select count(*)::int from m) as matches
    from (select 1) one left join m a on ${keyset.length ? keyset[0] : sql`true`}
    order by ${ordering.orderBy} limit ${limit}`,
  );
  const total = totalOf(few[0]?.matches ?? 0);
  if (!total.capped) return [few.filter((row) => row.id !== null), total];

  // Many matches: walk the sort's index for WALK_ROWS listed ads and test each. The filters stay
  // outside the walk, so it reads that many rows at most; (tsv || '') keeps the planner from using
  // the GIN index there, which cannot hand matches out in order.
  const walked = await queryRows<Row>(
    db,
    sql`
    with ${queryCte(plan)}
    select ${CARD_COLUMNS} from (
      select ${POOL_COLUMNS} from ads a where ${and([...plan.walk, ...keyset])}
      order by ${ordering.orderBy} limit ${tuning.walkRows}
    ) a, q
    where ${and([sql`true`, ...plan.filters, ...textMatch(plan, sql`(a.tsv || ''::tsvector)`)])}
    order by ${ordering.orderBy} limit ${limit}`,
  );
  if (walked.length === limit) return [walked, total];
  // Sparse matches: all of them through the filters' and the GIN index, then sorted (a materialized
  // set keeps the planner from walking the sort's index through the whole table instead).
  const collected = await queryRows<Row>(
    db,
    sql`
    with ${queryCte(plan)},
    m as materialized (
      select ${POOL_COLUMNS} from ads a, q
      where ${and([...plan.walk, ...plan.filters, ...keyset, ...textMatch(plan, sql`a.tsv`)])}
    )
    select ${CARD_COLUMNS} from m a order by ${ordering.orderBy} limit ${limit}`,
  );
  return [collected, total];
}

async function rankedPage(
  db: Database,
  plan: Plan,
  search: SQL,
  cursor: Cursor | null,
  limit: number,
  tuning: SearchTuning,
): Promise<[Row[], Total]> {
  const keyset = cursor ? afterRelevance(cursor) : sql`true`;
  // `rankWhen`: the first query reads up to CAP + 1 matches to count them, and ranks them only when
  // that is all of them (an InitPlan, evaluated once); else the window below is ranked instead.
  const ranked = (pool: SQL, rankWhen: SQL = sql`true`) => sql`
    ranked as (select a.*, case when ${rankWhen} then ${RANK} else 0 end as rank from ${pool} a, q)
    select ${CARD_COLUMNS}, a.rank::text as "rankKey", (select count(*)::int from ranked) as "poolSize"
    from ranked a where ${keyset}
    order by ${RELEVANCE_ORDER} limit ${limit}`;
  type RankedRow = Row & { poolSize: number };

  const few = await queryRows<RankedRow>(
    db,
    sql`with ${fewMatches(plan)}, ${ranked(sql`m`, sql`(select count(*) from m) <= ${SEARCH_TOTAL_CAP}`)}`,
  );
  // The pool is every match read; it is counted apart only when the page is empty (past the last).
  const matches = few[0]?.poolSize ?? (await countMatches(db, plan));
  const total = totalOf(matches);
  if (!total.capped) return [few, total];

  const window = await queryRows<RankedRow>(
    db,
    sql`
    with q as (select ${search} as query),
    w as materialized (
      select ${POOL_COLUMNS} from (
        select ${POOL_COLUMNS} from ads a where ${and(plan.walk)}
        order by a.created_at desc, a.id desc limit ${tuning.relevanceWindow}
      ) a, q where ${and([...plan.filters, sql`(a.tsv || ''::tsvector) @@ q.query`])}
    ), ${ranked(sql`w`)}`,
  );
  const poolSize = window[0]?.poolSize ?? (await windowSize(db, plan, search, tuning));
  // A window with at least a page of matches is the pool; fewer means sparse matches, few enough to
  // collect the newest CAP of them through the GIN index.
  if (poolSize >= limit) return [window, total];
  const newest = await queryRows<RankedRow>(
    db,
    sql`
    with q as (select ${search} as query),
    all_matches as materialized (
      select ${POOL_COLUMNS} from ads a, q where ${and([...plan.walk, ...plan.filters, sql`a.tsv @@ q.query`])}
    ),
    n as materialized (select * from all_matches a order by a.created_at desc, a.id desc limit ${SEARCH_TOTAL_CAP}),
    ${ranked(sql`n`)}`,
  );
  return [newest, total];
}

async function countMatches(db: Database, plan: Plan): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with ${fewMatches(plan)} select count(*)::int as n from m`,
  );
  return row?.n ?? 0;
}

async function windowSize(db: Database, plan: Plan, search: SQL, tuning: SearchTuning): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
      select ${POOL_COLUMNS} from ads a where ${and(plan.walk)}
      order by a.created_at desc, a.id desc limit ${tuning.relevanceWindow}
    ) a where ${and([...plan.filters, sql`(a.tsv || ''::tsvector) @@ (${search})`])}`,
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
