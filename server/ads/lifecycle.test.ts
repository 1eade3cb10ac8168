import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LISTING_DAYS } from '../../common/lifecycle';
import type { AdDetail, AdGone, AdPage, MyAds, RenewResult } from '../../common/schemas/ads';
import { queryRows } from '../db/client';
import { adImages, ads } from '../db/schema/ads';
import { conversations } from '../db/schema/interactions';
import { profiles } from '../db/schema/profiles';
import { runMaintenance } from '../jobs/maintenance';
import { createAd, uploadPhoto } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { expireAds, purgeExpiredAds, sendRenewalReminders } from './lifecycle';
import { signRenewalToken } from './renewal-token';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.mail.clear();
});

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms);
type ErrorBody = { error: { code: string; message: string } };

async function adRow(id: string) {
  const [row] = await ctx.database.db.select().from(ads).where(eq(ads.id, id));
  return row;
}

/** ad_counts agrees with a count over the ads themselves (what the triggers must keep true). */
async function countsMatchAds() {
  type Row = { category: string; condition: string; n: number };
  const counted = await queryRows<Row>(
    ctx.database.db,
    sql`
    select a.category, a.condition, count(*)::int as n from ads a
    join profiles p on p.id = a.user_id and p.is_active
    where a.status = 'approved' group by 1, 2 order by 1, 2`,
  );
  const kept = await queryRows<Row>(
    ctx.database.db,
    sql`
    select category, condition, listed as n from ad_counts where listed <> 0 order by 1, 2`,
  );
  expect(kept).toEqual(counted);
}

describe('expiry', () => {
  it('expires approved ads at their end and not a moment before, and takes them out of the counts', async () => {
    const owner = await createUser(ctx);
    const ended = await createAd(ctx, owner, { expiresAt: fromNow(-1000) });
    const endsSoon = await createAd(ctx, owner, { expiresAt: fromNow(60_000) });
    const pendingPast = await createAd(ctx, owner, { status: 'pending', expiresAt: fromNow(-DAY) });
    await countsMatchAds();

    expect(await expireAds(ctx.services)).toBeGreaterThanOrEqual(1);
    expect((await adRow(ended.id))?.status).toBe('expired');
    // The owner is told, with the same one-click renewal link as the reminder.
    const mail = await ctx.mail.waitFor(owner.email);
    expect(mail.subject).toMatch(/^Anunțul „Pistol de test \d+” a expirat$/);
    expect(mail.text).toContain('http://localhost:3000/renew?token=');
    expect((await adRow(ended.id))?.expiredAt).toBeInstanceOf(Date);
    expect((await adRow(endsSoon.id))?.status).toBe('approved');
    expect((await adRow(pendingPast.id))?.status).toBe('pending');
    await countsMatchAds();
  });

  it('answers 410 "expired" to visitors and keeps the ad in My Listings as expired', async () => {
    const owner = await createUser(ctx);
    const ad = await createAd(ctx, owner, { expiresAt: fromNow(-1000), caliber: '9mm Luger' });
    await expireAds(ctx.services);

    const visitor = await createClient(ctx).get<{ error: AdGone }>(`/api/ads/${ad.id}`);
    expect(visitor.status).toBe(410);
    expect(visitor.body.error).toMatchObject({
      code: 'gone',
      reason: 'expired',
      // The caliber's id, which browse filters on, not its text (issue 26).
      similar: { category: 'firearms', caliber: '9x19' },
    });
    expect(visitor.body.error.since).toEqual(expect.any(String));
    expect(visitor.body.error.ad).toBeNull(); // only a sold ad still names itself

    const client = await signedInClient(ctx, owner);
    const own = await client.get<AdDetail>(`/api/ads/${ad.id}`);
    expect(own.status).toBe(200);
    expect(own.body.can).toMatchObject({ renew: true, markSold: true, contact: false });
    const mine = await client.get<MyAds>('/api/me/ads');
    expect(mine.body.items.find((item) => item.id === ad.id)?.status).toBe('expired');
  });

  it('answers 404 for an unknown id and for an ad never published', async () => {
    const owner = await createUser(ctx);
    const pending = await createAd(ctx, owner, { status: 'pending' });
    const visitor = createClient(ctx);
    expect((await visitor.get(`/api/ads/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await visitor.get('/api/ads/not-a-uuid')).status).toBe(404);
    expect((await visitor.get<ErrorBody>(`/api/ads/${pending.id}`)).body.error.code).toBe('not_found');
  });

  it('says "removed" for an ad a moderator took down or whose owner was deactivated', async () => {
    const owner = await createUser(ctx);
    const rejected = await createAd(ctx, owner, {
      status: 'rejected',
      moderationReason: 'Interzis',
      firstApprovedAt: new Date(),
    });
    const visitor = createClient(ctx);
    const res = await visitor.get<{ error: AdGone }>(`/api/ads/${rejected.id}`);
    expect(res.status).toBe(410);
    expect(res.body.error.reason).toBe('removed');

    const banned = await createUser(ctx);
    const listed = await createAd(ctx, banned);
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, banned.id));
    const gone = await visitor.get<{ error: AdGone }>(`/api/ads/${listed.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.reason).toBe('removed');
  });
});

describe('renewal reminders', () => {
  it('mails once, 3 days before the end, a link that renews without signing in', async () => {
    const owner = await createUser(ctx, { locale: 'en' });
    const inWindow = await createAd(ctx, owner, {
      expiresAt: fromNow(3 * DAY - 60_000),
      title: 'Glock 17 reminder',
    });
    const outside = await createAd(ctx, owner, { expiresAt: fromNow(3 * DAY + 60_000) });

    expect(await sendRenewalReminders(ctx.services)).toBeGreaterThanOrEqual(1);
    const mail = await ctx.mail.waitFor(owner.email, (m) => m.subject.includes('Glock 17 reminder'));
    expect(mail.subject).toBe('Your ad “Glock 17 reminder” ends soon');
    expect((await adRow(outside.id))?.remindedAt).toBeNull();
    // A second pass sends nothing more for the same period.
    await sendRenewalReminders(ctx.services);
    expect(ctx.mail.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(1);

    const link = /http:\/\/localhost:3000\/renew\?token=(\S+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    const before = await adRow(inWindow.id);
    const res = await createClient(ctx).post<RenewResult>('/api/ads/renew-by-token', { token });
    expect(res.status).toBe(200);
    const after = await adRow(inWindow.id);
    expect(after?.status).toBe('approved');
    expect(after?.expiresAt.getTime()).toBeGreaterThan(Date.now() + (LISTING_DAYS - 1) * DAY);
    // Renewing moves nothing up the newest list and sends nothing back to review.
    expect(after?.createdAt).toEqual(before?.createdAt);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(after?.remindedAt).toBeNull();
  });

  it('renews an expired ad through the link, back into the lists', async () => {
    const owner = await createUser(ctx);
    const ad = await createAd(ctx, owner, { expiresAt: fromNow(-DAY), title: 'Expirat apoi prelungit' });
    await expireAds(ctx.services);
    await countsMatchAds();
    const token = signRenewalToken(ctx.config, ad.id);
    const res = await createClient(ctx).post<RenewResult>('/api/ads/renew-by-token', { token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('approved');
    expect((await createClient(ctx).get(`/api/ads/${ad.id}`)).status).toBe(200);
    await countsMatchAds();
  });

  it('refuses a forged, a tampered or an expired link, and a sold ad', async () => {
    const owner = await createUser(ctx);
    const ad = await createAd(ctx, owner, { status: 'expired' });
    const visitor = createClient(ctx);
    const good = signRenewalToken(ctx.config, ad.id);
    const [id, expires, signature] = good.split('.');
    const other = await createAd(ctx, owner, { status: 'expired' });
    for (const token of [
      'nonsense',
      `${other.id}.${expires}.${signature}`,
      `${id}.${Number(expires) + 1}.${signature}`,
      `${id}.${expires}.${signature?.slice(0, -2)}AA`,
    ]) {
      const res = await visitor.post<ErrorBody>('/api/ads/renew-by-token', { token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('renewal_link_invalid');
    }
    const old = signRenewalToken(ctx.config, ad.id, new Date(Date.now() - 31 * DAY));
    const expired = await visitor.post<ErrorBody>('/api/ads/renew-by-token', { token: old });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('renewal_link_expired');
    expect((await adRow(ad.id))?.status).toBe('expired');

    const sold = await createAd(ctx, owner, { status: 'sold', soldAt: new Date() });
    const refused = await visitor.post('/api/ads/renew-by-token', {
      token: signRenewalToken(ctx.config, sold.id),
    });
    expect(refused.status).toBe(409);
  });
});

describe('renew from My Listings', () => {
  it('renews an own approved or expired ad; not someone else’s, nor one in review', async () => {
    const owner = await createUser(ctx);
    const client = await signedInClient(ctx, owner);
    const nearEnd = await createAd(ctx, owner, { expiresAt: fromNow(DAY) });
    const res = await client.post<RenewResult>(`/api/ads/${nearEnd.id}/renew`);
    expect(res.status).toBe(200);
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + (LISTING_DAYS - 1) * DAY);

    const mine = await client.get<MyAds>('/api/me/ads');
    expect(mine.body.items.find((item) => item.id === nearEnd.id)?.expiresAt).toBe(res.body.expiresAt);

    const pending = await createAd(ctx, owner, { status: 'pending' });
    expect((await client.post(`/api/ads/${pending.id}/renew`)).status).toBe(409);
    const stranger = await signedInClient(ctx, await createUser(ctx));
    expect((await stranger.post(`/api/ads/${nearEnd.id}/renew`)).status).toBe(404);
  });

  it('approval starts a fresh listing period', async () => {
    const owner = await createUser(ctx);
    const moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
    const ad = await createAd(ctx, owner, {
      status: 'pending',
      expiresAt: fromNow(DAY),
      remindedAt: new Date(),
    });
    expect((await moderator.post(`/api/admin/ads/${ad.id}/approve`)).status).toBe(200);
    const row = await adRow(ad.id);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + (LISTING_DAYS - 1) * DAY);
    expect(row?.remindedAt).toBeNull();
  });
});

describe('mark as sold', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createUser(ctx);
  });

  it('leaves every list and count, keeps the page with its date for 30 days and its conversations', async () => {
    const marker = `vandut${Date.now()}`;
    const ad = await createAd(ctx, owner, { title: `Carabina ${marker}`, category: 'long-guns' });
    const buyer = await createUser(ctx);
    const buyerClient = await signedInClient(ctx, buyer);
    const started = await buyerClient.post<{ conversationId: string }>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Mai este disponibilă?',
    });
    expect(started.status).toBe(201);
    await buyerClient.put(`/api/me/favorites/${ad.id}`, undefined);

    const client = await signedInClient(ctx, owner);
    const sold = await client.post<AdDetail>(`/api/ads/${ad.id}/sold`);
    expect(sold.status).toBe(200);
    expect(sold.body.status).toBe('sold');
    expect(sold.body.soldAt).toEqual(expect.any(String));
    await countsMatchAds();

    const visitor = createClient(ctx);
    const page = await visitor.get<AdDetail>(`/api/ads/${ad.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ status: 'sold', can: { contact: false, report: false } });
    for (const path of [
      '/api/ads',
      `/api/ads?q=${marker}`,
      '/api/ads?category=long-guns',
      '/api/ads?limit=6',
    ]) {
      const list = await visitor.get<AdPage>(path);
      expect(list.body.items.map((item) => item.id)).not.toContain(ad.id);
    }
    expect((await visitor.get<AdPage>(`/api/ads?q=${marker}`)).body.total).toBe(0);
    // The buyer's favorites keep it, marked sold, and their conversation says so (issue 26).
    const favorites = await buyerClient.get<{ items: Array<{ id: string; status: string }> }>(
      '/api/me/favorites',
    );
    expect(favorites.body.items).toContainEqual(expect.objectContaining({ id: ad.id, status: 'sold' }));
    const talks = await buyerClient.get<{ items: Array<{ ad: { id: string; sold: boolean } }> }>(
      '/api/conversations',
    );
    expect(talks.body.items.find((item) => item.ad.id === ad.id)?.ad.sold).toBe(true);

    const [conversation] = await ctx.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.adId, ad.id));
    const reply = await client.post(`/api/conversations/${conversation?.id}/messages`, {
      body: 'Da, vândută.',
    });
    expect(reply.status).toBe(201);
    expect((await client.post(`/api/ads/${ad.id}/renew`)).status).toBe(409);
  });

  it('answers 410 "sold" once the 30 days are over', async () => {
    const ad = await createAd(ctx, owner, { status: 'sold', soldAt: new Date(Date.now() - 30 * DAY - 1000) });
    const res = await createClient(ctx).get<{ error: AdGone }>(`/api/ads/${ad.id}`);
    expect(res.status).toBe(410);
    expect(res.body.error.reason).toBe('sold');
    const recent = await createAd(ctx, owner, { status: 'sold', soldAt: new Date(Date.now() - 29 * DAY) });
    expect((await createClient(ctx).get(`/api/ads/${recent.id}`)).status).toBe(200);
  });

  it('still names a sold ad past its 30 days: its title and first photo', async () => {
    const client = await signedInClient(ctx, owner);
    const [second, first] = [await uploadPhoto(ctx, client), await uploadPhoto(ctx, client)];
    const title = 'Revolver vândut de mult';
    const ad = await createAd(ctx, owner, { title, status: 'sold', soldAt: new Date(Date.now() - 31 * DAY) });
    for (const [position, image] of [first, second].entries()) {
      await ctx.database.db.update(adImages).set({ adId: ad.id, position }).where(eq(adImages.id, image.id));
    }
    const res = await createClient(ctx).get<{ error: AdGone }>(`/api/ads/${ad.id}`);
    expect(res.status).toBe(410);
    expect(res.body.error.ad).toEqual({
      title,
      image: {
        id: first.id,
        card: first.card,
        cardJpeg: first.cardJpeg,
        large: first.large,
        largeJpeg: first.largeJpeg,
      },
    });
  });
});

describe('purge', () => {
  it('deletes expired ads with their images 180 days after they expired, not a day sooner', async () => {
    const owner = await createUser(ctx);
    const client = await signedInClient(ctx, owner);
    const upload = await uploadPhoto(ctx, client);
    const old = await createAd(ctx, owner, {
      status: 'expired',
      expiredAt: new Date(Date.now() - 180 * DAY - 1000),
    });
    await ctx.database.db.update(adImages).set({ adId: old.id }).where(eq(adImages.id, upload.id));
    const [image] = await ctx.database.db.select().from(adImages).where(eq(adImages.id, upload.id));
    const recent = await createAd(ctx, owner, {
      status: 'expired',
      expiredAt: new Date(Date.now() - 179 * DAY),
    });

    expect(await purgeExpiredAds(ctx.services)).toBeGreaterThanOrEqual(1);
    expect(await adRow(old.id)).toBeUndefined();
    expect(await adRow(recent.id)).toBeDefined();
    expect(await ctx.database.db.select().from(adImages).where(eq(adImages.id, upload.id))).toEqual([]);
    expect(await ctx.services.storage.exists(`${image?.storageKey}/card.webp`)).toBe(false);
    expect((await createClient(ctx).get(`/api/ads/${old.id}`)).status).toBe(404);
  });

  it('runs in the hourly maintenance', async () => {
    const owner = await createUser(ctx);
    const ad = await createAd(ctx, owner, { expiresAt: fromNow(-1000) });
    await runMaintenance(ctx.services);
    expect((await adRow(ad.id))?.status).toBe('expired');
  });
});
