import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Recounts ad_counts from the ads themselves. The triggers keep it exact, except when an ad is
 * approved at the very moment its owner is deactivated (each transaction misses the other's
 * change); the periodic jobs run this to repair such a drift. Holding the table's lock, concurrent
 * trigger updates wait for the recount instead of interleaving with it.
 */
export async function recountAds(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ad_counts in share row exclusive mode`);
    await tx.execute(sql`delete from ad_counts`);
    await tx.execute(sql`
      insert into ad_counts (category, condition, listed)
      select a.category, a.condition, count(*)::int
      from ads a join profiles p on p.id = a.user_id and p.is_active
      where a.status = 'approved'
      group by a.category, a.condition`);
  });
}
