import { sql } from 'drizzle-orm';
import type { ModerationActionName } from '../../common/schemas/admin';
import {
  REVIEW_MIN_SAMPLE,
  REVIEW_WINDOW_DAYS,
  type TypicalReviewWait,
} from '../../common/schemas/review-wait';
import { type Database, queryRows } from '../db/client';

/** The moderator's decisions on a submission: what ends a wait in the queue. */
const DECISIONS = ['ad.approve', 'ad.reject', 'ad.request_changes'] as const satisfies ModerationActionName[];
const decisionList = sql.raw(DECISIONS.map((action) => `'${action}'`).join(', '));

/**
 * How long an ad typically waits for review: the median, over the decisions of the last
 * REVIEW_WINDOW_DAYS days on ads waiting as `pending` (the audit trail, moderation_actions_created_idx),
 * of the time from the ad's submission to the decision.
 *
 * Submissions are not audited as such, so the submission is the latest known moment before the
 * decision at which the owner sent the ad in: its creation, its last edit (updated_at) when that came
 * before the decision, a weapon's declaration (one row per submission), or, at the least, the
 * previous decision on it (an edit after a decision sends the ad back to review). An ad edited again
 * after this decision may so count from an earlier moment; ads deleted since are left out.
 */
export async function typicalReviewWait(db: Database): Promise<TypicalReviewWait> {
  const [row] = await queryRows<{ sample: number; median_seconds: number | string | null }>(
    db,
    sql`with decided as materialized (
          select d.target_id::uuid as ad_id, d.created_at as decided_at
          from moderation_actions d
          where d.created_at >= now() - ${sql.raw(`interval '${REVIEW_WINDOW_DAYS} days'`)}
            and d.target_type = 'ad' and d.action in (${decisionList}) and d.status_before = 'pending'
        )
        select count(*)::int as sample,
               percentile_cont(0.5) within group (
                 order by extract(epoch from (d.decided_at - s.submitted_at))
               ) as median_seconds
        from decided d
        join ads a on a.id = d.ad_id
        cross join lateral (
          select greatest(
            a.created_at,
            case when a.updated_at <= d.decided_at then a.updated_at end,
            (select max(x.declared_at) from ad_declarations x
             where x.ad_id = a.id and x.declared_at <= d.decided_at),
            (select max(p.created_at) from moderation_actions p
             where p.target_type = 'ad' and p.target_id = a.id::text and p.action in (${decisionList})
               and p.created_at < d.decided_at)
          ) as submitted_at
        ) s`,
  );
  const sample = Number(row?.sample ?? 0);
  const median = row?.median_seconds;
  return {
    medianMinutes: sample >= REVIEW_MIN_SAMPLE && median != null ? Math.round(Number(median) / 60) : null,
    sample,
  };
}
