import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DealerHandover,
  handoverAnswerSchema,
  handoverRequestInputSchema,
} from '../../common/schemas/handovers';
import { isUuid } from '../ads/cursor';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { handoverRequests } from '../db/schema/handovers';
import { dealFor, findDeal } from '../deals/deals';
import { AppError, notFound } from '../errors';
import { enforceRateLimits } from '../http/rate-limit';
import { enqueueMail } from '../jobs/mail-job';
import type { SqlExecutor } from '../jobs/queue';
import type { Tx } from '../moderation/audit';
import { authorize } from '../policies/policies';
import {
  buyerName,
  type HandoverListRow,
  handoverSelect,
  presentHandover,
  sellerName,
} from './deal-handovers';
import { listedDealerServices } from './dealer-services';
import { type HandoverMailKind, handoverMail } from './handover-mail';

// Issue 29: handover requests from a deal to a dealer offering transfer services. Either side asks
// (one pending request per deal), the dealer accepts or declines, the one who asked may cancel while
// it waits; each step is mailed and shows in the deal's history.

type Deps = Pick<Services, 'db' | 'queue' | 'config'>;
type HandoverRowBase = typeof handoverRequests.$inferSelect;

const conflict = (code: string, message: string) => new AppError(409, code, message);

function presentForDealer(row: HandoverListRow): DealerHandover {
  return {
    ...presentHandover(row),
    canCancel: false,
    ad: { id: row.ad_id, title: row.ad_title },
    seller: sellerName(row),
    buyer: buyerName(row),
    can: { answer: row.status === 'pending' },
  };
}

/** The requests sent to the caller as a dealer: those waiting first, then the newest. */
export async function dealerHandovers(db: Database, viewer: Viewer | null): Promise<DealerHandover[]> {
  authorize(viewer, 'handoverRequests.listOwn');
  const rows = await queryRows<HandoverListRow>(
    db,
    sql`${handoverSelect} where h.dealer_id = ${viewer.id}
        order by (h.status = 'pending') desc, h.created_at desc, h.id desc limit 200`,
  );
  return rows.map(presentForDealer);
}

async function findHandover(db: Database | Tx, id: string, lock = false): Promise<HandoverRowBase | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(handoverRequests).where(eq(handoverRequests.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Either side of a weapon's deal (not denied) asks a dealer who lists the service now. The dealer's
 * name, fee, county and address are copied, so the request says what was offered when asked.
 */
export async function requestHandover(
  deps: Deps,
  viewer: Viewer | null,
  dealId: string,
  input: z.output<typeof handoverRequestInputSchema>,
) {
  const { db } = deps;
  const subject = await findDeal(db, dealId);
  if (!subject) throw notFound();
  authorize(viewer, 'deal.requestHandover', subject);
  // Each request mails a dealer: a person asks a few dealers a day, not dozens.
  await enforceRateLimits(db, [
    { key: `handover-request:user:${viewer.id}`, max: 10, windowSeconds: 24 * 3600 },
  ]);
  const deal = await dealFor(db, viewer, subject.id);
  if (deal.handovers.some((handover) => handover.status === 'pending'))
    throw conflict('handover_pending', 'A handover request for this deal is waiting for its dealer.');
  if (!deal.can.requestHandover)
    throw conflict('invalid_transition', 'Only a weapon deal that was not denied has a handover.');
  const dealer = await listedDealerServices(db, input.dealerId);
  if (!dealer || dealer.dealerId === subject.sellerId || dealer.dealerId === subject.buyerId)
    throw conflict('dealer_unavailable', 'This dealer does not offer transfer services now.');
  const fee = dealer.fees[input.service];
  if (fee === null) throw conflict('service_not_offered', 'This dealer does not offer this service.');

  await db.transaction(async (tx) => {
    await findDeal(tx, subject.id, true);
    const [pending] = await tx
      .select({ id: handoverRequests.id })
      .from(handoverRequests)
      .where(and(eq(handoverRequests.dealId, subject.id), eq(handoverRequests.status, 'pending')));
    if (pending)
      throw conflict('handover_pending', 'A handover request for this deal is waiting for its dealer.');
    const [created] = await tx
      .insert(handoverRequests)
      .values({
        dealId: subject.id,
        dealerId: dealer.dealerId,
        requesterId: viewer.id,
        service: input.service,
        fee,
        dealerName: dealer.businessName,
        dealerCounty: dealer.county,
        dealerAddress: dealer.address,
        wishedDate: input.wishedDate,
        note: input.note,
      })
      .returning({ id: handoverRequests.id });
    if (created) await mailHandover(deps, tx, created.id, 'request', [dealer.dealerId]);
  });
  return dealFor(db, viewer, subject.id);
}

/** The dealer accepts or declines a waiting request; both sides of the deal are mailed the answer. */
export async function answerHandover(
  deps: Deps,
  viewer: Viewer | null,
  id: string,
  input: z.output<typeof handoverAnswerSchema>,
): Promise<DealerHandover> {
  const { db } = deps;
  const found = await findHandover(db, id);
  if (!found) throw notFound();
  authorize(viewer, 'handover.answer', found);
  await db.transaction(async (tx) => {
    const row = await findHandover(tx, found.id, true);
    if (row?.status !== 'pending')
      throw conflict('invalid_transition', 'This request was already answered or cancelled.');
    const status = input.answer === 'accept' ? 'accepted' : 'declined';
    await tx
      .update(handoverRequests)
      .set({ status, answerNote: input.note, answeredAt: sql`now()` })
      .where(eq(handoverRequests.id, found.id));
    const deal = await findDeal(tx, found.dealId);
    if (deal) await mailHandover(deps, tx, found.id, status, [deal.sellerId, deal.buyerId]);
  });
  const [row] = await queryRows<HandoverListRow>(db, sql`${handoverSelect} where h.id = ${found.id}`);
  if (!row) throw notFound();
  return presentForDealer(row);
}

/** The one who asked takes back a request still waiting; the dealer is told. */
export async function cancelHandover(deps: Deps, viewer: Viewer | null, id: string) {
  const { db } = deps;
  const found = await findHandover(db, id);
  if (!found) throw notFound();
  authorize(viewer, 'handover.cancel', found);
  await db.transaction(async (tx) => {
    const row = await findHandover(tx, found.id, true);
    if (row?.status !== 'pending')
      throw conflict('invalid_transition', 'This request was already answered or cancelled.');
    await tx
      .update(handoverRequests)
      .set({ status: 'cancelled', answeredAt: sql`now()` })
      .where(eq(handoverRequests.id, found.id));
    await mailHandover(deps, tx, found.id, 'cancelled', [found.dealerId]);
  });
  return dealFor(db, viewer, found.dealId);
}

type Recipient = { id: string; email: string; first_name: string; locale: string; is_active: boolean };

/** Queues one step's mail to each recipient, in the step's transaction, keyed so it goes once. */
async function mailHandover(
  deps: Deps,
  tx: Tx,
  handoverId: string,
  kind: HandoverMailKind,
  recipientIds: string[],
) {
  const executor = tx as unknown as Database;
  const [row] = await queryRows<HandoverListRow>(executor, sql`${handoverSelect} where h.id = ${handoverId}`);
  if (!row) return;
  const request = presentHandover(row);
  const recipients = await queryRows<Recipient>(
    executor,
    sql`select u.id, u.email, p.first_name, p.locale, p.is_active from "user" u join profiles p on p.id = u.id
        where u.id in (${sql.join(
          recipientIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const toDealer = kind === 'request' || kind === 'cancelled';
  const link = new URL(
    toDealer ? '/dashboard/handovers' : '/dashboard/deals',
    deps.config.publicUrl,
  ).toString();
  for (const to of recipients) {
    if (!to.is_active) continue;
    await enqueueMail(deps.queue, tx as SqlExecutor, {
      key: `handover:${handoverId}:${kind}:${to.id}`,
      message: handoverMail({
        kind,
        to: to.email,
        name: to.first_name,
        locale: to.locale,
        facts: {
          title: row.ad_title,
          service: row.service,
          wishedDate: row.wished_date,
          dealer: row.dealer_name,
          address: row.dealer_address,
          requester: request.requestedBy.displayName,
          requesterRole: request.requestedBy.role,
        },
        note: kind === 'request' ? row.note : row.answer_note,
        link,
      }),
    });
  }
}
