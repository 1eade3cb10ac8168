import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueAdMatching } from '../alerts/matching';
import { queryRows } from '../db/client';
import { createAd } from '../test/ad-factories';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

// Issue 32, item 9: the workers took one matching job per 2 s poll, so a moderator approving 30 ads a
// minute built a backlog (the last alert of a burst came 19 minutes late). Here the burst is 40 ads
// approved at once, worked by the real workers of the test's app: one job per poll would take 80 s.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('matches a burst of 40 approvals within seconds, and every instant search hears of every ad', async () => {
  const buyer = await createUser(ctx);
  const seller = await createUser(ctx);
  const saved = await (await signedInClient(ctx, buyer)).post('/api/me/saved-searches', {
    query: { category: 'firearms' },
  });
  expect(saved.status).toBe(201);
  const ids: string[] = [];
  for (let i = 0; i < 40; i++) ids.push((await createAd(ctx, seller, { category: 'firearms' })).id);

  const started = performance.now();
  await ctx.database.db.transaction(async (tx) => {
    for (const id of ids) await queueAdMatching(ctx.services.queue, tx, id);
  });
  const recorded = async () => {
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from saved_search_matches`,
    );
    return row?.n ?? 0;
  };
  await expect.poll(recorded, { timeout: 30_000, interval: 250 }).toBe(40);
  const seconds = (performance.now() - started) / 1000;
  console.info(`alert burst: 40 approvals matched and swept in ${seconds.toFixed(1)} s`);
  expect(seconds).toBeLessThan(20);
});
