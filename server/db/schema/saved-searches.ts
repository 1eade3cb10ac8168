import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * A user's saved browse search (issue 11). `query` is the browse URL's filters as canonical JSON
 * (common/schemas/saved-searches.ts); the other match columns are derived from it when it is saved,
 * so that matching a newly approved ad is one indexed query over every saved search
 * (server/alerts/matching.ts): `*_key` columns are '*' for "any", `tsq` is the text's tsquery as
 * browse builds it (null: no text), `text_keys` what an ad must have one of to match the text.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').notNull(),
    frequency: text('frequency').notNull().default('instant'),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * The user's profile is active: kept by triggers (migration 0013, like ads.owner_active), so that
     * matching leaves deactivated users' searches out without a join.
     */
    ownerActive: boolean('owner_active').notNull().default(true),
    /** When the last instant alert mail about it was queued: at most one per 15 minutes. */
    alertedAt: timestamp('alerted_at', { withTimezone: true, precision: 3 }),
    // Derived match columns. Keys are what the ad's value must be, '*' for any (a county key of '-'
    // means two counties, which no ad is in); the others are compared on the candidates.
    categoryKey: text('category_key').notNull().default('*'),
    countyKey: text('county_key').notNull().default('*'),
    caliberKey: text('caliber_key').notNull().default('*'),
    brandKey: text('brand_key').notNull().default('*'),
    actionKey: text('action_key').notNull().default('*'),
    condition: text('condition'),
    legal: text('legal'),
    /** Only verified dealers' ads (issue 12, browse's dealer=1). */
    dealerOnly: boolean('dealer_only').notNull().default(false),
    priceMin: numeric('price_min', { precision: 12, scale: 2, mode: 'number' }),
    priceMax: numeric('price_max', { precision: 12, scale: 2, mode: 'number' }),
    tsq: tsquery('tsq'),
    /** Lexemes of which a matching ad has one (server/alerts/text-keys.ts); null: no text, or none to key on. */
    textKeys: text('text_keys').array(),
    /** The search rules (server/ads/search-document.ts SEARCH_VERSION) `tsq` was built under. */
    searchVersion: integer('search_version').notNull().default(0),
  },
  (t) => [
    check('saved_searches_frequency_check', sql`${t.frequency} in ('instant', 'daily', 'off')`),
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    // Matching (server/alerts/matching.ts): searches without text keys are found by the ad's values
    // (or '*') of the keyed filters, those with text keys by a lexeme the ad has.
    index('saved_searches_match_idx')
      .on(t.categoryKey, t.countyKey, t.caliberKey, t.brandKey, t.actionKey)
      .where(sql`text_keys is null and owner_active`),
    index('saved_searches_text_keys_idx')
      .using('gin', t.textKeys)
      .with({ fastupdate: 'off' })
      .where(sql`text_keys is not null and owner_active`),
  ],
);

/**
 * Which listed ad matched which saved search, once: the key makes a second approval (after an edit)
 * never alert again for the same search. `notified_at` is set when an alert or digest mail about it
 * is queued, in that same transaction, or when no mail is owed for it: matched while the search was
 * off, or still waiting when it was turned off.
 *
 * No foreign keys, on purpose: the sweep records an ad's thousands of matches in one statement, and
 * the per-row checks of two foreign keys were a third of that cost (issue 11's bench). The rows
 * come from a join with both tables in that statement, and statement triggers on `saved_searches`
 * and `ads` delete their matches with them (migration 0016), as the cascades did.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id').notNull(),
    adId: uuid('ad_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.adId] }),
    index('saved_search_matches_ad_idx').on(t.adId),
    index('saved_search_matches_pending_idx').on(t.savedSearchId).where(sql`notified_at is null`),
  ],
);

/**
 * The searches a newly public ad matched, as one row, waiting for the sweep (alerts/matching.ts
 * sweepAdMatches) to record them in `saved_search_matches` and queue the instant alerts. Matching
 * writes one row rather than thousands (an ad matches some 3,000 searches in bench:alerts), so an
 * approval's matching stays cheap and one sweep records every ad approved since the last.
 */
export const adMatchSets = pgTable('ad_match_sets', {
  adId: uuid('ad_id').primaryKey(),
  searchIds: uuid('search_ids').array().notNull(),
  matchedAt: timestamp('matched_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
