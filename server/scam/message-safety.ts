import { inArray, sql } from 'drizzle-orm';
import {
  carriesContact,
  detectMessageRisks,
  MESSAGE_RULE_IDS,
  type MessageRuleId,
  ownHostOf,
} from '../../common/scam/message-rules';
import { type MessageSafety, NEW_ACCOUNT_DAYS } from '../../common/scam/safety';
import type { Database } from '../db/client';
import { messageSafety } from '../db/schema/scam';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type SentRow = { id: string; conversationId: string; senderId: string; receiverId: string; body: string };

const isRule = (value: string): value is MessageRuleId =>
  (MESSAGE_RULE_IDS as readonly string[]).includes(value);

/**
 * Stores, with the message and in its transaction, the rules it triggered and whether it is the first
 * message of its conversation from an account younger than NEW_ACCOUNT_DAYS (the seller's tip). The
 * message is delivered whatever it triggered: only the warnings and the moderators' counts follow.
 * `publicUrl` is the site's own address (config.publicUrl).
 */
export async function recordMessageSafety(tx: Tx, row: SentRow, publicUrl: string): Promise<void> {
  // A link to one of the site's own pages (an ad shared in the chat) is no link to another site.
  const rules = detectMessageRisks(row.body, [ownHostOf(publicUrl)]);
  const result = (await tx.execute(sql`
    select not exists (select 1 from messages m where m.conversation_id = ${row.conversationId} and m.id <> ${row.id}) as first,
           coalesce((select u.created_at > now() - make_interval(days => ${NEW_ACCOUNT_DAYS}) from "user" u where u.id = ${row.senderId}), false) as new_sender`)) as unknown as {
    rows: Array<{ first: boolean; new_sender: boolean }>;
  };
  const facts = result.rows[0];
  const newSenderTip = facts?.first === true && facts.new_sender === true;
  if (rules.length === 0 && !newSenderTip) return;
  await tx.insert(messageSafety).values({
    messageId: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    rules,
    newSenderTip,
  });
}

/** What each message of the list says to `viewerId` about its risks; messages with nothing to say are left out. */
export async function safetyOf(
  db: Database,
  viewerId: string,
  messageIds: string[],
): Promise<Map<string, MessageSafety>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db.select().from(messageSafety).where(inArray(messageSafety.messageId, messageIds));
  const result = new Map<string, MessageSafety>();
  for (const row of rows) {
    const rules = row.rules.filter(isRule);
    // The recipient is warned; the sender only hears that the record protects both sides.
    const received = row.receiverId === viewerId;
    const safety: MessageSafety = {
      warnings: received ? rules : [],
      newAccountTip: received && row.newSenderTip,
      senderNote: row.senderId === viewerId && carriesContact(rules),
    };
    if (safety.warnings.length > 0 || safety.newAccountTip || safety.senderNote)
      result.set(row.messageId, safety);
  }
  return result;
}

/** Adds each message's safety, seen by the viewer, to a list of presented messages. */
export async function withSafety<M extends { id: string }>(
  db: Database,
  viewerId: string,
  list: M[],
): Promise<Array<M & { safety?: MessageSafety }>> {
  const safety = await safetyOf(
    db,
    viewerId,
    list.map((message) => message.id),
  );
  return list.map((message) => {
    const found = safety.get(message.id);
    return found ? { ...message, safety: found } : message;
  });
}
