import { type SQL, sql } from 'drizzle-orm';
import { CARD_SCORE_MIN_RATINGS } from '../../common/deals';
import type { RatingSummary } from '../../common/schemas/deals';
import { type Database, queryRows } from '../db/client';
import type { Tx } from '../moderation/audit';

/**
 * A person's score as cards and pages read it: one primary-key lookup in rating_summaries (kept by
 * refreshSummary in the transaction of every reveal and hide), never an average over the ratings.
 * `owner` is the SQL naming the ad's owner column (`a.user_id`, or drizzle's column).
 */
export const scoreColumns = (owner: SQL) => ({
  count: sql<number | null>`(select s.count from rating_summaries s where s.user_id = ${owner})`,
  total: sql<number | null>`(select s.total from rating_summaries s where s.user_id = ${owner})`,
});

/** The same, as a select list for raw queries over `ads a`. */
export const CARD_SCORE_COLUMNS = sql`(select s.count from rating_summaries s where s.user_id = a.user_id) as "sellerRatingCount",
  (select s.total from rating_summaries s where s.user_id = a.user_id) as "sellerRatingTotal"`;

/** The average to one decimal, as "4,8 ★" shows it; null without ratings. */
export function summaryOf(
  count: number | null | undefined,
  total: number | null | undefined,
): RatingSummary | null {
  const n = Number(count ?? 0);
  if (n <= 0) return null;
  return { average: Math.round((Number(total ?? 0) / n) * 10) / 10, count: n };
}

/** What a card shows: the score only from CARD_SCORE_MIN_RATINGS ratings on. */
export function cardScoreOf(count: number | null | undefined, total: number | null | undefined) {
  const summary = summaryOf(count, total);
  return summary && summary.count >= CARD_SCORE_MIN_RATINGS ? summary : null;
}

/** Recounts the people's visible, revealed ratings into their summary row. */
export async function refreshSummaries(tx: Tx | Database, userIds: readonly string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    await tx.execute(sql`
      insert into rating_summaries (user_id, count, total)
      select ${userId}, count(*)::int, coalesce(sum(r.stars), 0)::int from ratings r
      where r.rated_id = ${userId} and r.revealed_at is not null and r.hidden_at is null
      on conflict (user_id) do update set count = excluded.count, total = excluded.total`);
  }
}

/** One person's score (the ad page's seller, the seller page). */
export async function scoreOf(db: Database, userId: string): Promise<RatingSummary | null> {
  const [row] = await queryRows<{ count: number; total: number }>(
    db,
    sql`select count, total from rating_summaries where user_id = ${userId}`,
  );
  return summaryOf(row?.count, row?.total);
}
