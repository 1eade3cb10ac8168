import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * What a user declared or accepted, and when (issue 31): being 18 or older (`adult`), the terms of
 * use and the privacy notice, each with the version of the text and the client address. One row per
 * acceptance; a new terms version adds rows, the old ones stay as the record of what was accepted.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    version: text('version').notNull(),
    /** Null for accounts made without a request (demo data, the user:role command, tests). */
    clientIp: text('client_ip'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('legal_acceptances_document_check', sql`${t.document} in ('adult', 'terms', 'privacy')`),
    index('legal_acceptances_user_idx').on(t.userId, t.document, t.acceptedAt),
  ],
);

/**
 * A user's copy of their data (GDPR art. 15 and 20): built by a queued job into a ZIP under
 * DATA_DIR/exports, downloadable by its owner until `expires_at` (24 hours after it was ready), then
 * deleted by a job queued for that moment.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    /** The ZIP's size in bytes, once ready. */
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true, precision: 3 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('data_exports_status_check', sql`${t.status} in ('queued', 'ready', 'expired')`),
    index('data_exports_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Accounts whose owner deleted them (GDPR art. 17). The `user` row stays as an empty tombstone (no
 * e-mail, no name), so that the other side of a conversation still reads it as "Cont șters" and the
 * records kept by design (audit log, seller declarations, reports) keep their references.
 * `completed_at` is set when the queued job has erased everything; the ads that were public are
 * purged with `ads_purge_after`.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  adsPurgeAfter: timestamp('ads_purge_after', { withTimezone: true, precision: 3 }).notNull(),
  adsPurgedAt: timestamp('ads_purged_at', { withTimezone: true, precision: 3 }),
});
