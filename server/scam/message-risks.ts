import { sql } from 'drizzle-orm';
import { MESSAGE_RULE_IDS, type MessageRuleId } from '../../common/scam/message-rules';
import type { MessageRiskCounts } from '../../common/scam/safety';
import { type Database, queryRows } from '../db/client';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const isRule = (value: string): value is MessageRuleId =>
  (MESSAGE_RULE_IDS as readonly string[]).includes(value);

/**
 * What each of these users' risky messages add up to (issue 30), over all time or since `sinceHours`
 * ago: per rule, messages, different recipients, the newest. Users whose messages never triggered a
 * rule are absent. Two grouped reads on message_safety's sender index, whatever the page's size.
 */
export async function messageRiskCounts(
  db: Database | Tx,
  userIds: readonly string[],
  sinceHours?: number,
): Promise<Map<string, MessageRiskCounts>> {
  const result = new Map<string, MessageRiskCounts>();
  if (userIds.length === 0) return result;
  const senders = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const since =
    sinceHours === undefined ? sql`` : sql`and ms.created_at > now() - make_interval(hours => ${sinceHours})`;
  const totals = await queryRows<{
    sender_id: string;
    messages: number;
    recipients: number;
    last_at: string;
  }>(
    db as Database,
    sql`select ms.sender_id, count(*)::int as messages, count(distinct ms.receiver_id)::int as recipients,
               max(ms.created_at) as last_at
        from message_safety ms
        where ms.sender_id in (${senders}) and cardinality(ms.rules) > 0 ${since}
        group by ms.sender_id`,
  );
  const perRule = await queryRows<{ sender_id: string; rule: string; messages: number }>(
    db as Database,
    sql`select ms.sender_id, r.rule, count(*)::int as messages
        from message_safety ms cross join lateral unnest(ms.rules) as r(rule)
        where ms.sender_id in (${senders}) and cardinality(ms.rules) > 0 ${since}
        group by ms.sender_id, r.rule`,
  );
  for (const row of totals) {
    result.set(row.sender_id, {
      rules: [],
      messages: Number(row.messages),
      recipients: Number(row.recipients),
      lastAt: new Date(row.last_at).toISOString(),
    });
  }
  for (const row of perRule) {
    const counts = result.get(row.sender_id);
    if (counts && isRule(row.rule)) counts.rules.push({ rule: row.rule, messages: Number(row.messages) });
  }
  // The rules in their catalogue's order, so the panel lists them the same way for everyone.
  for (const counts of result.values())
    counts.rules.sort((a, b) => MESSAGE_RULE_IDS.indexOf(a.rule) - MESSAGE_RULE_IDS.indexOf(b.rule));
  return result;
}
