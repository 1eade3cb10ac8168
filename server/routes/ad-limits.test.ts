import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_LIMITS } from '../ads/limits';
import { ads } from '../db/schema/ads';
import { adForm, createAd } from '../test/ad-factories';
import { createClient, type JsonResponse, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function useUpAllowance(key: string, max: number, windowSeconds: number) {
  await ctx.database.db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, ${max}, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`);
}

function fromAddress(client: TestClient, ip: string): TestClient {
  const moved = createClient(ctx, { ip });
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

function expectRateLimited(res: JsonResponse, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect((res.body as ErrorBody).error.code).toBe('rate_limited');
}

const adsOf = async (who: TestUser) =>
  (await ctx.database.db.select({ id: ads.id }).from(ads).where(eq(ads.userId, who.id))).length;

describe('posting ads is limited', () => {
  it('per account and hour, whatever the address: a burst is cut off and creates nothing more', async () => {
    const seller = await createUser(ctx);
    const browser = await signedInClient(ctx, seller);
    const { max, windowSeconds } = AD_LIMITS.create.perAccountHour;
    for (let i = 0; i < max; i++) {
      // Each from another address: only the account's counter sees them all.
      const res = await fromAddress(browser, `198.18.0.${i + 1}`).post('/api/ads', adForm());
      expect(res.status).toBe(201);
    }
    expectRateLimited(await fromAddress(browser, '198.18.1.1').post('/api/ads', adForm()), windowSeconds);
    expect(await adsOf(seller)).toBe(max);
    // Someone else is not affected.
    const other = await signedInClient(ctx, await createUser(ctx));
    expect((await other.post('/api/ads', adForm())).status).toBe(201);
  });

  it('per account and day', async () => {
    const seller = await createUser(ctx);
    const { max, windowSeconds } = AD_LIMITS.create.perAccountDay;
    await useUpAllowance(`ad-create-day:user:${seller.id}`, max, windowSeconds);
    const browser = await signedInClient(ctx, seller);
    expectRateLimited(await browser.post('/api/ads', adForm()), windowSeconds);
    expect(await adsOf(seller)).toBe(0);
  });

  it('per address: fresh accounts behind one address share its allowance', async () => {
    const ip = '198.18.2.1';
    const { max, windowSeconds } = AD_LIMITS.create.perAddressHour;
    await useUpAllowance(`ad-create:ip:${ip}`, max, windowSeconds);
    const fresh = fromAddress(await signedInClient(ctx, await createUser(ctx)), ip);
    expectRateLimited(await fresh.post('/api/ads', adForm()), windowSeconds);
    const elsewhere = fromAddress(await signedInClient(ctx, await createUser(ctx)), '198.18.2.2');
    expect((await elsewhere.post('/api/ads', adForm())).status).toBe(201);
  });

  it('invalid forms are refused before they count', async () => {
    const seller = await createUser(ctx);
    const browser = await signedInClient(ctx, seller);
    for (let i = 0; i < AD_LIMITS.create.perAccountHour.max + 5; i++) {
      expect((await browser.post('/api/ads', adForm({ title: '' }))).status).toBe(400);
    }
    expect((await browser.post('/api/ads', adForm())).status).toBe(201);
  });
});

describe('editing ads is limited', () => {
  it('per account and hour; the refused edit changes nothing', async () => {
    const seller = await createUser(ctx);
    // In review, so an edit changes the row itself (a published ad's edit waits in ad_revisions).
    const ad = await createAd(ctx, seller, { title: 'Titlu neschimbat', status: 'pending' });
    const browser = await signedInClient(ctx, seller);
    expect((await browser.put(`/api/ads/${ad.id}`, adForm({ title: 'Titlu schimbat 1' }))).status).toBe(200);
    const { max, windowSeconds } = AD_LIMITS.edit.perAccountHour;
    await useUpAllowance(`ad-edit:user:${seller.id}`, max, windowSeconds);
    const refused = await fromAddress(browser, '198.18.3.1').put(
      `/api/ads/${ad.id}`,
      adForm({ title: 'Titlu schimbat 2' }),
    );
    expectRateLimited(refused, windowSeconds);
    const [row] = await ctx.database.db.select({ title: ads.title }).from(ads).where(eq(ads.id, ad.id));
    expect(row?.title).toBe('Titlu schimbat 1');
  });

  it('per address', async () => {
    const ip = '198.18.4.1';
    const seller = await createUser(ctx);
    const ad = await createAd(ctx, seller);
    const { max, windowSeconds } = AD_LIMITS.edit.perAddressHour;
    await useUpAllowance(`ad-edit:ip:${ip}`, max, windowSeconds);
    const browser = fromAddress(await signedInClient(ctx, seller), ip);
    expectRateLimited(await browser.put(`/api/ads/${ad.id}`, adForm()), windowSeconds);
  });
});

describe('sizes', () => {
  it('a shared address holds several busy sellers', () => {
    for (const write of ['create', 'edit'] as const) {
      const sizes = AD_LIMITS[write];
      expect(sizes.perAddressHour.max).toBeGreaterThanOrEqual(3 * sizes.perAccountHour.max);
      expect(sizes.perAddressDay.max).toBeGreaterThanOrEqual(3 * sizes.perAccountDay.max);
    }
  });
});
