import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { tooManyRequests } from '../errors';

export type LimitRule = { key: string; max: number; windowSeconds: number };

/**
 * Counts a hit against every rule at once (fixed windows kept in the database, so the limits hold
 * across server processes) and refuses with 429 when any rule is over its maximum.
 */
export async function enforceRateLimits(db: Database, rules: LimitRule[]): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const rows = await queryRows<{ count: number; retry_after: number }>(
      db,
      sql`
      insert into rate_limits (key, count, reset_at)
      values (${rule.key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now()
          then now() + make_interval(secs => ${rule.windowSeconds}) else rate_limits.reset_at end
      returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
    );
    const row = rows[0];
    if (row && row.count > rule.max) retryAfter = Math.max(retryAfter, Math.max(1, row.retry_after));
  }
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/** Old windows are useless once over; dropping them keeps the table small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}
