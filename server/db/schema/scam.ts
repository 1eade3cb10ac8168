import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ads } from './ads';
import { user } from './auth';
import { messages } from './interactions';

/**
 * Scam protection (issue 30). What a message triggered (common/scam/message-rules.ts), stored when it
 * is sent: the recipient's warning is read from here, and the moderators count per sender which
 * rules fired and how many people received them. A row exists only for a message that triggered a
 * rule or carries the new-account tip.
 */
export const messageSafety = pgTable(
  'message_safety',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rules: text('rules').array().notNull().default(sql`'{}'::text[]`),
    /** The first message of a conversation from an account younger than 30 days: the seller gets a tip. */
    newSenderTip: boolean('new_sender_tip').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The suspect list (server/scam/suspects.ts) counts each sender's distinct recipients over the
    // last hours from this index alone (an index-only scan), never from the whole table.
    index('message_safety_recent_idx')
      .on(t.createdAt, t.senderId, t.receiverId)
      .where(sql`cardinality(rules) > 0`),
    index('message_safety_sender_idx').on(t.senderId, t.createdAt).where(sql`cardinality(rules) > 0`),
  ],
);

/**
 * The perceptual hash of every uploaded photo (server/scam/photo-hash.ts), written with the upload.
 * `ad_id` is the ad it was last submitted with; the row outlives the ad and the image by design
 * (no foreign keys there): a photo of an ad removed in the last 180 days is still compared, and
 * `gone_at` says since when its ad is deleted (a trigger, migration 0026).
 *
 * The three band indexes are the look-up: the hash cut into 22, 21 and 21 bits. Two hashes at most
 * 5 bits apart agree within one bit on at least one band (pigeonhole: three bands each 2 bits off
 * would be 6), so probing each band's value and its one-bit neighbours finds every match within
 * PHOTO_MATCH_DISTANCE without comparing against every photo.
 */
export const photoHashes = pgTable(
  'photo_hashes',
  {
    imageId: uuid('image_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    adId: uuid('ad_id'),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    goneAt: timestamp('gone_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // Whole-table indexes, not partial: the planner reads an expression's statistics only from an
    // index without a predicate. With the partial ones (migration 0026) it guessed that five photos'
    // probes match most rows and read the whole table (a sequential scan, seen in bench:photos);
    // unclaimed uploads, the only rows the predicate left out, are few.
    index('photo_hashes_band0_idx').on(sql`((hash >> 42) & 4194303)`),
    index('photo_hashes_band1_idx').on(sql`((hash >> 21) & 2097151)`),
    index('photo_hashes_band2_idx').on(sql`(hash & 2097151)`),
    index('photo_hashes_ad_idx').on(t.adId),
    // The hourly purge finds a deleted ad's hashes past 180 days without reading every photo's.
    index('photo_hashes_gone_idx').on(t.goneAt).where(sql`gone_at is not null`),
  ],
);

/**
 * A photo of a submitted ad that matches a photo of another user's ad: found when the ad is submitted
 * or edited, shown in the moderation queue. The other ad's title is copied (it may be deleted since).
 */
export const photoMatches = pgTable(
  'photo_matches',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id').notNull(),
    otherAdId: uuid('other_ad_id').notNull(),
    otherImageId: uuid('other_image_id').notNull(),
    otherAdTitle: text('other_ad_title').notNull(),
    distance: integer('distance').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.imageId, t.otherImageId] })],
);
