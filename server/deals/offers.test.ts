import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  mayAnswer,
  OFFER_ANSWERS,
  OFFER_STATUSES,
  type OfferAnswer,
  type OfferStatus,
} from '../../common/deals';
import type { AdDetail, AdPage } from '../../common/schemas/ads';
import type { Offer } from '../../common/schemas/deals';
import type { ConversationDetail } from '../../common/schemas/messages';
import { offers } from '../db/schema/deals';
import { messages } from '../db/schema/interactions';
import { runMaintenance } from '../jobs/maintenance';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { expireOffers, OFFER_LIMITS } from './offers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.mail.clear());

type ErrorBody = { error: { code: string; message: string } };
type Person = { user: TestUser; client: TestClient };

async function person(locale: 'ro' | 'en' = 'ro'): Promise<Person> {
  const user = await createUser(ctx, { locale });
  return { user, client: await signedInClient(ctx, user) };
}

/** The two sides most cases share (signing in costs a second or two each on a busy machine). */
let regulars: { seller: Person; buyer: Person } | undefined;

/**
 * A seller with an approved ad at 4,000 lei, and a buyer: new people, or the shared pair with a new
 * ad (their offer limits forgotten, so that the state machine's dozens of cases stay within them).
 */
async function scene(options: { fresh?: boolean } = { fresh: true }) {
  let pair: { seller: Person; buyer: Person };
  if (options.fresh) pair = { seller: await person(), buyer: await person() };
  else {
    regulars ??= { seller: await person(), buyer: await person() };
    pair = regulars;
    await ctx.database.db.execute(sql`delete from rate_limits where key like 'offer%'`);
  }
  // A word of its own, so that a search finds this ad among the many of the shared seller.
  const word = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );
  const ad = await createAd(ctx, pair.seller.user, { title: `Glock 17 Gen 5 ${word}`, price: 4000 });
  return { ...pair, ad, word };
}

/** An offer as the ad page sends it, with the buyer's attestation (issue 29: weapons need it). */
const offer = (client: TestClient, adId: string, body: unknown) =>
  client.post<Offer & ErrorBody>(
    `/api/ads/${adId}/offers`,
    typeof body === 'object' && body !== null && !Array.isArray(body) ? { attestation: true, ...body } : body,
  );
const answer = (client: TestClient, id: string, body: unknown) =>
  client.post<Offer & ErrorBody>(`/api/offers/${id}/answer`, body);
const statusOf = async (id: string) =>
  (await ctx.database.db.select({ status: offers.status }).from(offers).where(eq(offers.id, id)))[0]?.status;

/** An offer brought to `status` through the API (or SQL for the ends nobody answers into). */
async function offerIn(status: OfferStatus) {
  const s = await scene({ fresh: false });
  const made = await offer(s.buyer.client, s.ad.id, { amount: 3500 });
  expect(made.status).toBe(201);
  const id = made.body.id;
  if (status === 'countered') await answer(s.seller.client, id, { answer: 'counter', amount: 3800 });
  if (status === 'accepted' || status === 'released') await answer(s.seller.client, id, { answer: 'accept' });
  if (status === 'released') await s.seller.client.post(`/api/ads/${s.ad.id}/reservation/release`);
  if (status === 'declined') await answer(s.seller.client, id, { answer: 'decline' });
  if (status === 'expired') {
    await ctx.database.db.execute(
      sql`update offers set expires_at = now() - interval '1 minute' where id = ${id}`,
    );
    await expireOffers(ctx.services);
  }
  expect(await statusOf(id)).toBe(status);
  return { ...s, id };
}

describe('making an offer', () => {
  it('is a step of the conversation with the seller, shown to both as a card, and mails the seller', async () => {
    const { seller, buyer, ad } = await scene();
    const res = await offer(buyer.client, ad.id, {
      amount: 3500,
      message: 'Plătesc cash, azi.',
      status: 'accepted',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', amount: 3500, counterAmount: null, role: 'buyer' });
    expect(res.body.can).toEqual({ accept: false, decline: false, counter: false });
    const expiresIn = new Date(res.body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(47.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(48 * 3600_000);

    const mine = await seller.client.get<ConversationDetail>(`/api/conversations/${res.body.conversationId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.messages).toHaveLength(1);
    expect(mine.body.messages[0]).toMatchObject({
      body: 'Plătesc cash, azi.',
      direction: 'received',
      offer: { offerId: res.body.id, kind: 'made', amount: 3500 },
    });
    expect(mine.body.offers).toEqual([
      expect.objectContaining({
        id: res.body.id,
        role: 'seller',
        can: { accept: true, decline: true, counter: true },
      }),
    ]);
    const theirs = await buyer.client.get<ConversationDetail>(
      `/api/conversations/${res.body.conversationId}`,
    );
    expect(theirs.body.messages[0]?.direction).toBe('sent');
    expect(theirs.body.offers[0]?.can).toEqual({ accept: false, decline: false, counter: false });

    const mail = await ctx.mail.waitFor(seller.user.email);
    expect(mail.subject).toContain('Glock 17 Gen 5');
    expect(mail.text).toContain('3.500');
    expect(mail.text).toContain('Plătesc cash, azi.');
  });

  it('refuses amounts that are not positive whole lei up to the asking price', async () => {
    const { buyer, ad } = await scene();
    for (const amount of [0, -5, 12.5, '3500', null, 10_000_001]) {
      const res = await offer(buyer.client, ad.id, { amount });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.message).toMatch(/^amount: /);
    }
    const above = await offer(buyer.client, ad.id, { amount: 4001 });
    expect(above.status).toBe(400);
    expect(above.body.error.message).toMatch(/^amount: .*asking price/);
    expect((await offer(buyer.client, ad.id, { amount: 4000 })).status).toBe(201);
  });

  it('is refused on one’s own ad, on ads not listed, and to visitors', async () => {
    const { seller, buyer, ad } = await scene();
    expect((await offer(seller.client, ad.id, { amount: 3000 })).status).toBe(404);
    expect((await offer(createClient(ctx), ad.id, { amount: 3000 })).status).toBe(401);
    for (const status of ['pending', 'rejected', 'expired', 'sold'] as const) {
      const other = await createAd(ctx, seller.user, { status, price: 4000 });
      expect((await offer(buyer.client, other.id, { amount: 3000 })).status, status).toBe(404);
    }
    expect((await offer(buyer.client, crypto.randomUUID(), { amount: 3000 })).status).toBe(404);
    expect((await offer(buyer.client, 'not-a-uuid', { amount: 3000 })).status).toBe(404);
  });

  it('allows one open offer per buyer and ad, and a new one once the last is answered', async () => {
    const { seller, buyer, ad } = await scene();
    const first = await offer(buyer.client, ad.id, { amount: 3000 });
    const second = await offer(buyer.client, ad.id, { amount: 3100 });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('offer_open');
    await answer(seller.client, first.body.id, { answer: 'counter', amount: 3900 });
    expect((await offer(buyer.client, ad.id, { amount: 3100 })).body.error.code).toBe('offer_open');
    // Another buyer may still offer.
    const other = await person();
    expect((await offer(other.client, ad.id, { amount: 3200 })).status).toBe(201);
    await answer(buyer.client, first.body.id, { answer: 'decline' });
    expect((await offer(buyer.client, ad.id, { amount: 3300 })).status).toBe(201);
  });

  it('is limited per account', async () => {
    const buyer = await person();
    const seller = await person();
    const statuses: number[] = [];
    for (let i = 0; i <= OFFER_LIMITS.perAccount.max; i += 1) {
      const ad = await createAd(ctx, seller.user, { price: 4000 });
      statuses.push((await offer(buyer.client, ad.id, { amount: 100 })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is limited per ad, across buyers', async () => {
    const { ad } = await scene();
    await ctx.database.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${`offer:ad:${ad.id}`}, ${OFFER_LIMITS.perAd.max}, now() + interval '1 hour')`,
    );
    const buyer = await person();
    expect((await offer(buyer.client, ad.id, { amount: 100 })).status).toBe(429);
  });
});

describe('the offer state machine', () => {
  const sides = ['buyer', 'seller'] as const;
  const cases = OFFER_STATUSES.flatMap((status) =>
    OFFER_ANSWERS.flatMap((step) => sides.map((side) => ({ status, step, side }))),
  );

  it.each(cases)('$side: $step on $status', async ({ status, step, side }) => {
    const s = await offerIn(status);
    const client = side === 'seller' ? s.seller.client : s.buyer.client;
    const counterAmount = status === 'pending' ? 3700 : 3900;
    const res = await answer(
      client,
      s.id,
      step === 'counter' ? { answer: step, amount: counterAmount } : { answer: step },
    );
    const allowed = mayAnswer(step as OfferAnswer, status, side);
    if (!allowed) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('invalid_transition');
      expect(await statusOf(s.id)).toBe(status);
      return;
    }
    expect(res.status).toBe(200);
    const expected = { accept: 'accepted', decline: 'declined', counter: 'countered' }[step];
    expect(res.body.status).toBe(expected);
    const thread = await s.buyer.client.get<ConversationDetail>(
      `/api/conversations/${res.body.conversationId}`,
    );
    expect(thread.body.messages.at(-1)?.offer?.kind).toBe(expected);
  });

  it('lists exactly these allowed transitions', () => {
    const allowed = cases
      .filter((c) => mayAnswer(c.step, c.status, c.side))
      .map((c) => `${c.side} ${c.step} ${c.status}`);
    expect(allowed.sort()).toEqual(
      [
        'seller accept pending',
        'seller decline pending',
        'seller counter pending',
        'buyer accept countered',
        'buyer decline countered',
      ].sort(),
    );
  });

  it('is answered by its two sides only', async () => {
    const s = await offerIn('pending');
    const stranger = await person();
    expect((await answer(stranger.client, s.id, { answer: 'accept' })).status).toBe(404);
    expect((await answer(createClient(ctx), s.id, { answer: 'accept' })).status).toBe(401);
    expect((await answer(s.seller.client, crypto.randomUUID(), { answer: 'accept' })).status).toBe(404);
    expect(await statusOf(s.id)).toBe('pending');
  });

  it('takes a counter above the offer and at most the asking price', async () => {
    const s = await offerIn('pending');
    for (const amount of [3500, 3000, 4001]) {
      const res = await answer(s.seller.client, s.id, { answer: 'counter', amount });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error.message).toMatch(/^amount: /);
    }
    expect((await answer(s.seller.client, s.id, { answer: 'counter' })).body.error.message).toMatch(
      /^amount: /,
    );
    const ok = await answer(s.seller.client, s.id, { answer: 'counter', amount: 4000 });
    expect(ok.body).toMatchObject({ status: 'countered', counterAmount: 4000 });
  });
});

describe('expiry', () => {
  it('ends a pending or countered offer after 48 hours, with a notice, and refuses answers past it', async () => {
    const s = await offerIn('countered');
    await ctx.database.db.execute(
      sql`update offers set expires_at = now() - interval '1 second' where id = ${s.id}`,
    );
    // Before the maintenance has run, the answer is already refused.
    const late = await answer(s.buyer.client, s.id, { answer: 'accept' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('offer_expired');
    const pending = await offerIn('pending');
    await ctx.database.db.execute(
      sql`update offers set expires_at = now() - interval '1 second' where id = ${pending.id}`,
    );
    const fresh = await offerIn('pending');
    await runMaintenance(ctx.services);
    expect(await statusOf(s.id)).toBe('expired');
    expect(await statusOf(pending.id)).toBe('expired');
    expect(await statusOf(fresh.id)).toBe('pending');
    const thread = await s.buyer.client.get<ConversationDetail>(
      `/api/conversations/${(await offersRow(s.id)).conversationId}`,
    );
    expect(thread.body.messages.at(-1)?.offer?.kind).toBe('expired');
    // The buyer may offer again.
    expect((await offer(s.buyer.client, s.ad.id, { amount: 3600 })).status).toBe(201);
  });
});

const offersRow = async (id: string) =>
  (await ctx.database.db.select().from(offers).where(eq(offers.id, id)))[0]!;

describe('reservation', () => {
  it('accepting reserves the ad (badge, filter), declines the other open offers with a notice, and refuses new ones', async () => {
    const s = await offerIn('pending');
    const rival = await person();
    const rivalOffer = await offer(rival.client, s.ad.id, { amount: 3000 });
    await answer(s.seller.client, s.id, { answer: 'accept' });

    const visitor = createClient(ctx);
    const detail = await visitor.get<AdDetail>(`/api/ads/${s.ad.id}`);
    expect(detail.body.reserved).toBe(true);
    const asRival = await rival.client.get<AdDetail>(`/api/ads/${s.ad.id}`);
    expect(asRival.body.can.offer).toBe(false);
    const asSeller = await s.seller.client.get<AdDetail>(`/api/ads/${s.ad.id}`);
    expect(asSeller.body.can.releaseReservation).toBe(true);

    expect(await statusOf(rivalOffer.body.id)).toBe('declined');
    const rivalThread = await rival.client.get<ConversationDetail>(
      `/api/conversations/${rivalOffer.body.conversationId}`,
    );
    expect(rivalThread.body.messages.at(-1)?.offer?.kind).toBe('superseded');
    const late = await offer(rival.client, s.ad.id, { amount: 3100 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('ad_not_available');

    // Listed with its badge; `available=1` leaves it out, from the index and from the database alike.
    const all = await visitor.get<AdPage>(`/api/ads?q=${s.word}&limit=48`);
    expect(all.body.items.find((card) => card.id === s.ad.id)?.reserved).toBe(true);
    const available = await visitor.get<AdPage>(`/api/ads?q=${s.word}&available=1&limit=48`);
    expect(available.status).toBe(200);
    expect(available.body.items.map((card) => card.id)).not.toContain(s.ad.id);
    const sellerPage = await visitor.get<AdPage>(`/api/sellers/${s.seller.user.id}/ads`);
    expect(sellerPage.body.items.find((card) => card.id === s.ad.id)?.reserved).toBe(true);

    // Releasing makes it available again and ends the accepted offer.
    const released = await s.seller.client.post<AdDetail>(`/api/ads/${s.ad.id}/reservation/release`);
    expect(released.status).toBe(200);
    expect(released.body.reserved).toBe(false);
    expect(await statusOf(s.id)).toBe('released');
    const again = await visitor.get<AdPage>(`/api/ads?q=${s.word}&available=1&limit=48`);
    expect(again.body.items.map((card) => card.id)).toContain(s.ad.id);
    const second = await s.seller.client.post<ErrorBody>(`/api/ads/${s.ad.id}/reservation/release`);
    expect(second.status).toBe(409);
    expect((await offer(rival.client, s.ad.id, { amount: 3100 })).status).toBe(201);
  });

  it('is released by the owner only', async () => {
    const s = await offerIn('accepted');
    expect((await s.buyer.client.post(`/api/ads/${s.ad.id}/reservation/release`)).status).toBe(404);
    expect((await createClient(ctx).post(`/api/ads/${s.ad.id}/reservation/release`)).status).toBe(401);
    expect(await statusOf(s.id)).toBe('accepted');
  });

  it('ends when the owner marks the ad sold outside the site; an open offer is declined then', async () => {
    const reserved = await offerIn('accepted');
    const sold = await reserved.seller.client.post<AdDetail>(`/api/ads/${reserved.ad.id}/sold`);
    expect(sold.status).toBe(200);
    expect(sold.body.status).toBe('sold');
    expect(sold.body.reserved).toBe(false);

    const open = await offerIn('pending');
    expect((await open.seller.client.post(`/api/ads/${open.ad.id}/sold`)).status).toBe(200);
    expect(await statusOf(open.id)).toBe('declined');
  });

  it('a countered offer accepted by the buyer reserves at the counter’s price', async () => {
    const s = await offerIn('countered');
    const res = await answer(s.buyer.client, s.id, { answer: 'accept' });
    expect(res.body.status).toBe('accepted');
    const steps = await ctx.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.conversationId, res.body.conversationId));
    expect(steps).toHaveLength(3);
    const thread = await s.seller.client.get<ConversationDetail>(
      `/api/conversations/${res.body.conversationId}`,
    );
    expect(thread.body.messages.at(-1)?.offer).toMatchObject({ kind: 'accepted', amount: 3800 });
  });
});
