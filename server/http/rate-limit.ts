import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { tooManyRequests } from '../errors';

export type LimitRule = { key: string; max: number; windowSeconds: number };

/*
 * How the limits are sized.
 *
 * Per client address: Romanian mobile carriers put their subscribers behind carrier-grade NAT, so one
 * public IPv4 address carries hundreds to thousands of people at once, and offices, campuses and
 * shooting clubs share one too. A per-address limit must therefore never be what stops an honest
 * person: each is sized well above the busiest hour of honest use that a shared address could see
 * (tens of people on this site at once), and only stops one machine flooding the site or one person
 * multiplying a per-account allowance with fresh accounts. IPv6 is counted per /64 (client-ip.ts),
 * which is one subscriber, not a crowd.
 *
 * Per account and per e-mail address: these do the real work, at sizes an honest person never meets,
 * because no one else shares them. Sign-in attempts are counted per e-mail so a password cannot be
 * guessed from many addresses; posting, messaging, reporting and uploading are counted per account.
 *
 * The sizes live next to the actions: AUTH_LIMITS (auth/auth-routes.ts), AD_LIMITS (ads/limits.ts),
 * MESSAGE_LIMITS (interactions/conversations.ts), REPORTS_PER_* (interactions/reports.ts),
 * UPLOADS_PER_* (routes/uploads.ts), FAVORITE_WRITES (interactions/favorites.ts).
 */

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
