import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEALER_SERVICES, HANDOVER_STATUSES } from '../../../common/schemas/handovers';
import { user } from './auth';
import { deals } from './deals';

// Issue 29, handover at an armurier. The rules live in server/handovers/.

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A verified dealer's transfer services: a fee in whole lei for each service offered (null: not
 * offered), in one county, at one address. Listed only while the dealer's badge holds.
 */
export const dealerServices = pgTable(
  'dealer_services',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    county: text('county').notNull(),
    address: text('address').notNull(),
    inspectionFee: integer('inspection_fee'),
    handoverFee: integer('handover_fee'),
    keepingFee: integer('keeping_fee'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'dealer_services_fees_check',
      sql`coalesce(${t.inspectionFee}, 0) >= 0 and coalesce(${t.handoverFee}, 0) >= 0 and coalesce(${t.keepingFee}, 0) >= 0`,
    ),
    // The guide asks by county for dealers offering at least one service.
    index('dealer_services_county_idx')
      .on(t.county)
      .where(sql`inspection_fee is not null or handover_fee is not null or keeping_fee is not null`),
  ],
);

/**
 * A side of a deal asks a dealer for a service on a wished day; the dealer accepts or declines, or
 * the requester cancels while it waits. One pending request per deal at a time. The dealer's name, fee,
 * county and address are those offered when asked, so a later change of the dealer's services rewrites nothing.
 */
export const handoverRequests = pgTable(
  'handover_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    dealerId: text('dealer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    fee: integer('fee'),
    dealerName: text('dealer_name').notNull(),
    dealerCounty: text('dealer_county').notNull(),
    dealerAddress: text('dealer_address').notNull(),
    wishedDate: date('wished_date', { mode: 'string' }).notNull(),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    answerNote: text('answer_note'),
    createdAt: at('created_at').notNull().defaultNow(),
    answeredAt: at('answered_at'),
  },
  (t) => [
    check('handover_requests_service_check', sql`${t.service} in (${oneOf(DEALER_SERVICES)})`),
    check('handover_requests_status_check', sql`${t.status} in (${oneOf(HANDOVER_STATUSES)})`),
    check('handover_requests_not_self_check', sql`${t.dealerId} <> ${t.requesterId}`),
    uniqueIndex('handover_requests_one_pending_idx').on(t.dealId).where(sql`status = 'pending'`),
    index('handover_requests_deal_idx').on(t.dealId, t.createdAt),
    index('handover_requests_dealer_idx').on(t.dealerId, t.createdAt),
  ],
);
