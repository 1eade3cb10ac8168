import { sql } from 'drizzle-orm';
import type {
  DealEvent,
  DealerService,
  HandoverRequest,
  HandoverStatus,
} from '../../common/schemas/handovers';
import { type Database, queryRows } from '../db/client';
import { iso } from '../db/iso';
import { displayNameOf } from '../sellers/profile';

// Issue 29: a deal's handover requests as its two sides see them, and the deal's history, which
// the requests and their answers join.

/** The handover requests of these deals as their sides see them, newest first, by deal. */
export async function handoversOfDeals(
  db: Database,
  viewerId: string,
  dealIds: string[],
): Promise<Map<string, HandoverRequest[]>> {
  const byDeal = new Map<string, HandoverRequest[]>();
  if (dealIds.length === 0) return byDeal;
  const rows = await queryRows<HandoverListRow>(
    db,
    sql`${handoverSelect} where h.deal_id in (${sql.join(
      dealIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by h.created_at desc, h.id desc`,
  );
  for (const row of rows) {
    const list = byDeal.get(row.deal_id) ?? [];
    list.push({
      ...presentHandover(row),
      canCancel: row.status === 'pending' && row.requester_id === viewerId,
    });
    byDeal.set(row.deal_id, list);
  }
  return byDeal;
}

export type HandoverListRow = {
  id: string;
  deal_id: string;
  dealer_id: string;
  requester_id: string;
  service: DealerService;
  fee: number | null;
  dealer_name: string;
  dealer_county: string;
  dealer_address: string;
  wished_date: string;
  note: string | null;
  status: HandoverStatus;
  answer_note: string | null;
  created_at: Date | string;
  answered_at: Date | string | null;
  ad_id: string | null;
  ad_title: string;
  seller_id: string;
  buyer_id: string;
  seller_first: string | null;
  seller_last: string | null;
  buyer_first: string | null;
  buyer_last: string | null;
};

export const handoverSelect = sql`
  select h.id, h.deal_id, h.dealer_id, h.requester_id, h.service, h.fee, h.dealer_name, h.dealer_county,
    h.dealer_address, h.wished_date::text as wished_date, h.note, h.status, h.answer_note, h.created_at,
    h.answered_at, d.ad_id, d.ad_title, d.seller_id, d.buyer_id,
    sp.first_name as seller_first, sp.last_name as seller_last,
    bp.first_name as buyer_first, bp.last_name as buyer_last
  from handover_requests h
  join deals d on d.id = h.deal_id
  left join profiles sp on sp.id = d.seller_id
  left join profiles bp on bp.id = d.buyer_id`;

export const sellerName = (row: HandoverListRow) =>
  displayNameOf(row.seller_first ?? '', row.seller_last ?? '');
export const buyerName = (row: HandoverListRow) => displayNameOf(row.buyer_first ?? '', row.buyer_last ?? '');

export function presentHandover(row: HandoverListRow): Omit<HandoverRequest, 'canCancel'> {
  const role = row.requester_id === row.seller_id ? 'seller' : 'buyer';
  return {
    id: row.id,
    dealId: row.deal_id,
    dealer: {
      id: row.dealer_id,
      businessName: row.dealer_name,
      county: row.dealer_county,
      address: row.dealer_address,
    },
    service: row.service,
    fee: row.fee === null ? null : Number(row.fee),
    wishedDate: row.wished_date,
    note: row.note,
    requestedBy: { role, displayName: role === 'seller' ? sellerName(row) : buyerName(row) },
    status: row.status,
    answerNote: row.answer_note,
    createdAt: iso(row.created_at),
    answeredAt: row.answered_at ? iso(row.answered_at) : null,
  };
}

/** What the history needs of the deal itself. */
export type DealDates = {
  createdAt: string;
  confirmedAt: string | null;
  deniedAt: string | null;
  deregisteredAt: string | null;
};

const event = (
  kind: DealEvent['kind'],
  at: string,
  handover?: HandoverRequest,
  note: string | null = null,
): DealEvent => ({
  kind,
  at,
  handoverId: handover?.id ?? null,
  dealer: handover?.dealer.businessName ?? null,
  note,
});

const ANSWER_EVENTS = {
  accepted: 'handoverAccepted',
  declined: 'handoverDeclined',
  cancelled: 'handoverCancelled',
} as const;

/** The deal's history, oldest first: its own steps and each handover request with its answer. */
export function dealHistory(deal: DealDates, handovers: HandoverRequest[]): DealEvent[] {
  const events: DealEvent[] = [event('recorded', deal.createdAt)];
  if (deal.confirmedAt) events.push(event('confirmed', deal.confirmedAt));
  if (deal.deniedAt) events.push(event('denied', deal.deniedAt));
  if (deal.deregisteredAt) events.push(event('deregistered', deal.deregisteredAt));
  for (const handover of handovers) {
    events.push(event('handoverRequested', handover.createdAt, handover, handover.note));
    if (handover.status !== 'pending' && handover.answeredAt)
      events.push(event(ANSWER_EVENTS[handover.status], handover.answeredAt, handover, handover.answerNote));
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
