import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OFFER_STATUSES, OFFER_STEP_KINDS } from '../../../common/deals';
import { ads } from './ads';
import { user } from './auth';
import { conversations, messages } from './interactions';

// Issue 28: offers, deals and two-way ratings. The rules live in server/deals/ and common/deals.ts.

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A buyer's offer on an ad, answered in the conversation with the seller. `pending` waits for the
 * seller, `countered` for the buyer; each waits at most until `expires_at`. A buyer has at most one
 * open (pending or countered) offer per ad; an ad has at most one accepted offer, its reservation.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Whole lei, as offered by the buyer. */
    amount: integer('amount').notNull(),
    /** The seller's counter, whole lei; the price when a countered offer is accepted. */
    counterAmount: integer('counter_amount'),
    status: text('status').notNull().default('pending'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('offers_status_check', sql`${t.status} in (${oneOf(OFFER_STATUSES)})`),
    check(
      'offers_amount_check',
      sql`${t.amount} > 0 and (${t.counterAmount} is null or ${t.counterAmount} > 0)`,
    ),
    uniqueIndex('offers_one_open_per_buyer_idx')
      .on(t.adId, t.buyerId)
      .where(sql`status in ('pending', 'countered')`),
    uniqueIndex('offers_one_accepted_per_ad_idx').on(t.adId).where(sql`status = 'accepted'`),
    index('offers_open_expiry_idx').on(t.expiresAt).where(sql`status in ('pending', 'countered')`),
    index('offers_conversation_idx').on(t.conversationId, t.createdAt),
  ],
);

/**
 * Each step of an offer is a message of the conversation (so the thread, the unread counter and the
 * new-message mail treat it as one), described here so that the thread can draw it as a card.
 */
export const offerSteps = pgTable(
  'offer_steps',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The amount the step names (the offer, the counter, the accepted price), whole lei. */
    amount: integer('amount'),
  },
  (t) => [
    check('offer_steps_kind_check', sql`${t.kind} in (${oneOf(OFFER_STEP_KINDS)})`),
    index('offer_steps_offer_idx').on(t.offerId),
  ],
);

/**
 * A sale the seller recorded ("Marchează ca vândut" to a buyer): the buyer confirms or denies it.
 * Only a confirmed deal can be rated. The ad's title is kept for when the ad is purged.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    adTitle: text('ad_title').notNull(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** Whole lei. */
    price: integer('price').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    confirmedAt: at('confirmed_at'),
    deniedAt: at('denied_at'),
    /**
     * Issue 29: when the seller ticked "Am făcut radierea" (the weapon struck off their permit); the
     * reminder of that step is not sent after it.
     */
    deregisteredAt: at('deregistered_at'),
  },
  (t) => [
    check('deals_price_check', sql`${t.price} > 0`),
    check('deals_two_sides_check', sql`${t.sellerId} <> ${t.buyerId}`),
    check('deals_one_answer_check', sql`${t.confirmedAt} is null or ${t.deniedAt} is null`),
    uniqueIndex('deals_ad_idx').on(t.adId),
    index('deals_buyer_idx').on(t.buyerId, t.createdAt),
    index('deals_seller_idx').on(t.sellerId, t.createdAt),
    index('deals_created_idx').on(t.createdAt),
  ],
);

/**
 * One rating per side of a confirmed deal. Double-blind: `revealed_at` is set when the other side
 * has rated too, or by the maintenance once the rating window is over; until then only its author
 * sees it. A hidden rating (moderator, with a reason) leaves the average.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    raterId: text('rater_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ratedId: text('rated_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The rated person's side of the deal. */
    ratedRole: text('rated_role').notNull(),
    stars: smallint('stars').notNull(),
    comment: text('comment'),
    createdAt: at('created_at').notNull().defaultNow(),
    revealedAt: at('revealed_at'),
    reply: text('reply'),
    repliedAt: at('replied_at'),
    hiddenAt: at('hidden_at'),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    check('ratings_stars_check', sql`${t.stars} between 1 and 5`),
    check('ratings_not_self_check', sql`${t.raterId} <> ${t.ratedId}`),
    check('ratings_role_check', sql`${t.ratedRole} in ('seller', 'buyer')`),
    uniqueIndex('ratings_deal_rater_idx').on(t.dealId, t.raterId),
    index('ratings_rated_idx').on(t.ratedId, t.createdAt),
    index('ratings_unrevealed_idx').on(t.createdAt).where(sql`revealed_at is null`),
  ],
);

/**
 * A person's score: revealed, visible ratings only, kept in the same transaction as each change
 * (reveal, hide) so that cards and pages read one row instead of averaging.
 */
export const ratingSummaries = pgTable('rating_summaries', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  total: integer('total').notNull().default(0),
});

export const TRUST_REPORT_KINDS = ['deal_denied', 'rating'] as const;

/**
 * What moderators look at besides ads: a deal its buyer denied, and a reported rating. Resolution
 * keeps who resolved it and when, as for ad reports.
 */
export const trustReports = pgTable(
  'trust_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    ratingId: uuid('rating_id').references(() => ratings.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    details: text('details'),
    status: text('status').notNull().default('open'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: at('resolved_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('trust_reports_kind_check', sql`${t.kind} in (${oneOf(TRUST_REPORT_KINDS)})`),
    check('trust_reports_status_check', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    check(
      'trust_reports_target_check',
      sql`(${t.kind} = 'deal_denied' and ${t.dealId} is not null) or (${t.kind} = 'rating' and ${t.ratingId} is not null)`,
    ),
    uniqueIndex('trust_reports_one_open_per_reporter_idx')
      .on(t.ratingId, t.reporterId)
      .where(sql`status = 'open' and rating_id is not null`),
    index('trust_reports_status_idx').on(t.status, t.createdAt),
  ],
);
