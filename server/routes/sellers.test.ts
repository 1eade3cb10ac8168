import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '../../common/schemas/ads';
import type { TypicalReviewWait } from '../../common/schemas/review-wait';
import type { SellerAdsPage, SellerProfile } from '../../common/schemas/sellers';
import { adDeclarations, ads } from '../db/schema/ads';
import { conversations, messages, moderationActions } from '../db/schema/interactions';
import { profiles } from '../db/schema/profiles';
import { adForm, createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let visitor: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  visitor = createClient(ctx);
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** The month in Romania's time zone, as memberSince says it. */
const bucharestMonth = (date: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Bucharest',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}`;
};

const profileOf = (client: TestClient, id: string) => client.get<SellerProfile>(`/api/sellers/${id}`);

describe('GET /api/sellers/:id', () => {
  it('shows the public profile: short name, county of the newest listed ad, member since, verified', async () => {
    const seller = await createUser(ctx);
    await createAd(ctx, seller, { county: 'B', createdAt: ago(3 * DAY) });
    await createAd(ctx, seller, { county: 'CJ', location: 'Turda', createdAt: ago(2 * DAY) });
    // Newer, but not listed: says nothing about where the seller sells.
    await createAd(ctx, seller, { status: 'pending', county: 'TM', createdAt: ago(DAY) });
    // Listed and newest, but from before counties were asked for.
    await createAd(ctx, seller, { county: null, createdAt: ago(HOUR) });

    const res = await profileOf(visitor, seller.id);
    // The month the profile was made: not "now", which a run crossing a month's end would have moved.
    const [made] = await ctx.database.db
      .select({ at: profiles.createdAt })
      .from(profiles)
      .where(eq(profiles.id, seller.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: seller.id,
      displayName: `${seller.firstName} P.`,
      county: 'CJ',
      memberSince: bucharestMonth(new Date(made?.at ?? 0)),
      emailVerified: true,
      newAccount: true,
      dealerName: null,
      counts: { active: 3, sold: 0 },
      replyTime: null,
    });
  });

  it('says when the e-mail is not verified, and has no county without a listed ad', async () => {
    const seller = await createUser(ctx, { verified: false });
    await createAd(ctx, seller, { status: 'pending', county: 'CJ' });
    const res = await profileOf(visitor, seller.id);
    expect(res.body).toMatchObject({ emailVerified: false, county: null, counts: { active: 0, sold: 0 } });
  });

  it('counts listed ads as active and sold ones apart; pending, in-review, expired and rejected are neither', async () => {
    const seller = await createUser(ctx);
    await createAd(ctx, seller);
    await createAd(ctx, seller, { featured: true });
    await createAd(ctx, seller, { status: 'pending' });
    await createAd(ctx, seller, { status: 'needs_changes', moderationReason: 'Poze' });
    await createAd(ctx, seller, { status: 'expired', expiredAt: ago(DAY) });
    await createAd(ctx, seller, { status: 'rejected', moderationReason: 'Interzis' });
    await createAd(ctx, seller, { status: 'sold', soldAt: ago(DAY) });
    await createAd(ctx, seller, { status: 'sold', soldAt: ago(90 * DAY) });
    expect((await profileOf(visitor, seller.id)).body.counts).toEqual({ active: 2, sold: 2 });
  });

  it('never gives the e-mail, phone or address, to visitors or signed-in users', async () => {
    const seller = await createUser(ctx);
    await ctx.database.db
      .update(profiles)
      .set({ phone: '0722123456', address: 'Strada Secretă 7' })
      .where(eq(profiles.id, seller.id));
    await createAd(ctx, seller);
    const reader = await signedInClient(ctx, await createUser(ctx));
    const own = await signedInClient(ctx, seller);
    for (const client of [visitor, reader, own]) {
      for (const path of [`/api/sellers/${seller.id}`, `/api/sellers/${seller.id}/ads`]) {
        const res = await client.get(path);
        expect(res.status).toBe(200);
        const text = JSON.stringify(res.body);
        for (const secret of [seller.email, seller.lastName, '0722123456', 'Strada Secretă', '@'])
          expect(text, `${path}: ${secret}`).not.toContain(secret);
        expect(Object.keys(res.body as object)).not.toEqual(
          expect.arrayContaining(['email', 'phone', 'address']),
        );
      }
    }
  });

  it('answers 404 with the error shape for unknown ids and deactivated sellers, on both routes', async () => {
    const gone = await createUser(ctx);
    await createAd(ctx, gone);
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, gone.id));
    const staff = await signedInClient(ctx, await createUser(ctx, { role: 'admin.super' }));
    const unknown = ['6f1f7a3e-8d7c-4c35-9b0e-2f0b6a1d9c11', 'nobody', '%27%20or%201%3D1', 'x'.repeat(100)];
    for (const id of [...unknown, gone.id]) {
      for (const client of [visitor, staff]) {
        for (const path of [`/api/sellers/${id}`, `/api/sellers/${id}/ads`]) {
          const res = await client.get<ErrorBody>(path);
          expect(res.status, path).toBe(404);
          expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
        }
      }
    }
  });

  it('lets a visitor’s answer be cached, and a signed-in one not', async () => {
    const seller = await createUser(ctx);
    expect((await profileOf(visitor, seller.id)).headers.get('cache-control')).toBeNull();
    const reader = await signedInClient(ctx, await createUser(ctx));
    expect((await profileOf(reader, seller.id)).headers.get('cache-control')).toBe('no-store');
  });

  it('is in the OpenAPI document', async () => {
    const doc = await visitor.get<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/sellers/{id}', '/sellers/{id}/ads', '/moderation/typical-wait']),
    );
  });

  it('is where the ad page’s seller box leads: the ad detail names the seller’s id', async () => {
    const seller = await createUser(ctx);
    const ad = await createAd(ctx, seller);
    const detail = await visitor.get<AdDetail>(`/api/ads/${ad.id}`);
    expect(detail.body.seller.id).toBe(seller.id);
    expect((await profileOf(visitor, detail.body.seller.id)).status).toBe(200);
  });
});

describe('GET /api/sellers/:id/ads', () => {
  it('lists only listed ads, newest first, 24 a page, by cursor', async () => {
    const seller = await createUser(ctx);
    const listed: string[] = [];
    // Two ads share a creation time: the id breaks the tie, and neither is lost between pages.
    const tie = ago(30 * MINUTE);
    for (let i = 0; i < 26; i++) {
      const at = i === 23 || i === 24 ? tie : ago((i + 1) * HOUR);
      listed.push((await createAd(ctx, seller, { createdAt: at })).id);
    }
    for (const status of ['pending', 'expired', 'rejected', 'needs_changes'] as const)
      await createAd(ctx, seller, { status, createdAt: ago(MINUTE) });
    await createAd(ctx, seller, { status: 'sold', soldAt: ago(MINUTE), createdAt: ago(MINUTE) });
    await createAd(ctx, await createUser(ctx), { createdAt: ago(MINUTE) });

    const first = await visitor.get<SellerAdsPage>(`/api/sellers/${seller.id}/ads`);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(24);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await visitor.get<SellerAdsPage>(
      `/api/sellers/${seller.id}/ads?cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(second.body.items).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();

    const items = [...first.body.items, ...second.body.items];
    expect(new Set(items.map((item) => item.id))).toEqual(new Set(listed));
    const times = items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.every((item) => item.status === 'approved')).toBe(true);
    expect(items[0]).toMatchObject({ title: expect.any(String), price: expect.any(Number), image: null });
  });

  it('has an empty page for a seller with nothing listed, and refuses a forged cursor', async () => {
    const seller = await createUser(ctx);
    await createAd(ctx, seller, { status: 'pending' });
    const empty = await visitor.get<SellerAdsPage>(`/api/sellers/${seller.id}/ads`);
    expect(empty.body).toEqual({ items: [], nextCursor: null });
    const forged = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', "1' or '1'='1"])).toString(
      'base64url',
    );
    for (const cursor of [forged, 'not-a-cursor']) {
      const res = await visitor.get<ErrorBody>(`/api/sellers/${seller.id}/ads?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_cursor');
    }
  });
});

describe('typical reply time', () => {
  /**
   * A conversation about one of the seller's ads, started `startedAgo` back with the buyer's first
   * message; `replies` are the seller's messages, minutes after it (none: never answered).
   */
  async function conversation(
    seller: TestUser,
    buyer: TestUser,
    startedAgo: number,
    options: { replies?: number[]; buyerFollowUps?: number[] } = {},
  ) {
    const ad = await createAd(ctx, seller, { status: 'sold', soldAt: ago(MINUTE) });
    const started = ago(startedAgo);
    const [row] = await ctx.database.db
      .insert(conversations)
      .values({ adId: ad.id, adTitle: 'Pistol', buyerId: buyer.id, sellerId: seller.id, createdAt: started })
      .returning({ id: conversations.id });
    const say = (from: TestUser, to: TestUser, minutes: number) => ({
      conversationId: row!.id,
      adId: ad.id,
      senderId: from.id,
      receiverId: to.id,
      body: 'Mai este disponibil?',
      createdAt: plus(started, minutes * MINUTE),
    });
    await ctx.database.db
      .insert(messages)
      .values([
        say(buyer, seller, 0),
        ...(options.buyerFollowUps ?? []).map((m) => say(buyer, seller, m)),
        ...(options.replies ?? []).map((m) => say(seller, buyer, m)),
      ]);
  }

  it('is null until three conversations got a reply, then the median of the first replies', async () => {
    const seller = await createUser(ctx);
    const buyer = await createUser(ctx);
    // 20 minutes: counted from the buyer's first message, not the follow-up, up to the first reply.
    await conversation(seller, buyer, 10 * DAY, { replies: [20, 25], buyerFollowUps: [5] });
    await conversation(seller, buyer, 20 * DAY, { replies: [300] });
    // Never answered: left out of the median and of the count.
    await conversation(seller, buyer, 3 * DAY);
    await conversation(seller, buyer, 4 * DAY);
    expect((await profileOf(visitor, seller.id)).body.replyTime).toBeNull();

    await conversation(seller, buyer, 30 * DAY, { replies: [60] });
    expect((await profileOf(visitor, seller.id)).body.replyTime).toEqual({ medianMinutes: 60, sample: 3 });

    // An even number: the middle two's mean, (60 + 300) / 2.
    await conversation(seller, buyer, 40 * DAY, { replies: [24 * 60] });
    expect((await profileOf(visitor, seller.id)).body.replyTime).toEqual({ medianMinutes: 180, sample: 4 });
  });

  it('ignores conversations started more than 90 days ago and the seller’s replies elsewhere', async () => {
    const seller = await createUser(ctx);
    const buyer = await createUser(ctx);
    await conversation(seller, buyer, 2 * DAY, { replies: [10] });
    await conversation(seller, buyer, 5 * DAY, { replies: [30] });
    for (const days of [91, 100, 200]) await conversation(seller, buyer, days * DAY, { replies: [1] });
    expect((await profileOf(visitor, seller.id)).body.replyTime).toBeNull();
    // The seller as a buyer elsewhere: their own quick answers as a buyer are not replies to buyers.
    const other = await createUser(ctx);
    await conversation(other, seller, DAY, { replies: [2] });
    expect((await profileOf(visitor, seller.id)).body.replyTime).toBeNull();

    await conversation(seller, buyer, 89 * DAY, { replies: [120] });
    expect((await profileOf(visitor, seller.id)).body.replyTime).toEqual({ medianMinutes: 30, sample: 3 });
  });
});

describe('GET /api/moderation/typical-wait', () => {
  let moderator: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    moderator = await createUser(ctx, { role: 'admin.moderator' });
    owner = await createUser(ctx);
  });

  const wait = async () => {
    const res = await visitor.get<TypicalReviewWait>('/api/moderation/typical-wait');
    expect(res.status).toBe(200);
    return res.body;
  };

  /** An ad submitted `submittedAgo` back and decided `minutes` later, as the audit trail records it. */
  async function decided(
    submittedAgo: number,
    minutes: number,
    options: { action?: string; statusBefore?: string; edited?: Date } = {},
  ) {
    const submitted = ago(submittedAgo);
    const ad = await createAd(ctx, owner, {
      status: 'approved',
      createdAt: submitted,
      updatedAt: options.edited ?? submitted,
    });
    await ctx.database.db.insert(moderationActions).values({
      actorId: moderator.id,
      actorEmail: moderator.email,
      action: options.action ?? 'ad.approve',
      targetType: 'ad',
      targetId: ad.id,
      targetLabel: 'Pistol',
      statusBefore: options.statusBefore ?? 'pending',
      statusAfter: 'approved',
      createdAt: plus(submitted, minutes * MINUTE),
    });
    return ad.id;
  }

  it('says nothing precise with fewer than 5 decisions in 7 days, then gives the median', async () => {
    expect(await wait()).toEqual({ medianMinutes: null, sample: 0 });
    await decided(2 * DAY, 30);
    await decided(3 * DAY, 600, { action: 'ad.reject' });
    await decided(HOUR + 20 * MINUTE, 60, { action: 'ad.request_changes' });
    await decided(5 * DAY, 180);
    // Out of the window, or not a wait in the queue (a take-down of a published ad, a feature).
    await decided(9 * DAY, 5);
    await decided(2 * DAY, 5, { action: 'ad.reject', statusBefore: 'approved' });
    await decided(2 * DAY, 5, { action: 'ad.feature', statusBefore: 'approved' });
    expect(await wait()).toEqual({ medianMinutes: null, sample: 4 });

    await decided(DAY, 120);
    expect(await wait()).toEqual({ medianMinutes: 120, sample: 5 });
  });

  it('counts a resubmission from its edit or declaration, not from the ad’s creation', async () => {
    const before = await wait();
    // Created 6 days ago, sent back, edited 2 hours before the second decision.
    const decidedAt = ago(DAY);
    const adId = await decided(6 * DAY, 60, { action: 'ad.request_changes' });
    await ctx.database.db
      .update(ads)
      .set({ updatedAt: plus(decidedAt, -2 * HOUR) })
      .where(eq(ads.id, adId));
    await ctx.database.db.insert(moderationActions).values({
      actorId: moderator.id,
      actorEmail: moderator.email,
      action: 'ad.approve',
      targetType: 'ad',
      targetId: adId,
      targetLabel: 'Pistol',
      statusBefore: 'pending',
      statusAfter: 'approved',
      createdAt: decidedAt,
    });
    // A weapon resubmitted (its declaration) 3 hours before its decision, edited again since.
    const weaponDecided = ago(2 * DAY);
    const weapon = await decided(4 * DAY, (2 * DAY) / MINUTE, { edited: ago(HOUR) });
    await ctx.database.db.insert(adDeclarations).values({
      adId: weapon,
      userId: owner.id,
      version: 'v1',
      clientIp: '10.0.0.1',
      declaredAt: plus(weaponDecided, -3 * HOUR),
    });
    const now = await wait();
    // Waits so far: 30, 600, 60, 180, 120, and now 60 (changes asked), 120 (edit) and 180 (declaration).
    expect(now.sample).toBe(before.sample + 3);
    expect(now.medianMinutes).toBe(120);
  });

  it('counts a decision made through the admin API on an ad posted through the API', async () => {
    const seller = await createUser(ctx);
    const client = await signedInClient(ctx, seller);
    const posted = await client.post<AdDetail>('/api/ads', adForm());
    expect(posted.status).toBe(201);
    const before = await wait();
    const mod = await signedInClient(ctx, moderator);
    expect((await mod.post(`/api/admin/ads/${posted.body.id}/approve`)).status).toBe(200);
    expect((await wait()).sample).toBe(before.sample + 1);
  });
});
