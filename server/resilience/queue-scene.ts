import { eq, sql } from 'drizzle-orm';
import type { Services } from '../app-env';
import { enableTotp } from '../auth/two-factor-setup';
import { type Database, queryRows } from '../db/client';
import { ads } from '../db/schema/ads';
import { user } from '../db/schema/auth';
import { createVerifiedUser, type ProcessUser } from '../test/server-process';

/**
 * What the queue's process tests start from: owners with ads waiting for review and a moderator,
 * made in the test process on the server's database.
 */
export async function moderationScene(services: Services, owners: number) {
  const created = await createVerifiedUser(services);
  await services.db.update(user).set({ role: 'admin.moderator' }).where(eq(user.id, created.id));
  // Staff need two-factor before the admin API answers them.
  const moderator = {
    ...created,
    totpSecret: (await enableTotp(services.auth, services.db, created.id)).base32,
  };
  const people: Array<{ owner: ProcessUser; adId: string }> = [];
  for (let i = 0; i < owners; i += 1) {
    const owner = await createVerifiedUser(services);
    const [ad] = await services.db
      .insert(ads)
      .values({
        userId: owner.id,
        title: `Carabină CZ 457 nr. ${i + 1}`,
        description: 'Stare foarte bună, folosită puțin, cu toate actele în regulă.',
        category: 'long-guns',
        condition: 'good',
        price: 3500 + i,
        location: 'Cluj-Napoca',
        status: 'pending',
      })
      .returning({ id: ads.id });
    if (!ad) throw new Error('ad insert returned no row');
    people.push({ owner, adId: ad.id });
  }
  return { moderator, people };
}

export type MailJobRow = { id: string; state: string; retry_count: number; to: string; key: string };

/** The mail jobs in pg-boss's table (schema pgboss, as the server uses it on PostgreSQL). */
export function mailJobs(db: Database): Promise<MailJobRow[]> {
  return queryRows<MailJobRow>(
    db,
    sql`select id, state::text as state, retry_count, data->'message'->>'to' as "to", data->>'key' as key
        from pgboss.job where name = 'mail' order by created_on`,
  );
}
