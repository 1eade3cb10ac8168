import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { LEGAL_CATEGORIES, WEAPON_CATEGORIES } from '../../../common/legal';
import { LISTING_DAYS } from '../../../common/lifecycle';
import { AD_STATUSES, CATEGORIES, CONDITIONS } from '../../../common/values';
import { user } from './auth';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Rows the public lists show: approved ads of active owners (owner_active follows the profile). */
const approved = sql`status = 'approved' and owner_active`;

/** Ads (spec section 3). The owner's profile and the images are joined in, never stored here. */
export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    condition: text('condition').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    brand: text('brand'),
    model: text('model'),
    caliber: text('caliber'),
    action: text('action'),
    barrelLength: integer('barrel_length'),
    capacity: integer('capacity'),
    /** The locality as typed; `county` is its county code (common/counties.ts), the searchable part. */
    location: text('location').notNull(),
    county: text('county'),
    /** The canonical caliber (common/calibers.ts) the caliber text or title names, for filters and synonyms. */
    caliberId: text('caliber_id'),
    /**
     * Issue 28, price insight: brand and model as comparables match them (ad_match_key, migration
     * 0030: no accents, case, spaces or punctuation, so "G17", "g-17" and "G 17" are one). Generated
     * by the database, so that no write path can forget them.
     */
    brandKey: text('brand_key').generatedAlwaysAs(sql`ad_match_key(brand)`),
    modelKey: text('model_key').generatedAlwaysAs(sql`ad_match_key(model)`),
    /**
     * What the search document adds to the ad's own words, made by server/ads/search-document.ts:
     * `searchWords` are stemmed like the text (lemmas of irregular forms, split model numbers),
     * `searchTokens` are kept verbatim (caliber ids). `searchVersion` says which rules made them, so
     * a change of rules is applied to existing ads at start.
     */
    searchWords: text('search_words').notNull().default(''),
    searchTokens: text('search_tokens').array().notNull().default(sql`'{}'::text[]`),
    searchVersion: integer('search_version').notNull().default(0),
    status: text('status').notNull().default('pending'),
    featured: boolean('featured').notNull().default(false),
    /**
     * The owner's profile is active: kept by triggers (migration 0007) so that the public lists'
     * indexes hold only listed ads and a list needs no join to know it.
     */
    ownerActive: boolean('owner_active').notNull().default(true),
    /** The owner is a verified dealer (issue 12): kept by triggers (migration 0015), like owner_active. */
    sellerDealer: boolean('seller_dealer').notNull().default(false),
    moderationReason: text('moderation_reason'),
    // Millisecond precision: the keyset cursor carries created_at through a JS Date without loss.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * When the listing ends: set on approval and on renewal (LISTING_DAYS later). The default only
     * covers rows written straight into the table (seeds, tests), so that no approved ad lasts forever.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql.raw(`(now() + interval '${LISTING_DAYS} days')`)),
    /** When the renewal reminder went out for the current listing period (null: not yet). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the hourly maintenance expired it; the purge counts from here. */
    expiredAt: timestamp('expired_at', { withTimezone: true, precision: 3 }),
    /**
     * When a moderator first approved it (issue 26): null for an ad that was never public, whose page
     * then answers 404 like an unknown id rather than 410. Set by a trigger (migration 0022) the first
     * time the status becomes approved, and for rows written straight as approved, sold or expired.
     */
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true, precision: 3 }),
    /** When the owner marked it sold; the page stays reachable for SOLD_VISIBLE_DAYS. */
    soldAt: timestamp('sold_at', { withTimezone: true, precision: 3 }),
    /**
     * Issue 28: when the owner accepted an offer (the accepted offer names the buyer); the ad stays
     * listed with a "Rezervat" badge until the owner releases it or marks it sold. Null: available.
     */
    reservedAt: timestamp('reserved_at', { withTimezone: true, precision: 3 }),
    /**
     * When a moderator last approved the ad (issue 26): cards and the ad page say "published" from
     * here, not from created_at; null while it was never public. Renewals and approved edits keep it.
     */
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    /**
     * Its category under Legea 295/2004 (common/legal.ts). Rows written without one (seeds, tests)
     * get the usual one for their category from a trigger (migration 0010); the default of null
     * only tells Drizzle that writers may leave it out.
     */
    legalCategory: text('legal_category').notNull().default(sql`null`),
    /**
     * The transaction that last wrote the row (pg_current_xact_id, set by a trigger, migration 0018):
     * the in-memory search index catches up by reading the rows written since its last snapshot.
     */
    searchXid: bigint('search_xid', { mode: 'number' }).notNull().default(0),
    /** Full-text document; ad_search_vector is defined in migration 0007 (romanian + unaccent + calibers). */
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`ad_search_vector(title, brand, model, caliber, description, search_words, search_tokens)`,
      ),
  },
  (t) => [
    check('ads_status_check', sql`${t.status} in (${oneOf(AD_STATUSES)})`),
    check('ads_category_check', sql`${t.category} in (${oneOf(CATEGORIES)})`),
    check('ads_condition_check', sql`${t.condition} in (${oneOf(CONDITIONS)})`),
    check('ads_price_check', sql`${t.price} >= 0`),
    check('ads_legal_category_check', sql`${t.legalCategory} in (${oneOf(LEGAL_CATEGORIES)})`),
    // Weapons carry a weapon's category; accessories and optics are no weapon.
    check(
      'ads_legal_category_fits_check',
      sql`(${t.category} in (${oneOf(WEAPON_CATEGORIES)})) = (${t.legalCategory} <> 'not-a-weapon')`,
    ),
    // Keyset paging of the public lists: one index per sort, with and without a category.
    index('ads_approved_newest_idx').on(t.createdAt, t.id).where(approved),
    index('ads_approved_price_idx').on(t.price, t.id).where(approved),
    index('ads_approved_category_newest_idx').on(t.category, t.createdAt, t.id).where(approved),
    index('ads_approved_category_price_idx').on(t.category, t.price, t.id).where(approved),
    // Structured filters: each walks in either sort's order within its value (the "driver" of a
    // filtered list, server/ads/browse.ts), and serves bitmap scans.
    index('ads_approved_county_newest_idx').on(t.county, t.createdAt, t.id).where(approved),
    index('ads_approved_county_price_idx').on(t.county, t.price, t.id).where(approved),
    index('ads_approved_caliber_newest_idx').on(t.caliberId, t.createdAt, t.id).where(approved),
    index('ads_approved_caliber_price_idx').on(t.caliberId, t.price, t.id).where(approved),
    index('ads_approved_brand_newest_idx').on(t.brand, t.createdAt, t.id).where(approved),
    index('ads_approved_brand_price_idx').on(t.brand, t.price, t.id).where(approved),
    index('ads_approved_action_newest_idx').on(t.action, t.createdAt, t.id).where(approved),
    index('ads_approved_action_price_idx').on(t.action, t.price, t.id).where(approved),
    index('ads_approved_legal_newest_idx').on(t.legalCategory, t.createdAt, t.id).where(approved),
    index('ads_approved_legal_price_idx').on(t.legalCategory, t.price, t.id).where(approved),
    // "Only verified dealers": a minority of the listed ads, each sort's order among them alone.
    index('ads_approved_dealer_newest_idx').on(t.createdAt, t.id).where(sql`${approved} and seller_dealer`),
    index('ads_approved_dealer_price_idx').on(t.price, t.id).where(sql`${approved} and seller_dealer`),
    // The sitemaps walk listed ads in this order and read only these columns: an index-only scan.
    index('ads_approved_sitemap_idx').on(t.createdAt, t.id, t.updatedAt, t.userId).where(approved),
    // fastupdate off: a pending list would be scanned by every search until vacuum merges it.
    index('ads_approved_tsv_idx').using('gin', t.tsv).with({ fastupdate: 'off' }).where(approved),
    // The owner's dashboard and the moderation queue.
    index('ads_user_created_idx').on(t.userId, t.createdAt),
    // The seller page's active and sold counts as an index-only scan: through ads_user_created_idx a
    // seller with 20,000 ads cost 16,000 heap pages (90 to 530 ms at 1,000,000 ads, bench:deals).
    index('ads_user_status_idx').on(t.userId, t.status, t.ownerActive),
    // The hourly lifecycle pass: approved ads nearing their end, expired ads nearing their purge.
    index('ads_approved_expiry_idx').on(t.expiresAt).where(approved),
    index('ads_expired_purge_idx').on(t.expiredAt).where(sql`status = 'expired'`),
    index('ads_search_xid_idx').on(t.searchXid),
    // Price insight (server/ads/price-insight.ts): the comparables of one brand, model and caliber
    // in their 12-month window, with what the median reads, as an index-only scan.
    index('ads_price_insight_idx')
      .on(t.brandKey, t.modelKey, t.caliberId, t.firstApprovedAt, t.price, t.status, t.id)
      .where(
        sql`status in ('approved', 'sold', 'expired') and brand_key is not null and model_key is not null`,
      ),
    index('ads_review_queue_idx').on(t.createdAt).where(sql`status in ('pending', 'needs_changes')`),
  ],
);

/**
 * Uploaded pictures. A row exists from upload on (ad_id null until an ad claims it); uploads left
 * unclaimed are collected after a day. Deleting the ad or the user leaves the row unclaimed, so the
 * same collector removes its files.
 */
export const adImages = pgTable(
  'ad_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Base key from storeProcessedImage; the variants' files live under it. */
    storageKey: text('storage_key').notNull(),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_images_ad_position_idx').on(t.adId, t.position),
    index('ad_images_user_idx').on(t.userId),
    index('ad_images_unclaimed_idx').on(t.createdAt).where(sql`ad_id is null`),
  ],
);

/**
 * How many ads the public lists show per category and condition (approved, owner active), kept by
 * triggers (migration 0004) so that a list's total costs a lookup instead of a count over the table.
 */
export const adCounts = pgTable(
  'ad_counts',
  {
    category: text('category').notNull(),
    condition: text('condition').notNull(),
    listed: integer('listed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.condition] })],
);

/**
 * The seller's declaration on a weapon submission (issue 12): they own it legally, hold its papers
 * and will transfer it only as the law requires. One row per submission (posting and every edit),
 * with the time and the client address; kept as long as the ad.
 */
export const adDeclarations = pgTable(
  'ad_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Which wording was ticked (common/legal.ts DECLARATION_VERSION). */
    version: text('version').notNull(),
    clientIp: text('client_ip').notNull(),
    declaredAt: timestamp('declared_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('ad_declarations_ad_idx').on(t.adId, t.declaredAt)],
);

/**
 * Issue 29: a buyer's attestation, before their first message or offer on an ad in the authorisation
 * category, that they hold, or will obtain before the handover, the purchase authorisation (autorizație
 * de procurare); kept with its wording's version, time and address, like the seller's declaration.
 */
export const buyerAttestations = pgTable(
  'buyer_attestations',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    clientIp: text('client_ip').notNull(),
    attestedAt: timestamp('attested_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.userId] })],
);

/** An edit's values as the ad row stores them (server/ads/commands.ts formColumns, without search columns). */
export type RevisionFields = {
  title: string;
  description: string;
  category: string;
  subcategory: string | null;
  condition: string;
  price: number;
  brand: string | null;
  model: string | null;
  caliber: string | null;
  action: string | null;
  barrelLength: number | null;
  capacity: number | null;
  location: string;
  county: string | null;
  legalCategory: string;
};

/**
 * The edit of a published ad waiting for review (issue 26): at most one per ad. The ad's own row,
 * and so its page, the lists and the search index, keep the approved version until a moderator
 * approves the edit, which copies these values onto it. `image_ids` are the edit's images in order:
 * new uploads stay unclaimed (ad_id null) until then, and the orphan collector leaves them alone.
 */
export const adRevisions = pgTable(
  'ad_revisions',
  {
    adId: uuid('ad_id')
      .primaryKey()
      .references(() => ads.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<RevisionFields>().notNull(),
    imageIds: uuid('image_ids').array().notNull(),
    /** pending: waiting for a moderator; needs_changes: sent back to the seller with a reason. */
    status: text('status').notNull().default('pending'),
    moderationReason: text('moderation_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('ad_revisions_status_check', sql`${t.status} in ('pending', 'needs_changes')`),
    index('ad_revisions_queue_idx').on(t.status, t.submittedAt),
  ],
);

/**
 * Words of listed ads' titles, brands and models with how many ads use them: what a misspelt search
 * word is corrected to (trigram similarity). Rebuilt by the maintenance (server/ads/search-vocabulary.ts).
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    word: text('word').primaryKey(),
    ads: integer('ads').notNull(),
    /** 0 brand, 1 model, 2 other title word: brands and models are preferred as corrections. */
    kind: integer('kind').notNull(),
  },
  (t) => [index('search_vocabulary_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * Deleted ads, written by a trigger (migration 0018) with the deleting transaction, so that the
 * in-memory search index of every process drops them; the hourly maintenance forgets rows older than
 * a day and records how far in `ad_removals_pruned`.
 */
export const adRemovals = pgTable(
  'ad_removals',
  {
    adId: uuid('ad_id').notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_removals_xid_idx').on(t.xid)],
);

/**
 * One row: every removal by a transaction below `below` has been forgotten. A search index whose
 * horizon is below it may have missed one, and loads afresh (server/ads/search-index/index-sync.ts).
 */
export const adRemovalsPruned = pgTable('ad_removals_pruned', {
  below: bigint('below', { mode: 'number' }).notNull(),
});
