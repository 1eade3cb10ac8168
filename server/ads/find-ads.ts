import { type SQL, sql } from 'drizzle-orm';
import { type AdPage, RELAXABLE_FILTERS, type RelaxableFilter } from '../../common/schemas/ads';
import type { Database } from '../db/client';
import { throughBitmaps } from '../db/planner';
import type { Storage } from '../storage/storage';
import { type BrowseQuery, browseAds, listingConditions } from './browse';
import { queryParts, searchedPartCount, searchTerms, wordQuery } from './search';
import type { IndexedSearch } from './search-index/index-sync';
import { indexedBrowse, indexedMatchesAny } from './search-index/indexed-browse';
import { closestWord, knownWords } from './search-vocabulary';

/**
 * The browse list as a buyer meets it: the page, and when it is empty a way out. A search text
 * that finds nothing is tried again with each word that matches no ad replaced by the closest known
 * word ("glok" → "glock"); when even that finds nothing, the filter whose removal finds the most ads
 * is named (on first pages).
 */
export async function findAds(
  db: Database,
  storage: Storage,
  query: BrowseQuery,
  search?: IndexedSearch,
): Promise<AdPage> {
  // The in-memory index answers once it has loaded; the database's own plans until then.
  const browse = async (q: BrowseQuery) =>
    (search ? await indexedBrowse(db, storage, search, q) : null) ?? browseAds(db, storage, q);
  const page = await browse(query);
  // Further pages of a corrected search come back with the text as typed: corrected again, they
  // continue where the first page's cursor points.
  if (page.total > 0) return withNearMatches(browse, query, page);
  if (query.q && !query.literal) {
    const matches = async (word: SQL) =>
      (search ? await indexedMatchesAny(db, search, query, word) : null) ?? matchesAnything(db, query, word);
    const corrected = await correctedText(db, query, matches);
    if (corrected) {
      const again = await browse({ ...query, q: corrected });
      if (again.total > 0) {
        const near = await withNearMatches(browse, { ...query, q: corrected }, again);
        return { ...near, correction: { from: query.q, to: corrected } };
      }
    }
  }
  if (query.cursor) return page;
  return { ...(await withNearMatches(browse, query, page)), relax: await bestFilterToRemove(browse, query) };
}

/** Near matches are looked for in texts of at most this many words: each word but one is required. */
const NEAR_MATCH_MAX_PARTS = 4;

/**
 * A first page that holds every match and is not full, of a text of two to four words, gets the ads
 * that match all of the words but one (issue 26 item 25), in the same order as the page, up to a page.
 */
async function withNearMatches(
  browse: (query: BrowseQuery) => Promise<AdPage>,
  query: BrowseQuery,
  page: AdPage,
): Promise<AdPage> {
  const parts = searchedPartCount(query.q);
  if (query.cursor || page.nextCursor || page.total >= query.limit) return page;
  if (parts < 2 || parts > NEAR_MATCH_MAX_PARTS) return page;
  const matched = new Set(page.items.map((item) => item.id));
  // Every full match also matches all words but one: read past them.
  const near = await browse({ ...query, mostWords: true, limit: query.limit + matched.size });
  const items = near.items.filter((item) => !matched.has(item.id)).slice(0, query.limit - page.items.length);
  return items.length > 0 ? { ...page, nearMatches: items } : page;
}

/**
 * The text with every word that no listed ad uses (not in the vocabulary, and matching none of the
 * ads the filters keep) replaced by its closest known word, or null.
 */
async function correctedText(
  db: Database,
  query: BrowseQuery,
  matches: (word: SQL) => Promise<boolean>,
): Promise<string | null> {
  const terms = searchTerms(query.q ?? '');
  const parts = queryParts(terms);
  const replacements = new Map<string, string>();
  // Words of three letters or more, by their position (the last one is typed as a prefix).
  const candidates = new Map<number, string>();
  for (const [index, part] of parts.entries())
    if (part.kind === 'word' && /^[a-z]{3,}$/.test(part.term)) candidates.set(index, part.term);
  const known = await knownWords(db, [...candidates.values()]);
  for (const [index, word] of candidates) {
    if (known.has(word)) continue;
    if (await matches(wordQuery(word, index === parts.length - 1))) continue;
    const closest = await closestWord(db, word);
    if (closest) replacements.set(word, closest);
  }
  if (replacements.size === 0) return null;
  return terms.map((term) => replacements.get(term) ?? term).join(' ');
}

async function matchesAnything(db: Database, query: BrowseQuery, word: SQL): Promise<boolean> {
  // `limit 1` invites the planner to scan every listed ad in some index's order for a word that
  // matches none: seconds at a million ads. The GIN index answers it in milliseconds.
  const rows = await throughBitmaps<{ one: number }>(
    db,
    sql`select 1 as one from ads a where ${sql.join(
      [...listingConditions({ ...query, q: undefined }), sql`a.tsv @@ (${word})`],
      sql` and `,
    )} limit 1`,
  );
  return rows.length > 0;
}

const WITHOUT: Record<RelaxableFilter, (query: BrowseQuery) => BrowseQuery> = {
  category: (q) => ({ ...q, category: undefined }),
  condition: (q) => ({ ...q, condition: undefined }),
  county: (q) => ({ ...q, county: undefined }),
  price: (q) => ({ ...q, priceMin: undefined, priceMax: undefined }),
  caliber: (q) => ({ ...q, caliber: undefined }),
  action: (q) => ({ ...q, action: undefined }),
  brand: (q) => ({ ...q, brand: undefined }),
};

const isActive = (query: BrowseQuery, filter: RelaxableFilter) =>
  filter === 'price'
    ? query.priceMin !== undefined || query.priceMax !== undefined
    : query[filter] !== undefined;

async function bestFilterToRemove(
  browse: (query: BrowseQuery) => Promise<AdPage>,
  query: BrowseQuery,
): Promise<AdPage['relax']> {
  let best: NonNullable<AdPage['relax']> | null = null;
  for (const filter of RELAXABLE_FILTERS) {
    if (!isActive(query, filter)) continue;
    const page = await browse({ ...WITHOUT[filter](query), limit: 1, cursor: undefined });
    if (page.total > (best?.total ?? 0))
      best = { filter, total: page.total, capped: page.totalCapped === true };
  }
  return best;
}
