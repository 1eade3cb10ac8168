import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SAVED_SEARCHES_MAX } from '../../common/limits';
import type { browseQuerySchema } from '../../common/schemas/ads';
import {
  canonicalSavedQuery,
  SAVED_SEARCH_NEW_CAP,
  type SavedQuery,
  type SavedSearch,
  type SavedSearchFrequency,
  type SavedSearchList,
  savedQueryPath,
  savedQuerySchema,
  savedSearchName,
  type UnsubscribeInfo,
} from '../../common/schemas/saved-searches';
import { canonicalBrand, type Language } from '../../common/values';
import { isUuid } from '../ads/cursor';
import { buildSearchQuery, countiesInText } from '../ads/search';
import { SEARCH_VERSION } from '../ads/search-document';
import { type Database, queryRows } from '../db/client';
import { profiles } from '../db/schema/profiles';
import { savedSearches, savedSearchMatches } from '../db/schema/saved-searches';
import { AppError, notFound } from '../errors';
import { mailLanguage } from '../mail/templates';
import { unsubscribePriceDrops } from '../price-drops/price-drops';
import { textKeysOf } from './text-keys';

type ParsedBrowseQuery = z.output<typeof browseQuerySchema>;

export const savedSearchLimit = () =>
  new AppError(
    409,
    'saved_search_limit',
    `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
  );

export const savedSearchExists = () =>
  new AppError(409, 'saved_search_exists', 'This search is already saved.');

/** Text as search reads it: case, diacritics and spacing make no difference. */
const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * What makes two saved searches the same search (issue 26: saved twice, alerted twice): their
 * filters once normalized, the text folded as search reads it and the brand canonical.
 */
export function searchIdentity(query: SavedQuery): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => [
      key,
      key === 'q' ? foldText(String(value)) : key === 'brand' ? canonicalBrand(String(value)) : value,
    ])
    .filter(([key, value]) => !(key === 'q' && value === ''))
    .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
  return JSON.stringify(entries);
}

/**
 * The match columns of a saved query (see the saved_searches table): what an ad's category, county
 * and caliber must be ('*' any), the other filters, and the text's tsquery exactly as browse builds
 * it (server/ads/search.ts), so that an alert means what the browse link shows.
 */
export function matchColumns(query: SavedQuery) {
  const counties = new Set([...(query.county ? [query.county] : []), ...countiesInText(query.q)]);
  const search = buildSearchQuery(query.q);
  return {
    categoryKey: query.category ?? '*',
    // Two different counties (a filter and a place in the text) match nothing, as in browse.
    countyKey: counties.size === 0 ? '*' : counties.size === 1 ? [...counties][0]! : '-',
    caliberKey: query.caliber ?? '*',
    brandKey: query.brand ? canonicalBrand(query.brand) : '*',
    actionKey: query.action ?? '*',
    condition: query.condition ?? null,
    legal: query.legal ?? null,
    dealerOnly: query.dealer === '1',
    priceMin: query.priceMin ?? null,
    priceMax: query.priceMax ?? null,
    tsq: search ? sql`(${search})` : sql`null::tsquery`,
    searchVersion: SEARCH_VERSION,
  };
}

type Row = typeof savedSearches.$inferSelect;

function present(
  row: Pick<Row, 'id' | 'name' | 'query' | 'frequency' | 'lastOpenedAt' | 'createdAt'>,
  newAds: number,
): SavedSearch {
  const query = savedQuerySchema.parse(row.query);
  return {
    id: row.id,
    name: row.name,
    query,
    path: savedQueryPath(query),
    frequency: row.frequency as SavedSearchFrequency,
    newAds,
    lastOpenedAt: row.lastOpenedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's saved searches, oldest first, each with the ads that matched it since it was last opened. */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearchList> {
  const rows = await queryRows<{
    id: string;
    name: string;
    query: unknown;
    frequency: string;
    lastOpenedAt: string;
    createdAt: string;
    newAds: number;
  }>(
    db,
    sql`select s.id, s.name, s.query, s.frequency, s.last_opened_at as "lastOpenedAt",
          s.created_at as "createdAt", fresh.n as "newAds"
        from saved_searches s
        cross join lateral (
          select count(*)::int as n from (
            select 1 from saved_search_matches m join ads a on a.id = m.ad_id
            where m.saved_search_id = s.id and m.matched_at > s.last_opened_at
              and a.status = 'approved' and a.owner_active
            limit ${SAVED_SEARCH_NEW_CAP + 1}
          ) capped
        ) fresh
        where s.user_id = ${userId}
        order by s.created_at asc, s.id asc`,
  );
  return {
    items: rows.map((row) =>
      present(
        { ...row, lastOpenedAt: new Date(row.lastOpenedAt), createdAt: new Date(row.createdAt) },
        row.newAds,
      ),
    ),
    max: SAVED_SEARCHES_MAX,
  };
}

/**
 * Saves a browse query for the user, named from its filters unless a name is given. The same search
 * saved again is refused (409 saved_search_exists), before the limit is counted. The user's row is
 * locked while comparing and counting, so two saves at once cannot pass either check together.
 */
export async function createSavedSearch(
  db: Database,
  userId: string,
  input: { query: ParsedBrowseQuery; name?: string; language?: Language },
): Promise<SavedSearch> {
  const query = canonicalSavedQuery(input.query);
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ locale: profiles.locale })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    const own = await tx
      .select({ query: savedSearches.query })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    const identity = searchIdentity(query);
    if (own.some((row) => searchIdentity(savedQuerySchema.parse(row.query)) === identity))
      throw savedSearchExists();
    if (own.length >= SAVED_SEARCHES_MAX) throw savedSearchLimit();
    const language = input.language ?? mailLanguage(profile?.locale);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name ?? savedSearchName(query, language),
        query,
        frequency: 'instant',
        ...matchColumns(query),
        textKeys: await textKeysOf(tx, query.q),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return present(row, 0);
  });
}

async function ownRow(db: Database, userId: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The owner of a saved search, for the policies (null: no such search). */
export async function savedSearchOwner(db: Database, id: string): Promise<{ userId: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ userId: savedSearches.userId })
    .from(savedSearches)
    .where(eq(savedSearches.id, id))
    .limit(1);
  return row ?? null;
}

export async function updateSavedSearch(
  db: Database,
  userId: string,
  id: string,
  update: { name?: string; frequency?: SavedSearchFrequency },
): Promise<SavedSearch> {
  await ownRow(db, userId, id);
  await db.transaction(async (tx) => {
    await tx
      .update(savedSearches)
      .set({
        ...(update.name !== undefined ? { name: update.name } : {}),
        ...(update.frequency !== undefined ? { frequency: update.frequency } : {}),
      })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
    if (update.frequency === 'off') await settlePendingMatches(tx, [id]);
  });
  return oneOf(db, userId, id);
}

/**
 * A search turned off owes no mail for the matches still waiting for one: they are settled, so that
 * turning it on again alerts only what comes after (the "new ads" count still shows them).
 */
async function settlePendingMatches(tx: Pick<Database, 'update'>, ids: string[]) {
  await tx
    .update(savedSearchMatches)
    .set({ notifiedAt: sql`now()` })
    .where(and(inArray(savedSearchMatches.savedSearchId, ids), isNull(savedSearchMatches.notifiedAt)));
}

/** Opening a saved search resets its "new ads" count. */
export async function markSavedSearchOpened(db: Database, userId: string, id: string): Promise<SavedSearch> {
  await ownRow(db, userId, id);
  await db
    .update(savedSearches)
    .set({ lastOpenedAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return oneOf(db, userId, id);
}

export async function deleteSavedSearch(db: Database, userId: string, id: string): Promise<void> {
  await ownRow(db, userId, id);
  await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
}

async function oneOf(db: Database, userId: string, id: string): Promise<SavedSearch> {
  const list = await listSavedSearches(db, userId);
  const found = list.items.find((item) => item.id === id);
  if (!found) throw notFound();
  return found;
}

/** The user's searches, oldest first (tests and the digest). */
export function savedSearchesOf(db: Database, userId: string) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt));
}

/** What an unsubscribe link names, and (when `apply`) turns its alerts off. Null: nothing left to name. */
export async function unsubscribe(
  db: Database,
  target: import('./unsubscribe-token').UnsubscribeTarget,
  apply: boolean,
): Promise<{ kind: UnsubscribeInfo['kind']; name: string; frequency: SavedSearchFrequency } | null> {
  if (target.kind === 'p') {
    // Issue 28: a price-drop mail's link stops that person's price-drop alerts.
    const found = await unsubscribePriceDrops(db, target.userId, apply);
    return found && { kind: 'priceDrops', name: '', frequency: found.on ? 'instant' : 'off' };
  }
  if (target.kind === 's') {
    const [row] = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, target.savedSearchId))
      .limit(1);
    if (!row) return null;
    if (apply && row.frequency !== 'off')
      await db.transaction(async (tx) => {
        await tx.update(savedSearches).set({ frequency: 'off' }).where(eq(savedSearches.id, row.id));
        await settlePendingMatches(tx, [row.id]);
      });
    return {
      kind: 'search',
      name: row.name,
      frequency: apply ? 'off' : (row.frequency as SavedSearchFrequency),
    };
  }
  // A digest's link names the searches of that mail (issue 26): the daily ones among them stop; one
  // saved since, left out of that mail, or switched to instant alerts since, stays as it is.
  const rows = await db
    .select({ id: savedSearches.id, name: savedSearches.name, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(inArray(savedSearches.id, target.savedSearchIds))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  if (rows.length === 0) return null;
  const daily = rows.filter((row) => row.frequency === 'daily').map((row) => row.id);
  if (apply && daily.length > 0)
    await db.transaction(async (tx) => {
      await tx
        .update(savedSearches)
        .set({ frequency: 'off' })
        .where(and(inArray(savedSearches.id, daily), eq(savedSearches.frequency, 'daily')));
      await settlePendingMatches(tx, daily);
    });
  const named = daily.length > 0 ? rows.filter((row) => daily.includes(row.id)) : rows;
  return {
    kind: 'digest',
    name: named.map((row) => row.name).join(', '),
    frequency: apply || daily.length === 0 ? 'off' : 'daily',
  };
}
