import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** What the marketplace knows of a person beyond their credentials; one row per user, made at sign-up. */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  address: text('address'),
  /** The language of the e-mails we send them. */
  locale: text('locale').notNull().default('ro'),
  isActive: boolean('is_active').notNull().default(true),
  /** A verified dealer (issue 12): when an admin.super approved them, null otherwise or once withdrawn. */
  dealerVerifiedAt: timestamp('dealer_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Mail me when an ad in my favorites gets cheaper (issue 28); its mails' unsubscribe link turns it off. */
  priceDropAlerts: boolean('price_drop_alerts').notNull().default(true),
  /** When the last price-drop mail to them was queued: at most one per alert interval, the rest batched. */
  priceDropAlertedAt: timestamp('price_drop_alerted_at', { withTimezone: true, precision: 3 }),
});
