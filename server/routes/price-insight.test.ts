import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '../../common/schemas/ads';
import type { PriceInsightAnswer } from '../../common/schemas/price-insight';
import { deals } from '../db/schema/deals';
import { type AdOverrides, createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let visitor: TestClient;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  visitor = createClient(ctx);
  seller = await createUser(ctx);
  buyer = await createUser(ctx);
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };

const DAY = 24 * 60 * 60_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

// Each test names its own model, so that the ads of one never count in another's median.
let models = 0;
const freshModel = () => {
  models += 1;
  return `P${models}X`;
};

/** A comparable of `model`: a Glock in 9x19, listed a month ago, at `price`. */
const comparable = (model: string, price: number, overrides: AdOverrides = {}) =>
  createAd(ctx, seller, {
    brand: 'Glock',
    model,
    caliber: '9x19',
    price,
    firstApprovedAt: ago(30),
    ...overrides,
  });

const insightOf = (query: Record<string, string>) =>
  visitor.get<PriceInsightAnswer>(`/api/price-insight?${new URLSearchParams(query)}`);

describe('GET /api/price-insight', () => {
  it('shows nothing with fewer than 5 comparables', async () => {
    const model = freshModel();
    for (const price of [1000, 2000, 3000, 4000]) await comparable(model, price);

    const res = await insightOf({ brand: 'Glock', model, caliber: '9x19' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ priceInsight: null });
  });

  it('gives the median of 5 comparables, and of an even number the middle two averaged', async () => {
    const model = freshModel();
    for (const price of [3000, 1000, 9000, 4000, 3800]) await comparable(model, price);

    const five = await insightOf({ brand: 'Glock', model, caliber: '9x19' });
    expect(five.body).toEqual({ priceInsight: { median: 3800, count: 5, months: 12 } });

    await comparable(model, 5000);
    const six = await insightOf({ brand: 'Glock', model, caliber: '9x19' });
    expect(six.body).toEqual({ priceInsight: { median: 3900, count: 6, months: 12 } });
  });

  it('matches brand and model whatever their case, accents, spaces, hyphens and dots', async () => {
    const model = freshModel();
    const spellings = [model, model.toLowerCase(), `${model.slice(0, 1)} ${model.slice(1)}`];
    await comparable(spellings[0] ?? model, 1000, { brand: 'glock' });
    await comparable(spellings[1] ?? model, 2000, { brand: 'GLOCK' });
    await comparable(spellings[2] ?? model, 3000, { brand: ' Glock ' });
    await comparable(`${model.slice(0, 1)}-${model.slice(1)}`, 4000);
    await comparable(`${model.slice(0, 1)}.${model.slice(1)}`, 5000);
    // Same brand and model, another caliber: no comparable.
    await comparable(model, 99_000, { caliber: '.40 S&W' });

    const res = await insightOf({ brand: 'glöck', model: ` ${model.toLowerCase()} `, caliber: '9x19' });
    expect(res.body).toEqual({ priceInsight: { median: 3000, count: 5, months: 12 } });
    const other = await insightOf({ brand: 'Glock', model: `${model}0`, caliber: '9x19' });
    expect(other.body).toEqual({ priceInsight: null });
  });

  it('counts ads first listed in the last 12 months that were on the market, not older or never listed', async () => {
    const model = freshModel();
    await comparable(model, 1000, { firstApprovedAt: ago(10) });
    await comparable(model, 2000, { firstApprovedAt: ago(360), status: 'expired' });
    await comparable(model, 3000, { status: 'sold', soldAt: ago(5) });
    await comparable(model, 4000);
    // Out of the window, or never on the market: none of these counts.
    await comparable(model, 100, { firstApprovedAt: ago(380) });
    await comparable(model, 200, { status: 'pending', firstApprovedAt: null, publishedAt: null });
    await comparable(model, 300, { status: 'rejected', firstApprovedAt: null, publishedAt: null });

    const four = await insightOf({ brand: 'Glock', model, caliber: '9x19' });
    expect(four.body).toEqual({ priceInsight: null });

    await comparable(model, 5000, { firstApprovedAt: ago(300) });
    const five = await insightOf({ brand: 'Glock', model, caliber: '9x19' });
    expect(five.body).toEqual({ priceInsight: { median: 3000, count: 5, months: 12 } });
  });

  it("counts a sold ad once, at its deal's price, unless the buyer denied the deal", async () => {
    const model = freshModel();
    for (const price of [1000, 2000, 4000, 5000]) await comparable(model, price);
    const sold = await comparable(model, 9000, { status: 'sold', soldAt: ago(1) });
    const [deal] = await ctx.database.db
      .insert(deals)
      .values({ adId: sold.id, adTitle: 'Glock', sellerId: seller.id, buyerId: buyer.id, price: 3000 })
      .returning({ id: deals.id });

    const res = await insightOf({ brand: 'Glock', model, caliber: '9x19' });
    expect(res.body).toEqual({ priceInsight: { median: 3000, count: 5, months: 12 } });

    // A denied deal tells no price: the ad's own counts again.
    await ctx.database.db
      .update(deals)
      .set({ deniedAt: new Date() })
      .where(eq(deals.id, deal?.id ?? ''));
    const denied = await insightOf({ brand: 'Glock', model, caliber: '9x19' });
    expect(denied.body).toEqual({ priceInsight: { median: 4000, count: 5, months: 12 } });
  });

  it.each([
    ['brand', { model: 'G17', caliber: '9x19' }],
    ['brand', { brand: '  ', model: 'G17', caliber: '9x19' }],
    ['brand', { brand: 'x'.repeat(51), model: 'G17', caliber: '9x19' }],
    ['model', { brand: 'Glock', caliber: '9x19' }],
    ['model', { brand: 'Glock', model: 'G1\u00007', caliber: '9x19' }],
    ['caliber', { brand: 'Glock', model: 'G17' }],
    ['caliber', { brand: 'Glock', model: 'G17', caliber: '9mm-ish' }],
  ])('refuses a bad %s with 400 naming it', async (field, query) => {
    const res = await visitor.get<ErrorBody>(`/api/price-insight?${new URLSearchParams(query)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.message.startsWith(`${field}:`)).toBe(true);
  });
});

describe('the ad page', () => {
  it('carries the price insight of its comparables, itself excluded', async () => {
    const model = freshModel();
    for (const price of [1000, 2000, 3000, 4000]) await comparable(model, price);
    const own = await comparable(model, 10_000);

    const four = await visitor.get<AdDetail>(`/api/ads/${own.id}`);
    expect(four.status).toBe(200);
    expect(four.body.priceInsight).toBeNull();

    await comparable(model, 5000);
    const five = await visitor.get<AdDetail>(`/api/ads/${own.id}`);
    expect(five.body.priceInsight).toEqual({ median: 3000, count: 5, months: 12 });
  });

  it('has none without a model', async () => {
    const res = await visitor.get<AdDetail>(`/api/ads/${(await comparable('', 1000, { model: null })).id}`);
    expect(res.body.priceInsight).toBeNull();
  });
});
