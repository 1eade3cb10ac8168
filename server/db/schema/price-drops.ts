import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ads } from './ads';
import { user } from './auth';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * Every price an approved ad had (issue 28): a row per change of a public ad's price, so that the
 * ad page can say "redus de la 4.200 la 3.900 lei, 12 nov.". Prices set before publication, or by
 * a revision still waiting, are not history: nobody saw them.
 */
export const adPriceChanges = pgTable(
  'ad_price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    oldPrice: money('old_price').notNull(),
    newPrice: money('new_price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('ad_price_changes_ad_idx').on(t.adId, t.changedAt)],
);

/**
 * A price drop owed to someone who keeps the ad in favorites (issue 28), as saved searches' matches
 * are: one row per person and ad, written by the drop's fan-out in one statement, settled
 * (`notified_at`) when the mail naming it is queued. A second drop before the mail updates the row,
 * keeping the price the person last saw (`from_price`).
 */
export const priceDropNotices = pgTable(
  'price_drop_notices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    fromPrice: money('from_price').notNull(),
    toPrice: money('to_price').notNull(),
    droppedAt: timestamp('dropped_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.adId] }),
    index('price_drop_notices_pending_idx').on(t.userId).where(sql`notified_at is null`),
    index('price_drop_notices_ad_idx').on(t.adId),
  ],
);
