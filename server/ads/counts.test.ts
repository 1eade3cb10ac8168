import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { ads } from '../db/schema/ads';
import { user as users } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { createAd } from '../test/ad-factories';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { recountAds } from './counts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type CountRow = { category: string; condition: string; n: number };
const kept = () =>
  queryRows<CountRow>(
    ctx.database.db,
    sql`select category, condition, listed as n from ad_counts where listed <> 0 order by 1, 2`,
  );
const actual = () =>
  queryRows<CountRow>(
    ctx.database.db,
    sql`select a.category, a.condition, count(*)::int as n from ads a
        join profiles p on p.id = a.user_id and p.is_active
        where a.status = 'approved' group by 1, 2 order by 1, 2`,
  );

describe('ad_counts', () => {
  it('follows inserts, status and category changes, deletes, deactivation and account deletion', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const c = await createUser(ctx);
    const first = await createAd(ctx, a);
    const second = await createAd(ctx, a, { status: 'pending', category: 'optics' });
    await createAd(ctx, b, { condition: 'new' });
    await createAd(ctx, b, { condition: 'new', status: 'rejected' });
    await createAd(ctx, c, { category: 'long-guns' });
    expect(await kept()).toEqual(await actual());

    const set = (id: string, values: Partial<typeof ads.$inferInsert>) =>
      ctx.database.db.update(ads).set(values).where(eq(ads.id, id));
    await set(second.id, { status: 'approved' });
    await set(first.id, { category: 'accessories', legalCategory: 'not-a-weapon', condition: 'fair' });
    await set(first.id, { title: 'Only the title changes' });
    expect(await kept()).toEqual(await actual());

    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, b.id));
    expect(await kept()).toEqual(await actual());
    await ctx.database.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, b.id));
    expect(await kept()).toEqual(await actual());

    await ctx.database.db.delete(ads).where(eq(ads.id, second.id));
    await ctx.database.db.delete(users).where(eq(users.id, c.id));
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, a.id));
    await ctx.database.db.delete(users).where(eq(users.id, a.id));
    expect(await kept()).toEqual(await actual());
  });

  it('stays exact whichever of an owner’s profile and ads goes first', async () => {
    const x = await createUser(ctx);
    const y = await createUser(ctx);
    await createAd(ctx, x);
    await createAd(ctx, y, { category: 'optics' });
    await ctx.database.db.transaction(async (tx) => {
      await tx.delete(profiles).where(eq(profiles.id, x.id));
      await tx.delete(ads).where(eq(ads.userId, x.id));
      await tx.delete(ads).where(eq(ads.userId, y.id));
      await tx.delete(profiles).where(eq(profiles.id, y.id));
    });
    expect(await kept()).toEqual(await actual());
  });

  it('is rebuilt exactly by recountAds', async () => {
    const before = await actual();
    await ctx.database.db.execute(sql`update ad_counts set listed = listed + 7`);
    await recountAds(ctx.database.db);
    expect(await kept()).toEqual(before);
  });
});
