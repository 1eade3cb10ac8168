import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ANSWER_STATUS,
  type DealSide,
  mayAnswer,
  OFFER_HOURS,
  type OfferStatus,
  OPEN_OFFER_STATUSES,
} from '../../common/deals';
import type { Offer, OfferAnswerInput, OfferInput } from '../../common/schemas/deals';
import { isUuid } from '../ads/cursor';
import { findAd } from '../ads/queries';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { iso } from '../db/iso';
import { ads } from '../db/schema/ads';
import { offers } from '../db/schema/deals';
import { conversations } from '../db/schema/interactions';
import { AppError, notFound } from '../errors';
import { enforceRateLimits, type LimitRule } from '../http/rate-limit';
import type { Tx } from '../moderation/audit';
import { authorize, isListed } from '../policies/policies';
import { requireAttestation } from './buyer-attestation';
import { supersedeOpenOffers, writeStep } from './offer-steps';

type Deps = Pick<Services, 'db' | 'queue' | 'config'>;

/**
 * Offers are limited per account (a burst and a day), per ad (so that one ad cannot be flooded by
 * fresh accounts) and per client address, looser since several people share one. Answers are
 * limited per account only: they need an offer made to someone first.
 */
export const OFFER_LIMITS = {
  perAccount: { max: 10, windowSeconds: 3600 },
  perAccountDaily: { max: 40, windowSeconds: 24 * 3600 },
  perAd: { max: 30, windowSeconds: 24 * 3600 },
  perAddress: { max: 60, windowSeconds: 3600 },
  answers: { max: 60, windowSeconds: 3600 },
} as const;

const offerLimits = (userId: string, adId: string, ip: string): LimitRule[] => [
  { key: `offer:user:${userId}`, ...OFFER_LIMITS.perAccount },
  { key: `offer-day:user:${userId}`, ...OFFER_LIMITS.perAccountDaily },
  { key: `offer:ad:${adId}`, ...OFFER_LIMITS.perAd },
  { key: `offer:ip:${ip}`, ...OFFER_LIMITS.perAddress },
];

const conflict = (code: string, message: string) => new AppError(409, code, message);
const invalid = (field: string, message: string) =>
  new AppError(400, 'validation_error', `${field}: ${message}`);
export const notTransition = () =>
  conflict('invalid_transition', 'This offer is not waiting for this answer from you.');
const notAvailable = () =>
  conflict('ad_not_available', 'This ad is reserved, sold or no longer listed: it takes no offers.');
const hoursAhead = sql`now() + make_interval(hours => ${OFFER_HOURS})`;

type OfferRow = typeof offers.$inferSelect;

export function presentOffer(row: OfferRow, viewerId: string, now = new Date()): Offer {
  const side: DealSide = viewerId === row.sellerId ? 'seller' : 'buyer';
  const waiting = new Date(row.expiresAt).getTime() > now.getTime();
  const status = row.status as OfferStatus;
  const may = (answer: 'accept' | 'decline' | 'counter') => waiting && mayAnswer(answer, status, side);
  return {
    id: row.id,
    adId: row.adId,
    conversationId: row.conversationId,
    status,
    amount: row.amount,
    counterAmount: row.counterAmount,
    expiresAt: iso(row.expiresAt),
    createdAt: iso(row.createdAt),
    role: side,
    can: { accept: may('accept'), decline: may('decline'), counter: may('counter') },
  };
}

/** The ad, locked for the rest of the transaction: offers, answers and the sale of one ad take turns. */
async function lockAd(tx: Tx, adId: string) {
  const [row] = await tx
    .select({
      id: ads.id,
      title: ads.title,
      status: ads.status,
      price: ads.price,
      reservedAt: ads.reservedAt,
      userId: ads.userId,
    })
    .from(ads)
    .where(eq(ads.id, adId))
    .for('update');
  return row ?? null;
}

/**
 * "Fă o ofertă": on a listed ad that is not the buyer's own and not reserved, at most the asking
 * price, and only when the buyer has no open offer on it. The offer opens (or continues) the
 * conversation with the seller as its first step, and the seller gets the usual mail.
 */
export async function makeOffer(
  deps: Deps,
  viewer: Viewer | null,
  adId: string,
  input: OfferInput & { amount: number },
  ip: string,
): Promise<Offer> {
  const found = await findAd(deps.db, adId);
  if (!found) throw notFound();
  authorize(viewer, 'ad.makeOffer', found.subject);
  await enforceRateLimits(deps.db, offerLimits(viewer.id, found.ad.id, ip));
  return deps.db.transaction(async (tx) => {
    const ad = await lockAd(tx, found.ad.id);
    if (ad?.status !== 'approved' || ad.reservedAt !== null || !isListed(found.subject)) throw notAvailable();
    if (input.amount > Number(ad.price)) throw invalid('amount', 'An offer can be at most the asking price');
    const [open] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(
          eq(offers.adId, ad.id),
          eq(offers.buyerId, viewer.id),
          inArray(offers.status, [...OPEN_OFFER_STATUSES]),
        ),
      )
      .limit(1);
    if (open) throw conflict('offer_open', 'You already have an offer on this ad waiting for an answer.');
    // Issue 29: a first offer on a weapon needing authorisation comes with the buyer's attestation.
    await requireAttestation(tx, {
      ad: { id: ad.id, legalCategory: found.ad.legalCategory },
      buyerId: viewer.id,
      given: input.attestation,
      ip,
    });
    const [conversation] = await tx
      .insert(conversations)
      .values({ adId: ad.id, adTitle: ad.title, buyerId: viewer.id, sellerId: ad.userId })
      .onConflictDoUpdate({ target: [conversations.adId, conversations.buyerId], set: { adTitle: ad.title } })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('conversation upsert returned no row');
    const [offer] = await tx
      .insert(offers)
      .values({
        adId: ad.id,
        conversationId: conversation.id,
        buyerId: viewer.id,
        sellerId: ad.userId,
        amount: input.amount,
        expiresAt: hoursAhead,
      })
      .returning();
    if (!offer) throw new Error('offer insert returned no row');
    await writeStep(deps, tx, {
      conversationId: conversation.id,
      adId: ad.id,
      adTitle: ad.title,
      offerId: offer.id,
      kind: 'made',
      amount: offer.amount,
      senderId: viewer.id,
      receiverId: ad.userId,
      body: input.message ?? '',
      mail: true,
      receiverSide: 'seller',
    });
    return presentOffer(offer, viewer.id);
  });
}

async function findOffer(db: Database | Tx, id: string, lock = false): Promise<OfferRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(offers).where(eq(offers.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The state machine (common/deals.ts): the seller accepts, declines or counters a pending offer;
 * the buyer accepts or declines a counter; nothing else, and nothing once it waited 48 hours.
 * Accepting reserves the ad and closes the other open offers on it with a short notice.
 */
export async function answerOffer(
  deps: Deps,
  viewer: Viewer | null,
  offerId: string,
  input: OfferAnswerInput,
): Promise<Offer> {
  const subject = await findOffer(deps.db, offerId);
  if (!subject) throw notFound();
  authorize(viewer, 'offer.answer', subject);
  await enforceRateLimits(deps.db, [{ key: `offer-answer:user:${viewer.id}`, ...OFFER_LIMITS.answers }]);
  return deps.db.transaction(async (tx) => {
    const ad = await lockAd(tx, subject.adId);
    const offer = await findOffer(tx, subject.id, true);
    if (!ad || !offer) throw notFound();
    const side: DealSide = viewer.id === offer.sellerId ? 'seller' : 'buyer';
    if (!mayAnswer(input.answer, offer.status as OfferStatus, side)) throw notTransition();
    if (new Date(offer.expiresAt).getTime() <= Date.now())
      throw conflict('offer_expired', 'This offer waited more than 48 hours and has expired.');
    const other = side === 'seller' ? offer.buyerId : offer.sellerId;
    const step = {
      conversationId: offer.conversationId,
      adId: ad.id,
      adTitle: ad.title,
      offerId: offer.id,
      senderId: viewer.id,
      receiverId: other,
      mail: true,
      receiverSide: side === 'seller' ? ('buyer' as const) : ('seller' as const),
    };
    let changes: Partial<OfferRow> = { status: ANSWER_STATUS[input.answer] };
    if (input.answer === 'counter') {
      const amount = input.amount ?? 0;
      if (amount <= offer.amount || amount > Number(ad.price))
        throw invalid('amount', 'A counter-offer is above the offer and at most the asking price');
      if (ad.status !== 'approved' || ad.reservedAt !== null) throw notAvailable();
      changes = { ...changes, counterAmount: amount };
      await tx
        .update(offers)
        .set({ ...changes, expiresAt: hoursAhead, updatedAt: sql`now()` })
        .where(eq(offers.id, offer.id));
      await writeStep(deps, tx, { ...step, kind: 'countered', amount });
    } else if (input.answer === 'accept') {
      if (ad.status !== 'approved' || ad.reservedAt !== null) throw notAvailable();
      const price = offer.counterAmount ?? offer.amount;
      await tx
        .update(offers)
        .set({ status: 'accepted', updatedAt: sql`now()` })
        .where(eq(offers.id, offer.id));
      await tx.update(ads).set({ reservedAt: sql`now()` }).where(eq(ads.id, ad.id));
      await writeStep(deps, tx, { ...step, kind: 'accepted', amount: price });
      await supersedeOpenOffers(deps, tx, ad.id, ad.title, offer.id);
    } else {
      await tx
        .update(offers)
        .set({ status: 'declined', updatedAt: sql`now()` })
        .where(eq(offers.id, offer.id));
      await writeStep(deps, tx, { ...step, kind: 'declined', amount: null });
    }
    const after = await findOffer(tx, offer.id);
    if (!after) throw notFound();
    return presentOffer(after, viewer.id);
  });
}

/**
 * The seller lets the reservation go: the ad is available again and the accepted offer ends
 * (`released`), with a notice in its conversation. 409 when the ad is not reserved.
 */
export async function releaseReservation(deps: Deps, adId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ad = await lockAd(tx, adId);
    if (!ad) throw notFound();
    if (ad.reservedAt === null || ad.status !== 'approved')
      throw conflict('invalid_transition', 'This ad is not reserved.');
    await tx.update(ads).set({ reservedAt: null }).where(eq(ads.id, ad.id));
    const [accepted] = await tx
      .update(offers)
      .set({ status: 'released', updatedAt: sql`now()` })
      .where(and(eq(offers.adId, ad.id), eq(offers.status, 'accepted')))
      .returning();
    if (!accepted) return;
    await writeStep(deps, tx, {
      conversationId: accepted.conversationId,
      adId: ad.id,
      adTitle: ad.title,
      offerId: accepted.id,
      kind: 'released',
      amount: null,
      senderId: accepted.sellerId,
      receiverId: accepted.buyerId,
      mail: true,
      receiverSide: 'buyer',
    });
  });
}

/** Offers expire in batches of this many per transaction. */
const EXPIRY_BATCH = 200;

/**
 * Offers that waited OFFER_HOURS without an answer expire, each with a notice in its thread. The
 * answer routes already refuse an offer past its time, so the hour until this runs changes nothing.
 */
export async function expireOffers(deps: Deps): Promise<number> {
  let expired = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const rows = (
        (await tx.execute(sql`
          update offers set status = 'expired', updated_at = now()
          where id in (
            select id from offers where status in ('pending', 'countered') and expires_at <= now()
            order by expires_at limit ${EXPIRY_BATCH} for update skip locked
          )
          returning id, conversation_id as "conversationId", buyer_id as "buyerId", seller_id as "sellerId",
            ad_id as "adId", (select title from ads where ads.id = offers.ad_id) as "adTitle",
            counter_amount is not null as countered`)) as unknown as {
          rows: Array<{
            id: string;
            conversationId: string;
            buyerId: string;
            sellerId: string;
            adId: string;
            adTitle: string;
            countered: boolean;
          }>;
        }
      ).rows;
      for (const row of rows) {
        // The side that did not answer "sends" the notice; the other one finds it unread.
        const silent = row.countered ? row.buyerId : row.sellerId;
        await writeStep(deps, tx, {
          conversationId: row.conversationId,
          adId: row.adId,
          adTitle: row.adTitle,
          offerId: row.id,
          kind: 'expired',
          amount: null,
          senderId: silent,
          receiverId: silent === row.buyerId ? row.sellerId : row.buyerId,
          mail: false,
          receiverSide: silent === row.buyerId ? 'seller' : 'buyer',
        });
      }
      return rows.length;
    });
    expired += batch;
    if (batch < EXPIRY_BATCH) return expired;
  }
}

/** The offers of a conversation, oldest first, as the caller sees them. */
export async function offersOfConversation(db: Database, viewerId: string, conversationId: string) {
  const rows = await db
    .select()
    .from(offers)
    .where(eq(offers.conversationId, conversationId))
    .orderBy(offers.createdAt, offers.id);
  const now = new Date();
  return rows.map((row) => presentOffer(row, viewerId, now));
}
