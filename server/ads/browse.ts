import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdPage, browseQuerySchema } from '../../common/schemas/ads';
import type { Sort } from '../../common/values';
import { type Database, queryRows } from '../db/client';
import type { Storage } from '../storage/storage';
import { type Cursor, decodeCursor, encodeCursor } from './cursor';
import { type AdCardRow, presentCard } from './presenters';
import { firstImages } from './queries';
import { buildSearchQuery } from './search';

export type BrowseQuery = z.output<typeof browseQuerySchema>;

/**
 * A text search counts its matches up to this many and then says "more": an exact count of a
 * common word over a million ads would cost more than the page itself.
 */
export const SEARCH_TOTAL_CAP = 1000;

type Row = Omit<AdCardRow, 'price'> & { price: number; priceKey: string };

/** Per sort: the ORDER BY, and the condition for the rows after the cursor (same index either way). */
const ORDERING: Record<Sort, { orderBy: SQL; after: (cursor: Cursor) => SQL }> = {
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

const CARD_COLUMNS = sql`a.id, a.title, a.category, a.condition, a.price::float8 as price,
  a.price::text as "priceKey", a.location, a.caliber, a.action, a.featured, a.status,
  a.created_at as "createdAt", a.legal_category as "legalCategory"`;

/**
 * One page of the public list: approved ads of active owners, filtered, in keyset order (never
 * OFFSET). Without text, a partial index per sort (and per category) hands out the page directly
 * and the trigger-kept counters give the total.
 *
 * With text, the matches are counted first (up to SEARCH_TOTAL_CAP), and the count picks the plan
 * rather than the planner's guess, which is poor for prefix terms: few matches are all read through
 * the GIN index and sorted; many matches are found by walking the sort's index and testing each ad,
 * which then meets a match every few rows. Either way about SEARCH_TOTAL_CAP rows at most are read.
 */
export async function browseAds(db: Database, storage: Storage, query: BrowseQuery): Promise<AdPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const search = buildSearchQuery(query.q);
  const filters: SQL[] = [sql`a.status = 'approved'`];
  if (query.category) filters.push(sql`a.category = ${query.category}`);
  if (query.condition) filters.push(sql`a.condition = ${query.condition}`);
  if (query.legal) filters.push(sql`a.legal_category = ${query.legal}`);
  const ordering = ORDERING[query.sort];
  const keyset = cursor ? [ordering.after(cursor)] : [];
  const limit = query.limit + 1;

  let rows: Row[];
  let total: Total;
  if (!search) {
    [rows, total] = await Promise.all([
      queryRows<Row>(
        db,
        sql`
        select ${CARD_COLUMNS} from ads a
        join profiles p on p.id = a.user_id and p.is_active
        where ${sql.join([...filters, ...keyset], sql` and `)}
        order by ${ordering.orderBy} limit ${limit}`,
      ),
      query.legal ? countMatching(db, filters) : countListed(db, query),
    ]);
  } else {
    const matching = sql.join([...filters, sql`a.tsv @@ (${search})`], sql` and `);
    // Up to CAP + 1 matches, read once through the GIN index: their number is the total, and when
    // that is all of them the page is sorted out of them in the same query.
    const few = await queryRows<Row & { matches: number }>(
      db,
      sql`
      with a as materialized (
        select a.id, a.user_id, a.title, a.category, a.condition, a.price, a.location, a.caliber,
          a.action, a.featured, a.status, a.created_at, a.legal_category
        from ads a join profiles p on p.id = a.user_id and p.is_active
        where ${matching}
        limit ${SEARCH_TOTAL_CAP + 1}
      )
      select ${CARD_COLUMNS}, (select count(*)::int from a) as matches
      from (select 1) one left join a on ${keyset.length ? keyset[0] : sql`true`}
      order by ${ordering.orderBy} limit ${limit}`,
    );
    const matches = few[0]?.matches ?? 0;
    total = { count: Math.min(matches, SEARCH_TOTAL_CAP), capped: matches > SEARCH_TOTAL_CAP };
    rows = total.capped
      ? await queryRows<Row>(
          db,
          // Many matches: walk the sort's index testing each ad; (tsv || '') keeps the planner from
          // choosing the GIN index, which cannot hand matches out in order.
          sql`
          select ${CARD_COLUMNS} from ads a
          join profiles p on p.id = a.user_id and p.is_active
          where ${sql.join([...filters, sql`(a.tsv || ''::tsvector) @@ (${search})`, ...keyset], sql` and `)}
          order by ${ordering.orderBy} limit ${limit}`,
        )
      : few.filter((row) => row.id !== null);
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
        ? encodeCursor({ sort: query.sort, key: sortKey(query.sort, last), id: last.id })
        : null,
    total: total.count,
    totalCapped: total.capped,
  };
}

function sortKey(sort: Sort, row: Row): string {
  return sort === 'newest' ? new Date(row.createdAt).toISOString() : row.priceKey;
}

type Total = { count: number; capped: boolean };

/**
 * The counters know category and condition only: a filter on the legal category (issue 12) is
 * counted over the ads, up to SEARCH_TOTAL_CAP like a text search.
 */
async function countMatching(db: Database, filters: SQL[]): Promise<Total> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ads a
      join profiles p on p.id = a.user_id and p.is_active
      where ${sql.join(filters, sql` and `)} limit ${SEARCH_TOTAL_CAP + 1}) m`,
  );
  const n = row?.n ?? 0;
  return { count: Math.min(n, SEARCH_TOTAL_CAP), capped: n > SEARCH_TOTAL_CAP };
}

/** Without text, the trigger-kept counters answer exactly (16 rows at most). */
async function countListed(db: Database, query: BrowseQuery): Promise<Total> {
  const filters: SQL[] = [sql`true`];
  if (query.category) filters.push(sql`category = ${query.category}`);
  if (query.condition) filters.push(sql`condition = ${query.condition}`);
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select coalesce(sum(listed), 0)::int as n from ad_counts where ${sql.join(filters, sql` and `)}`,
  );
  return { count: Math.max(0, Number(row?.n ?? 0)), capped: false };
}
