import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per mail handed to SMTP, by its deduplication key: a queued mail whose job runs again
 * (a retry after the send went through but before the job was marked done) finds its row and
 * sends nothing.
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
