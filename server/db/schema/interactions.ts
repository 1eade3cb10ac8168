import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '../../../common/values';
import { ads } from './ads';
import { user } from './auth';

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * One conversation per ad and buyer (the seller is the ad's owner). The ad's title is kept so the
 * thread still makes sense after the ad is deleted.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    adTitle: text('ad_title').notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When each side was last mailed about a new message: at most one mail per 15 minutes. */
    buyerNotifiedAt: timestamp('buyer_notified_at', { withTimezone: true }),
    sellerNotifiedAt: timestamp('seller_notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_ad_buyer_idx').on(t.adId, t.buyerId),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt),
  ],
);

/** Messages (spec section 3): receiver is always derived on the server, read_at null means unread. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_unread_idx').on(t.receiverId, t.conversationId).where(sql`read_at is null`),
  ],
);

/** Favorites (spec section 3). ad_id may be null in the spec's data; such rows are ignored. */
export const favorites = pgTable(
  'favorites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorites_user_ad_idx').on(t.userId, t.adId), index('favorites_ad_idx').on(t.adId)],
);

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/**
 * Reports of ads, by users or visitors (reporter null). A user has at most one open report per ad:
 * a second one updates the first. Resolution keeps who resolved it and when.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status').notNull().default('open'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_reason_check', sql`${t.reason} in (${oneOf(REPORT_REASONS)})`),
    check('reports_status_check', sql`${t.status} in (${oneOf(REPORT_STATUSES)})`),
    uniqueIndex('reports_one_open_per_reporter_idx')
      .on(t.adId, t.reporterId)
      .where(sql`status = 'open' and reporter_id is not null`),
    index('reports_created_idx').on(t.createdAt),
    index('reports_ad_status_idx').on(t.adId, t.status),
  ],
);

/**
 * The audit trail of moderation: who did what to which ad, report or user, when, why, and the status
 * before and after. Rows are only ever inserted (a trigger refuses updates and deletes), and hold
 * copies rather than foreign keys so that they outlive what they describe.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** A readable name of the target at the time (ad title, user e-mail). */
    targetLabel: text('target_label'),
    reason: text('reason'),
    statusBefore: text('status_before'),
    statusAfter: text('status_after'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId),
  ],
);
