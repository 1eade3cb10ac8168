import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
    moderationReason: text('moderation_reason'),
    // Millisecond precision: the keyset cursor carries created_at through a JS Date without loss.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
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
    // Keyset paging of the public lists: one index per sort, with and without a category.
    index('ads_approved_newest_idx').on(t.createdAt, t.id).where(approved),
    index('ads_approved_price_idx').on(t.price, t.id).where(approved),
    index('ads_approved_category_newest_idx').on(t.category, t.createdAt, t.id).where(approved),
    index('ads_approved_category_price_idx').on(t.category, t.price, t.id).where(approved),
    // Structured filters: each walks in newest order within its value, and serves bitmap scans.
    index('ads_approved_county_newest_idx').on(t.county, t.createdAt, t.id).where(approved),
    index('ads_approved_caliber_newest_idx').on(t.caliberId, t.createdAt, t.id).where(approved),
    index('ads_approved_brand_newest_idx').on(t.brand, t.createdAt, t.id).where(approved),
    index('ads_approved_action_idx').on(t.action).where(approved),
    // fastupdate off: a pending list would be scanned by every search until vacuum merges it.
    index('ads_approved_tsv_idx').using('gin', t.tsv).with({ fastupdate: 'off' }).where(approved),
    // The owner's dashboard and the moderation queue.
    index('ads_user_created_idx').on(t.userId, t.createdAt),
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
