import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdPage } from '../../common/schemas/ads';
import type {
  BuyerCandidates,
  Deal,
  DealList,
  Offer,
  SellerRatingsPage,
  TrustReportList,
} from '../../common/schemas/deals';
import { deals, ratings, trustReports } from '../db/schema/deals';
import { moderationActions } from '../db/schema/interactions';
import { runMaintenance } from '../jobs/maintenance';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
type Person = { user: TestUser; client: TestClient };
let seller: Person;
let buyer: Person;
let other: Person;
let mod: TestClient;

async function person(role: 'user' | 'admin.moderator' = 'user'): Promise<Person> {
  const user = await createUser(ctx, { role });
  return { user, client: await signedInClient(ctx, user) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  [seller, buyer, other] = [await person(), await person(), await person()];
  mod = (await person('admin.moderator')).client;
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };

/** An ad of the seller the buyer wrote about (an offer accepted when asked), and its id. */
async function adWithBuyer(options: { accepted?: boolean } = {}) {
  await ctx.database.db.execute(sql`delete from rate_limits where key like 'offer%'`);
  const ad = await createAd(ctx, seller.user, { price: 5000 });
  const offer = await buyer.client.post<Offer>(`/api/ads/${ad.id}/offers`, {
    attestation: true,
    amount: 4500,
  });
  expect(offer.status).toBe(201);
  if (options.accepted) await seller.client.post(`/api/offers/${offer.body.id}/answer`, { answer: 'accept' });
  return ad;
}

const sell = (adId: string, body: unknown, client = seller.client) =>
  client.post<Deal & ErrorBody>(`/api/ads/${adId}/deal`, body);

/** A deal the buyer confirmed, ready to be rated. */
async function confirmedDeal() {
  const ad = await adWithBuyer({ accepted: true });
  const deal = await sell(ad.id, { buyerId: buyer.user.id });
  expect(deal.status).toBe(201);
  expect((await buyer.client.post(`/api/deals/${deal.body.id}/answer`, { answer: 'confirm' })).status).toBe(
    200,
  );
  return deal.body;
}

const rate = (client: TestClient, dealId: string, body: unknown) =>
  client.post<Deal & ErrorBody>(`/api/deals/${dealId}/rating`, body);
const sellerRatings = () =>
  createClient(ctx).get<SellerRatingsPage>(`/api/sellers/${seller.user.id}/ratings`);

describe('sold to a buyer', () => {
  it('offers the people who wrote about the ad, the accepted offer’s buyer first, to its owner only', async () => {
    const ad = await adWithBuyer({ accepted: true });
    await other.client.post(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Mai este disponibil?',
    });
    const res = await seller.client.get<BuyerCandidates>(`/api/ads/${ad.id}/buyers`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item) => item.id)).toEqual([buyer.user.id, other.user.id]);
    expect(res.body.items[0]).toMatchObject({ accepted: true, price: 4500 });
    expect(res.body.items[1]).toMatchObject({ accepted: false, price: null });
    expect((await buyer.client.get(`/api/ads/${ad.id}/buyers`)).status).toBe(404);
    expect((await createClient(ctx).get(`/api/ads/${ad.id}/buyers`)).status).toBe(401);
  });

  it('creates a deal at the accepted price, sells the ad and lets the buyer see and confirm it', async () => {
    const ad = await adWithBuyer({ accepted: true });
    const res = await sell(ad.id, { buyerId: buyer.user.id, sellerId: other.user.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'seller', price: 4500, status: 'awaiting', can: { rate: false } });
    const [row] = await ctx.database.db.select().from(deals).where(eq(deals.id, res.body.id));
    expect(row).toMatchObject({ adId: ad.id, sellerId: seller.user.id, buyerId: buyer.user.id, price: 4500 });
    const detail = await createClient(ctx).get<AdDetail>(`/api/ads/${ad.id}`);
    expect(detail.body).toMatchObject({ status: 'sold', reserved: false });

    const mine = await buyer.client.get<DealList>('/api/me/deals');
    const seen = mine.body.items.find((deal) => deal.id === res.body.id);
    expect(seen).toMatchObject({
      role: 'buyer',
      status: 'awaiting',
      can: { confirm: true, deny: true, rate: false },
    });
    // Only the buyer answers, once.
    expect((await seller.client.post(`/api/deals/${res.body.id}/answer`, { answer: 'confirm' })).status).toBe(
      404,
    );
    const confirmed = await buyer.client.post<Deal>(`/api/deals/${res.body.id}/answer`, {
      answer: 'confirm',
    });
    expect(confirmed.body).toMatchObject({ status: 'confirmed', can: { rate: true } });
    const again = await buyer.client.post<ErrorBody>(`/api/deals/${res.body.id}/answer`, { answer: 'deny' });
    expect(again.status).toBe(409);
  });

  it('takes the entered price for someone else who wrote, and refuses strangers, oneself and a second sale', async () => {
    const ad = await adWithBuyer();
    await other.client.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Iau eu.' });
    const stranger = await createUser(ctx);
    for (const body of [
      { buyerId: stranger.id, price: 100 },
      { buyerId: seller.user.id, price: 100 },
    ]) {
      const res = await sell(ad.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^buyerId: /);
    }
    const noPrice = await sell(ad.id, { buyerId: other.user.id });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.error.message).toMatch(/^price: /);
    expect((await sell(ad.id, { buyerId: other.user.id, price: 3900 }, buyer.client)).status).toBe(404);
    const res = await sell(ad.id, { buyerId: other.user.id, price: 3900 });
    expect(res.body).toMatchObject({ price: 3900, otherParty: { id: other.user.id } });
    expect((await sell(ad.id, { buyerId: buyer.user.id, price: 3900 })).status).toBe(409);
  });

  it('a denied deal is not rateable and goes to the moderators as a report', async () => {
    const ad = await adWithBuyer({ accepted: true });
    const deal = await sell(ad.id, { buyerId: buyer.user.id });
    const denied = await buyer.client.post<Deal>(`/api/deals/${deal.body.id}/answer`, {
      answer: 'deny',
      details: 'Nu am cumpărat nimic.',
    });
    expect(denied.body).toMatchObject({ status: 'denied', can: { rate: false } });
    for (const client of [seller.client, buyer.client]) {
      const res = await rate(client, deal.body.id, { stars: 5 });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('deal_not_confirmed');
    }
    const reports = await mod.get<TrustReportList>('/api/admin/trust-reports');
    expect(reports.body.items.find((item) => item.deal.id === deal.body.id)).toMatchObject({
      kind: 'deal_denied',
      status: 'open',
      details: 'Nu am cumpărat nimic.',
    });
  });
});

describe('ratings', () => {
  it('are double-blind: shown only once both sides rated, then on the seller page and in the average', async () => {
    const deal = await confirmedDeal();
    const first = await rate(buyer.client, deal.id, {
      stars: 4,
      comment: '  Vânzător serios.  ',
      dealId: 'x',
    });
    expect(first.status).toBe(201);
    expect(first.body.myRating).toMatchObject({ stars: 4, comment: 'Vânzător serios.', revealed: false });
    const sellerView = await seller.client.get<DealList>('/api/me/deals');
    expect(sellerView.body.items.find((d) => d.id === deal.id)).toMatchObject({
      theyRated: true,
      theirRating: null,
    });
    expect((await sellerRatings()).body.items.map((r) => r.comment)).not.toContain('Vânzător serios.');

    const second = await rate(seller.client, deal.id, { stars: 5 });
    expect(second.body.theirRating).toMatchObject({ stars: 4, comment: 'Vânzător serios.', canReply: true });
    expect(second.body.myRating?.revealed).toBe(true);
    const page = await sellerRatings();
    expect(page.body.items[0]).toMatchObject({ stars: 4, comment: 'Vânzător serios.', ratedRole: 'seller' });
    expect(page.body.summary?.count).toBeGreaterThanOrEqual(1);
    const ad = await createClient(ctx).get<AdDetail>(`/api/ads/${deal.ad.id}`);
    expect(ad.body.seller.rating).toEqual(page.body.summary);
  });

  it('one per side, 1-5 stars, a comment of at most 500 characters, only by the deal’s two sides', async () => {
    const deal = await confirmedDeal();
    for (const body of [
      { stars: 0 },
      { stars: 6 },
      { stars: 4.5 },
      { stars: '5' },
      { stars: 5, comment: 'x'.repeat(501) },
    ]) {
      const res = await rate(buyer.client, deal.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect((await rate(other.client, deal.id, { stars: 1 })).status).toBe(404);
    expect((await rate(createClient(ctx), deal.id, { stars: 1 })).status).toBe(401);
    expect((await rate(buyer.client, deal.id, { stars: 5, comment: 'x'.repeat(500) })).status).toBe(201);
    const twice = await rate(buyer.client, deal.id, { stars: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('already_rated');
    const rows = await ctx.database.db.select().from(ratings).where(eq(ratings.dealId, deal.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ raterId: buyer.user.id, ratedId: seller.user.id });
  });

  it('a rating without the other side’s is revealed when the 30 days are over, and none is given after', async () => {
    const deal = await confirmedDeal();
    await rate(buyer.client, deal.id, { stars: 2, comment: 'Întârziere la predare.' });
    await ctx.database.db.execute(
      sql`update deals set confirmed_at = now() - interval '30 days 1 minute' where id = ${deal.id}`,
    );
    const late = await rate(seller.client, deal.id, { stars: 5 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('rating_window_over');
    expect((await sellerRatings()).body.items.map((r) => r.comment)).not.toContain('Întârziere la predare.');
    await runMaintenance(ctx.services);
    expect((await sellerRatings()).body.items.map((r) => r.comment)).toContain('Întârziere la predare.');
  });

  it('the rated person replies once; others may not', async () => {
    const deal = await confirmedDeal();
    await rate(buyer.client, deal.id, { stars: 3 });
    const shown = await rate(seller.client, deal.id, { stars: 5 });
    const ratingId = shown.body.theirRating!.id;
    expect((await buyer.client.post(`/api/ratings/${ratingId}/reply`, { reply: 'Eu?' })).status).toBe(404);
    expect((await seller.client.post(`/api/ratings/${ratingId}/reply`, { reply: '' })).status).toBe(400);
    const reply = await seller.client.post<Deal>(`/api/ratings/${ratingId}/reply`, { reply: 'Mulțumesc!' });
    expect(reply.status).toBe(200);
    expect(reply.body.theirRating).toMatchObject({ reply: 'Mulțumesc!', canReply: false });
    expect((await seller.client.post(`/api/ratings/${ratingId}/reply`, { reply: 'Din nou' })).status).toBe(
      409,
    );
    const page = await sellerRatings();
    expect(page.body.items.find((r) => r.id === ratingId)?.reply).toBe('Mulțumesc!');
  });

  it('a reported rating hidden by a moderator leaves the page and the average, with its reason in the audit trail', async () => {
    const deal = await confirmedDeal();
    await rate(buyer.client, deal.id, { stars: 1, comment: 'Insultă' });
    const shown = await rate(seller.client, deal.id, { stars: 5 });
    const ratingId = shown.body.theirRating!.id;
    const before = (await sellerRatings()).body.summary!;
    expect((await buyer.client.post(`/api/ratings/${ratingId}/reports`, {})).status).toBe(404);
    const report = await seller.client.post<{ created: boolean }>(`/api/ratings/${ratingId}/reports`, {
      details: 'Limbaj jignitor',
    });
    expect(report.status).toBe(201);
    expect(
      (await seller.client.post(`/api/admin/ratings/${ratingId}/hide`, { reason: 'Limbaj jignitor' })).status,
    ).toBe(404);
    const hidden = await mod.post<{ resolved: number }>(`/api/admin/ratings/${ratingId}/hide`, {
      reason: 'Limbaj jignitor',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.resolved).toBe(1);
    expect(
      (await mod.post(`/api/admin/ratings/${ratingId}/hide`, { reason: 'Limbaj jignitor' })).status,
    ).toBe(409);
    const after = (await sellerRatings()).body;
    expect(after.items.map((r) => r.id)).not.toContain(ratingId);
    expect(after.summary!.count).toBe(before.count - 1);
    const [audit] = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, ratingId));
    expect(audit).toMatchObject({ action: 'rating.hide', targetType: 'rating', reason: 'Limbaj jignitor' });
    const [reportRow] = await ctx.database.db
      .select()
      .from(trustReports)
      .where(eq(trustReports.ratingId, ratingId));
    expect(reportRow?.status).toBe('actioned');
  });

  it('cards show the seller’s score from 3 ratings on', async () => {
    const fresh = await person();
    const ad = await createAd(ctx, fresh.user, { title: 'Carabină CZ 457 zqscore' });
    const card = async () =>
      (await createClient(ctx).get<AdPage>('/api/ads?q=zqscore')).body.items.find(
        (item) => item.id === ad.id,
      );
    expect((await card())?.sellerScore).toBeNull();
    for (let i = 0; i < 3; i += 1) {
      const [deal] = await ctx.database.db
        .insert(deals)
        .values({
          adTitle: 'x',
          sellerId: fresh.user.id,
          buyerId: buyer.user.id,
          price: 100,
          confirmedAt: new Date(),
        })
        .returning({ id: deals.id });
      await rate(buyer.client, deal!.id, { stars: i === 0 ? 4 : 5 });
      await rate(fresh.client, deal!.id, { stars: 5 });
      if (i === 1) expect((await card())?.sellerScore).toBeNull();
    }
    expect((await card())?.sellerScore).toEqual({ average: 4.7, count: 3 });
  });
});
