import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OfferStep } from '../../common/schemas/deals';
import type {
  AdConversation,
  ConversationDetail,
  ConversationSummary,
  Message,
  MessageDirection,
  SentMessage,
} from '../../common/schemas/messages';
import { isUuid } from '../ads/cursor';
import { findAd, findAdSubject } from '../ads/queries';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { iso } from '../db/iso';
import { offerSteps } from '../db/schema/deals';
import { conversations, messages } from '../db/schema/interactions';
import { attestationOfConversation, requireAttestation } from '../deals/buyer-attestation';
import { offersOfConversation } from '../deals/offers';
import { notFound } from '../errors';
import { enforceRateLimits, type LimitRule } from '../http/rate-limit';
import { authorize, type ConversationSubject } from '../policies/policies';
import { newAccountSql } from '../scam/account-marks';
import { recordMessageSafety } from '../scam/message-safety';
import { notifyReceiver } from './message-mail';

type Deps = Pick<Services, 'db' | 'queue' | 'config'>;

/**
 * Sending is limited per user (a burst allowance, a daily one, new conversations per day) and per
 * client address, looser since several people may share one (an office, a mobile carrier's NAT),
 * so that one spammer cannot multiply the allowance with fresh accounts.
 */
export const MESSAGE_LIMITS = {
  burst: { max: 30, windowSeconds: 10 * 60 },
  perAddress: { max: 120, windowSeconds: 10 * 60 },
  daily: { max: 300, windowSeconds: 24 * 3600 },
  newConversationsDaily: { max: 30, windowSeconds: 24 * 3600 },
} as const;
/** The newest conversations the dashboard lists, and the newest messages a conversation shows. */
export const CONVERSATIONS_MAX = 200;
export const CONVERSATION_MESSAGES_MAX = 500;
/** The ad page shows only the end of the caller's conversation; the whole of it is a link away. */
export const AD_CONVERSATION_PREVIEW = 3;

const sendingLimits = (userId: string, ip: string): LimitRule[] => [
  { key: `message:user:${userId}`, ...MESSAGE_LIMITS.burst },
  { key: `message-day:user:${userId}`, ...MESSAGE_LIMITS.daily },
  { key: `message:ip:${ip}`, ...MESSAGE_LIMITS.perAddress },
];

/** PostgreSQL text cannot hold NUL; a pasted one is dropped rather than failing the request. */
const clean = (body: string) => body.replaceAll('\u0000', '');
const directionFor = (viewerId: string, senderId: string): MessageDirection =>
  senderId === viewerId ? 'sent' : 'received';

type MessageRow = typeof messages.$inferSelect;
type StepRow = { offerId: string; kind: string; amount: number | null } | null;
const presentStep = (step: StepRow): OfferStep | null =>
  step ? { offerId: step.offerId, kind: step.kind as OfferStep['kind'], amount: step.amount } : null;
const presentMessage = (viewerId: string, row: MessageRow, step: StepRow = null): Message => ({
  id: row.id,
  body: row.body,
  createdAt: iso(row.createdAt),
  direction: directionFor(viewerId, row.senderId),
  readAt: row.readAt ? iso(row.readAt) : null,
  offer: presentStep(step),
});

/**
 * A buyer writes to the seller from the ad page. The receiver is the ad's owner, never anything the
 * client says; the ad must be listed and not the sender's own. The first message opens the
 * conversation of this ad and buyer, later ones continue it.
 */
export async function contactSeller(
  deps: Deps,
  viewer: Viewer | null,
  adId: string,
  input: { body: string; attestation?: boolean },
  ip: string,
): Promise<SentMessage> {
  const { body } = input;
  const found = await findAd(deps.db, adId);
  if (!found) throw notFound();
  authorize(viewer, 'ad.contact', found.subject);
  const sellerId = found.ad.userId;

  const [existing] = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.adId, found.ad.id), eq(conversations.buyerId, viewer.id)))
    .limit(1);
  await enforceRateLimits(deps.db, [
    ...sendingLimits(viewer.id, ip),
    ...(existing
      ? []
      : [{ key: `conversation-new:user:${viewer.id}`, ...MESSAGE_LIMITS.newConversationsDaily }]),
  ]);

  const { conversationId, message } = await deps.db.transaction(async (tx) => {
    // Issue 29: a first message about a weapon needing authorisation comes with the buyer's attestation.
    await requireAttestation(tx, {
      ad: found.ad,
      buyerId: viewer.id,
      given: input.attestation,
      ip,
      continuing: existing !== undefined,
    });
    // Two first messages sent at once meet on the unique (ad, buyer) index and share one conversation.
    const [conversation] = await tx
      .insert(conversations)
      .values({ adId: found.ad.id, adTitle: found.ad.title, buyerId: viewer.id, sellerId })
      .onConflictDoUpdate({
        target: [conversations.adId, conversations.buyerId],
        set: { adTitle: found.ad.title },
      })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('conversation upsert returned no row');
    const inserted = await insertMessage(
      tx,
      {
        conversationId: conversation.id,
        adId: found.ad.id,
        senderId: viewer.id,
        receiverId: sellerId,
        body,
      },
      deps.config.publicUrl,
    );
    await notifyReceiver(deps, tx, {
      conversationId: conversation.id,
      messageId: inserted.id,
      side: 'seller',
      receiverId: sellerId,
      senderId: viewer.id,
      adTitle: found.ad.title,
      body: inserted.body,
    });
    return { conversationId: conversation.id, message: inserted };
  });

  return { conversationId, message: presentMessage(viewer.id, message) };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function insertMessage(
  tx: Tx,
  values: { conversationId: string; adId: string | null; senderId: string; receiverId: string; body: string },
  publicUrl: string,
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({ ...values, body: clean(values.body) })
    .returning();
  if (!row) throw new Error('message insert returned no row');
  // Issue 30: the rules it triggered are stored with it; the message itself is always delivered.
  await recordMessageSafety(tx, row, publicUrl);
  await tx
    .update(conversations)
    .set({ lastMessageAt: row.createdAt })
    .where(eq(conversations.id, values.conversationId));
  return row;
}

type ConversationRow = ConversationSubject & { id: string; adId: string | null; adTitle: string };

/** The conversation and its two sides, or null for an unknown id (including ids that are not uuids). */
async function findConversation(db: Database, id: string): Promise<ConversationRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: conversations.id,
      adId: conversations.adId,
      adTitle: conversations.adTitle,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
    })
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return row ?? null;
}

/** Continues a conversation; the receiver is its other side. Not tied to the ad's status any more. */
export async function replyInConversation(
  deps: Deps,
  viewer: Viewer | null,
  conversationId: string,
  body: string,
  ip: string,
): Promise<SentMessage> {
  const conversation = await findConversation(deps.db, conversationId);
  if (!conversation) throw notFound();
  authorize(viewer, 'conversation.reply', conversation);
  await enforceRateLimits(deps.db, sendingLimits(viewer.id, ip));
  const toSeller = viewer.id === conversation.buyerId;
  const receiverId = toSeller ? conversation.sellerId : conversation.buyerId;
  const message = await deps.db.transaction(async (tx) => {
    const inserted = await insertMessage(
      tx,
      {
        conversationId: conversation.id,
        adId: conversation.adId,
        senderId: viewer.id,
        receiverId,
        body,
      },
      deps.config.publicUrl,
    );
    await notifyReceiver(deps, tx, {
      conversationId: conversation.id,
      messageId: inserted.id,
      side: toSeller ? 'seller' : 'buyer',
      receiverId,
      senderId: viewer.id,
      adTitle: conversation.adTitle,
      body: inserted.body,
    });
    return inserted;
  });
  return { conversationId: conversation.id, message: presentMessage(viewer.id, message) };
}

type SummaryRow = {
  id: string;
  ad_id: string | null;
  ad_title: string;
  ad_sold: boolean | null;
  buyer_id: string;
  seller_id: string;
  last_message_at: Date | string;
  other_id: string;
  other_first_name: string | null;
  other_last_name: string | null;
  other_new: boolean | null;
  other_verified: boolean | null;
  last_body: string | null;
  last_sender_id: string | null;
  last_created_at: Date | string | null;
  last_offer_id: string | null;
  last_offer_kind: string | null;
  last_offer_amount: number | null;
  unread: number;
};

/** The caller's conversations, newest activity first (or just one of them), as the list shows them. */
async function summaries(db: Database, viewerId: string, onlyId?: string): Promise<ConversationSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`
    select c.id, c.ad_id, c.ad_title, ad.status = 'sold' as ad_sold, c.buyer_id, c.seller_id, c.last_message_at,
      other.id as other_id, p.first_name as other_first_name, p.last_name as other_last_name,
      ${newAccountSql(sql`ou.created_at`)} as other_new, coalesce(ou.email_verified, false) as other_verified,
      lm.body as last_body, lm.sender_id as last_sender_id, lm.created_at as last_created_at,
      os.offer_id as last_offer_id, os.kind as last_offer_kind, os.amount as last_offer_amount,
      coalesce(u.n, 0)::int as unread
    from conversations c
    cross join lateral (
      select case when c.buyer_id = ${viewerId} then c.seller_id else c.buyer_id end as id
    ) other
    left join profiles p on p.id = other.id
    left join "user" ou on ou.id = other.id
    left join ads ad on ad.id = c.ad_id
    left join lateral (
      select m.id, m.body, m.sender_id, m.created_at from messages m
      where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
    ) lm on true
    left join offer_steps os on os.message_id = lm.id
    left join lateral (
      select count(*)::int as n from messages m
      where m.conversation_id = c.id and m.receiver_id = ${viewerId} and m.read_at is null
    ) u on true
    where (c.buyer_id = ${viewerId} or c.seller_id = ${viewerId})
      ${onlyId ? sql`and c.id = ${onlyId}` : sql``}
    order by c.last_message_at desc, c.id desc
    limit ${CONVERSATIONS_MAX}`,
  );
  return rows.map((row) => ({
    id: row.id,
    ad: { id: row.ad_id, title: row.ad_title, sold: row.ad_sold === true },
    role: row.buyer_id === viewerId ? 'buyer' : 'seller',
    otherParty: {
      id: row.other_id,
      firstName: row.other_first_name ?? '',
      lastName: row.other_last_name ?? '',
      newAccount: row.other_new === true,
      emailVerified: row.other_verified === true,
    },
    lastMessage:
      row.last_body !== null && row.last_sender_id !== null && row.last_created_at !== null
        ? {
            body: row.last_body,
            createdAt: iso(row.last_created_at),
            direction: directionFor(viewerId, row.last_sender_id),
            offer: presentStep(
              row.last_offer_id && row.last_offer_kind
                ? { offerId: row.last_offer_id, kind: row.last_offer_kind, amount: row.last_offer_amount }
                : null,
            ),
          }
        : null,
    unread: Number(row.unread),
    lastMessageAt: iso(row.last_message_at),
  }));
}

export function listConversations(db: Database, viewer: Viewer | null) {
  authorize(viewer, 'conversations.list');
  return summaries(db, viewer.id);
}

/** One conversation with its newest messages, oldest first. Reading it changes nothing (see markRead). */
export async function loadConversation(
  db: Database,
  viewer: Viewer | null,
  id: string,
): Promise<ConversationDetail> {
  const conversation = await findConversation(db, id);
  if (!conversation) throw notFound();
  authorize(viewer, 'conversation.view', conversation);
  const detail = await withNewestMessages(db, viewer.id, conversation.id, CONVERSATION_MESSAGES_MAX);
  if (!detail) throw notFound();
  return detail;
}

/**
 * The caller's conversation about an ad, as its buyer, with its last few messages; null before their
 * first message. The ad page shows it so that nobody writes the same first message twice.
 */
export async function buyerConversationOfAd(
  db: Database,
  viewer: Viewer | null,
  adId: string,
): Promise<AdConversation> {
  const subject = await findAdSubject(db, adId);
  if (!subject) throw notFound();
  authorize(viewer, 'ad.ownConversation', subject);
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.adId, adId), eq(conversations.buyerId, viewer.id)))
    .limit(1);
  if (!row) return { conversation: null };
  return { conversation: await withNewestMessages(db, viewer.id, row.id, AD_CONVERSATION_PREVIEW) };
}

/** A conversation's summary with its newest `limit` messages, oldest first (null if not the caller's). */
async function withNewestMessages(
  db: Database,
  viewerId: string,
  conversationId: string,
  limit: number,
): Promise<ConversationDetail | null> {
  const [summary] = await summaries(db, viewerId, conversationId);
  if (!summary) return null;
  const [rows, offers, attested] = await Promise.all([
    db
      .select({
        message: messages,
        offerId: offerSteps.offerId,
        kind: offerSteps.kind,
        amount: offerSteps.amount,
      })
      .from(messages)
      .leftJoin(offerSteps, eq(offerSteps.messageId, messages.id))
      .where(eq(messages.conversationId, conversationId))
      .orderBy(sql`${messages.createdAt} desc, ${messages.id} desc`)
      .limit(limit),
    offersOfConversation(db, viewerId, conversationId),
    attestationOfConversation(db, conversationId),
  ]);
  return {
    ...summary,
    buyerAttestedAt: attested ? new Date(attested).toISOString() : null,
    messages: rows
      .reverse()
      .map((row) =>
        presentMessage(
          viewerId,
          row.message,
          row.offerId && row.kind ? { offerId: row.offerId, kind: row.kind, amount: row.amount } : null,
        ),
      ),
    offers,
  };
}

/** Opening a conversation: the messages the caller received in it are read now. Sent ones are untouched. */
export async function markConversationRead(
  db: Database,
  viewer: Viewer | null,
  id: string,
): Promise<{ updated: number }> {
  const conversation = await findConversation(db, id);
  if (!conversation) throw notFound();
  authorize(viewer, 'conversation.view', conversation);
  const updated = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        eq(messages.receiverId, viewer.id),
        isNull(messages.readAt),
      ),
    )
    .returning({ id: messages.id });
  return { updated: updated.length };
}

/** Messages the user received and has not read, across all conversations (the top bar's counter). */
export async function unreadMessages(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, userId), isNull(messages.readAt)));
  return Number(row?.n ?? 0);
}
