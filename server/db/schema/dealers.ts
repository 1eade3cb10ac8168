import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEALER_APPLICATION_STATUSES } from '../../../common/schemas/dealers';
import { user } from './auth';

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Applications to be shown as a verified dealer (issue 12). One pending at a time per user; the
 * approved one stays 'approved' while the badge holds and becomes 'withdrawn' when it is taken back.
 */
export const dealerApplications = pgTable(
  'dealer_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    /** The digits of the CUI (common/cui.ts), check digit verified. */
    cui: text('cui').notNull(),
    authorisationNumber: text('authorisation_number').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('dealer_applications_status_check', sql`${t.status} in (${oneOf(DEALER_APPLICATION_STATUSES)})`),
    uniqueIndex('dealer_applications_one_pending_idx').on(t.userId).where(sql`status = 'pending'`),
    index('dealer_applications_user_idx').on(t.userId, t.createdAt),
    index('dealer_applications_status_idx').on(t.status, t.createdAt, t.id),
  ],
);
