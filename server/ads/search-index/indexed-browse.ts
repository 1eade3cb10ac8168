import { type SQL, sql } from 'drizzle-orm';
import type { AdPage } from '../../../common/schemas/ads';
import { canonicalBrand } from '../../../common/values';
import type { Database } from '../../db/client';
import { throughSortIndex } from '../../db/planner';
import type { Storage } from '../../storage/storage';
import {
  type BrowseQuery,
  CARD_COLUMNS,
  countiesOf,
  effectiveSort,
  type Row,
  SEARCH_TOTAL_CAP,
} from '../browse';
import { decodeCursor, encodeCursor } from '../cursor';
import { presentCard, presentImage } from '../presenters';
import { buildSearchQuery } from '../search';
import { type IndexedSearch, tsqueryText, writtenSince } from './index-sync';
import { filterKey, type IndexQuery, type SearchIndex } from './search-index';
import { type ParsedQuery, parseTsquery, UnsupportedQueryError } from './text-search-syntax';

/** The browse query's structured filters as the index keys them (index-sync.ts adFilterKeys). */
function filterKeysOf(query: BrowseQuery): string[] {
  const keys: string[] = [];
  if (query.category) keys.push(filterKey('category', query.category));
  if (query.condition) keys.push(filterKey('condition', query.condition));
  for (const county of countiesOf(query)) keys.push(filterKey('county', county));
  if (query.caliber) keys.push(filterKey('caliber', query.caliber));
  // Brands are stored as canonicalBrand spells them, so any case finds them.
  if (query.brand) keys.push(filterKey('brand', canonicalBrand(query.brand)));
  if (query.action) keys.push(filterKey('action', query.action));
  if (query.legal) keys.push(filterKey('legal', query.legal));
  if (query.dealer) keys.push(filterKey('dealer', '1'));
  if (query.available) keys.push(filterKey('available', '1'));
  return keys;
}

/** The tsquery as the index reads it; undefined for a shape it does not read (NOT, phrases). */
function readable(tsquery: string): ParsedQuery | undefined {
  try {
    return parseTsquery(tsquery);
  } catch (error) {
    if (error instanceof UnsupportedQueryError) return undefined;
    throw error;
  }
}

const cents = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 100));

/**
 * One page of the public list from the in-memory index: the matches, their order and their count
 * come from the index, the cards from the database by id. Null when the index cannot answer (still
 * loading, or a query shape it does not read): the caller then asks the database (browseAds).
 */
export async function indexedBrowse(
  db: Database,
  storage: Storage,
  search: IndexedSearch,
  query: BrowseQuery,
  cap = SEARCH_TOTAL_CAP,
): Promise<AdPage | null> {
  if (!search.ready) return null;
  const textQuery = buildSearchQuery(query.q, query.mostWords);
  const sort = effectiveSort(query, textQuery !== null);
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const tsquery = textQuery ? await tsqueryText(db, textQuery) : null;
  const view = search.view();
  if (!view) return null;
  const text = tsquery === null ? null : readable(tsquery);
  if (text === undefined) return null;
  const filterKeys = filterKeysOf(query);
  const narrowing = filterKeys.filter((key) => !key.startsWith('category:') && !key.startsWith('condition:'));
  const priced = query.priceMin !== undefined || query.priceMax !== undefined;
  const indexQuery: IndexQuery = {
    text,
    filterKeys,
    priceMinCents: cents(query.priceMin),
    priceMaxCents: cents(query.priceMax),
    sort,
    after: cursor ? { key: cursor.key, id: cursor.id } : null,
    limit: query.limit + 1,
    cap,
    // Lists narrowed by nothing but category and condition are counted exactly, as the counters do.
    exactCount: !text && narrowing.length === 0 && !priced,
  };
  const pageOf = async (index: SearchIndex) => {
    const found = index.search(indexQuery);
    const hits = found.hits.slice(0, query.limit);
    return { found, hits, ...(await cardsOf(db, hits, view.horizon)) };
  };
  // Optimistic: the index as it stands, and in the same statement as the cards, whether anything was
  // written since it last caught up. Only then does the search wait for a catch-up and run again
  // (caught up with every commit before this request, it may ignore that check the second time).
  let page = await pageOf(view.index);
  if (page.written) {
    const index = await search.current();
    if (!index) return null;
    page = await pageOf(index);
  }
  const { found, hits, rows } = page;
  const last = hits.at(-1);
  return {
    items: rows.map((row) =>
      presentCard(
        row,
        row.imageId ? presentImage(storage, { id: row.imageId, storageKey: row.imageKey! }) : null,
      ),
    ),
    nextCursor:
      found.hits.length > query.limit && last ? encodeCursor({ sort, key: last.key, id: last.id }) : null,
    total: found.total,
    totalCapped: found.capped,
  };
}

/**
 * Whether any listed ad that the query's filters keep matches `word` (a tsquery): typo correction
 * asks it of each word of a search that found nothing. Null when the index cannot answer.
 */
export async function indexedMatchesAny(
  db: Database,
  search: IndexedSearch,
  query: BrowseQuery,
  word: SQL,
): Promise<boolean | null> {
  const [index, tsquery] = await Promise.all([search.current(), tsqueryText(db, word)]);
  if (!index) return null;
  const text = readable(tsquery);
  if (text === undefined) return null;
  const found = index.search({
    text,
    filterKeys: filterKeysOf({ ...query, q: undefined }),
    priceMinCents: cents(query.priceMin),
    priceMaxCents: cents(query.priceMax),
    sort: 'newest',
    after: null,
    limit: 1,
    cap: 1,
    exactCount: false,
  });
  return found.total > 0;
}

type CardRow = Row & { imageId: string | null; imageKey: string | null };

/**
 * The cards of listed ads with their first picture (as firstImages orders them), in the order of the
 * hits (an ad unlisted since the index read it is left out), and whether an ad was written or removed
 * since `horizon` (writtenSince): one prepared statement, one round trip.
 */
async function cardsOf(
  db: Database,
  hits: readonly { id: string }[],
  horizon: number,
): Promise<{ rows: CardRow[]; written: boolean }> {
  const ids = `{${hits.map((hit) => hit.id).join(',')}}`;
  const rows = await throughSortIndex<CardRow & { written: boolean }>(
    db,
    sql`select s.written, c.* from (select ${writtenSince(horizon)} as written) s
        left join lateral (
          select ${CARD_COLUMNS}, i.id as "imageId", i.storage_key as "imageKey" from ads a
          left join lateral (
            select i.id, i.storage_key from ad_images i where i.ad_id = a.id
            order by i.position asc, i.created_at asc limit 1
          ) i on true
          where a.id = any(${ids}::uuid[]) and a.status = 'approved' and a.owner_active
        ) c on true`,
    'search-index-cards',
  );
  // One row whatever the ids: without a listed ad among them, its card columns are null.
  const byId = new Map(rows.filter((row) => row.id !== null).map((row) => [row.id, row]));
  return {
    rows: hits.flatMap((hit) => byId.get(hit.id) ?? []),
    written: rows[0]?.written === true,
  };
}
