import { eq, sql } from 'drizzle-orm';
import type { OfferStepKind } from '../../common/deals';
import { formatPrice } from '../../common/price';
import type { Language } from '../../common/values';
import type { Services } from '../app-env';
import { offerSteps } from '../db/schema/deals';
import { conversations, messages } from '../db/schema/interactions';
import { notifyReceiver } from '../interactions/message-mail';
import { translate } from '../mail/templates';
import type { Tx } from '../moderation/audit';

type Deps = Pick<Services, 'queue' | 'config'>;

export type StepValues = {
  conversationId: string;
  adId: string | null;
  adTitle: string;
  offerId: string;
  kind: OfferStepKind;
  amount: number | null;
  senderId: string;
  receiverId: string;
  /** The buyer's own words with an offer; empty for the other steps (the card says what happened). */
  body?: string;
  /** Whether the receiver gets the usual new-message mail (steps someone took; not expiry notices). */
  mail: boolean;
  /** The receiver's side of the conversation. */
  receiverSide: 'buyer' | 'seller';
};

/** Steps whose mail says something; the others mail the generic line. */
const MAILED_TEXT: Partial<Record<OfferStepKind, string>> = {
  made: 'offer.made',
  countered: 'offer.countered',
  accepted: 'offer.accepted',
  declined: 'offer.declined',
  released: 'offer.released',
};

/**
 * Writes a step of an offer as a message of its conversation (so the thread, the unread counter and
 * the conversation list treat it as one) with the row that tells the thread to draw it as a card, and
 * mails the receiver as any message would, in the same transaction.
 */
export async function writeStep(deps: Deps, tx: Tx, step: StepValues): Promise<void> {
  const body = step.body ?? '';
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId: step.conversationId,
      adId: step.adId,
      senderId: step.senderId,
      receiverId: step.receiverId,
      body,
    })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!message) throw new Error('offer step insert returned no row');
  await tx.insert(offerSteps).values({
    messageId: message.id,
    offerId: step.offerId,
    kind: step.kind,
    amount: step.amount,
  });
  await tx
    .update(conversations)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(conversations.id, step.conversationId));
  const key = MAILED_TEXT[step.kind];
  if (!step.mail || !key) return;
  await notifyReceiver(deps, tx, {
    conversationId: step.conversationId,
    messageId: message.id,
    side: step.receiverSide,
    receiverId: step.receiverId,
    senderId: step.senderId,
    adTitle: step.adTitle,
    body: (language: Language) => {
      const line = translate(language, key, {
        amount: step.amount === null ? '' : formatPrice(step.amount, language),
      });
      return body ? `${line} — ${body}` : line;
    },
  });
}

/** The open offers of an ad other than `exceptId`, closed because the ad was reserved or sold. */
export async function supersedeOpenOffers(
  deps: Deps,
  tx: Tx,
  adId: string,
  adTitle: string,
  exceptId: string | null,
): Promise<number> {
  const closed = await tx.execute(sql`
    update offers set status = 'declined', updated_at = now()
    where ad_id = ${adId} and status in ('pending', 'countered')
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}
    returning id, conversation_id as "conversationId", buyer_id as "buyerId", seller_id as "sellerId"`);
  const rows = (closed as unknown as { rows: Array<Record<string, string>> }).rows;
  for (const row of rows) {
    await writeStep(deps, tx, {
      conversationId: row.conversationId as string,
      adId,
      adTitle,
      offerId: row.id as string,
      kind: 'superseded',
      amount: null,
      senderId: row.sellerId as string,
      receiverId: row.buyerId as string,
      mail: false,
      receiverSide: 'buyer',
    });
  }
  return rows.length;
}
