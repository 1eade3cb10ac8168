import { sql } from 'drizzle-orm';
import { REPLY_MIN_SAMPLE, REPLY_WINDOW_DAYS, type SellerProfile } from '../../common/schemas/sellers';
import { type Database, queryRows } from '../db/client';

/**
 * How fast a seller answers: over the conversations about their ads started in the last
 * REPLY_WINDOW_DAYS days, the time from the buyer's first message to the seller's first message after
 * it. Conversations without a reply yet are left out of the median (an unanswered one has no time),
 * and the figure is given only when at least REPLY_MIN_SAMPLE conversations were answered: one quick
 * reply says little about the next.
 *
 * The seller's conversations come from conversations_seller_idx and each one's first messages from
 * messages_conversation_idx; a seller has tens of conversations a quarter, not thousands.
 */
export async function replyTimeOf(db: Database, sellerId: string): Promise<SellerProfile['replyTime']> {
  const [row] = await queryRows<{ replied: number; median_seconds: number | string | null }>(
    db,
    sql`with asked as (
          select c.id, c.seller_id,
                 (select min(m.created_at) from messages m
                  where m.conversation_id = c.id and m.sender_id = c.buyer_id) as asked_at
          from conversations c
          where c.seller_id = ${sellerId}
            and c.created_at >= now() - ${sql.raw(`interval '${REPLY_WINDOW_DAYS} days'`)}
        ),
        answered as (
          select q.asked_at,
                 (select min(m.created_at) from messages m
                  where m.conversation_id = q.id and m.sender_id = q.seller_id
                    and m.created_at >= q.asked_at) as replied_at
          from asked q
          where q.asked_at is not null
        )
        select count(replied_at)::int as replied,
               percentile_cont(0.5) within group (
                 order by extract(epoch from (replied_at - asked_at))
               ) as median_seconds
        from answered
        where replied_at is not null`,
  );
  const replied = Number(row?.replied ?? 0);
  if (replied < REPLY_MIN_SAMPLE || row?.median_seconds == null) return null;
  return { medianMinutes: Math.round(Number(row.median_seconds) / 60), sample: replied };
}
