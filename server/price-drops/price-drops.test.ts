import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdEditResult } from '../../common/schemas/ads';
import type { Me } from '../../common/schemas/auth';
import type { UnsubscribeInfo } from '../../common/schemas/saved-searches';
import { signUnsubscribeToken } from '../alerts/unsubscribe-token';
import { queryRows } from '../db/client';
import { adForm } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { fanOutPriceDrop, isAlertingDrop, sendPriceDropAlert } from './price-drops';

// Issue 28: price history, and price drops told to those who keep the ad in favorites.

let ctx: TestContext;
let mod: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  mod = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
});
afterAll(() => ctx.close());

let sequence = 0;

/** A seller's ad at `price`, posted through the API and approved. */
async function publishedAd(price: number) {
  sequence += 1;
  const user = await createUser(ctx);
  const client = await signedInClient(ctx, user);
  const form = adForm({ title: `Pușcă Beretta redusă ${sequence}`, price, brand: 'Beretta', model: 'A400' });
  const posted = await client.post<AdDetail>('/api/ads', form);
  expect(posted.status).toBe(201);
  expect((await mod.post(`/api/admin/ads/${posted.body.id}/approve`)).status).toBe(200);
  return { user, client, id: posted.body.id, form };
}

async function fan(locale: 'ro' | 'en' = 'ro') {
  const user = await createUser(ctx, { locale });
  return { user, client: await signedInClient(ctx, user) };
}

const favorite = async (client: TestClient, adId: string) =>
  expect((await client.put(`/api/me/favorites/${adId}`, {})).status).toBe(204);

const reprice = async (ad: Awaited<ReturnType<typeof publishedAd>>, price: number) => {
  const res = await ad.client.put<AdEditResult>(`/api/ads/${ad.id}`, { ...ad.form, price });
  expect(res.status).toBe(200);
  return res.body;
};

/** The price-drop mails to the user naming the ad (the owner's approval mail names it too). */
const mailsTo = (user: TestUser, adId: string) =>
  ctx.mail.mails.filter(
    (mail) =>
      mail.to.includes(user.email) &&
      mail.text.includes(`/ad/${adId}`) &&
      /^(A scăzut prețul|Au scăzut prețurile|Price drop|Prices dropped)/.test(mail.subject),
  );

/** Lets the person be mailed again now, as if their last price-drop mail was long ago. */
const forgetLastMail = (user: TestUser) =>
  ctx.database.db.execute(sql`update profiles set price_drop_alerted_at = null where id = ${user.id}`);

const pending = (user: TestUser) =>
  queryRows<{ adId: string; fromPrice: number; toPrice: number }>(
    ctx.database.db,
    sql`select ad_id as "adId", from_price::float8 as "fromPrice", to_price::float8 as "toPrice"
        from price_drop_notices where user_id = ${user.id} and notified_at is null`,
  );

describe('the threshold', () => {
  it('tells drops of 5% or more, not less, and never a raise', () => {
    expect(isAlertingDrop(4000, 3800)).toBe(true);
    expect(isAlertingDrop(4000, 3801)).toBe(false);
    expect(isAlertingDrop(4000, 4000)).toBe(false);
    expect(isAlertingDrop(4000, 4400)).toBe(false);
  });
});

describe('price history', () => {
  it('shows every change of the public price on the ad page, newest first; a waiting raise is not one', async () => {
    const ad = await publishedAd(4200);
    expect((await createClient(ctx).get<AdDetail>(`/api/ads/${ad.id}`)).body.priceHistory).toEqual([]);
    expect((await reprice(ad, 3900)).editOutcome).toBe('live');
    // A higher price waits for a moderator: nobody saw it yet, so it is no history.
    expect((await reprice(ad, 4500)).editOutcome).toBe('review');
    let page = (await createClient(ctx).get<AdDetail>(`/api/ads/${ad.id}`)).body;
    expect(page.priceHistory.map(({ from, to }) => ({ from, to }))).toEqual([{ from: 4200, to: 3900 }]);
    expect(Date.parse(page.priceHistory[0]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Approved, the raise is public and joins the history.
    expect((await mod.post(`/api/admin/ads/${ad.id}/revision/approve`)).status).toBe(200);
    page = (await createClient(ctx).get<AdDetail>(`/api/ads/${ad.id}`)).body;
    expect(page.price).toBe(4500);
    expect(page.priceHistory.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: 3900, to: 4500 },
      { from: 4200, to: 3900 },
    ]);
  });
});

describe('price-drop alerts', () => {
  it('mails everyone who keeps the ad in favorites, in their language, with one-click unsubscribe; not the owner', async () => {
    const ad = await publishedAd(4000);
    const ro = await fan('ro');
    const en = await fan('en');
    await favorite(ro.client, ad.id);
    await favorite(en.client, ad.id);
    // The owner keeping their own ad in favorites is told nothing.
    await ad.client.put(`/api/me/favorites/${ad.id}`, {});

    await reprice(ad, 3600);
    const roMail = await ctx.mail.waitFor(ro.user.email, (mail) => mail.text.includes(`/ad/${ad.id}`));
    expect(roMail.subject).toBe(`A scăzut prețul: „${ad.form.title}”`);
    expect(roMail.text).toContain('3.600 lei');
    expect(roMail.text).toContain('înainte 4.000 lei');
    expect(roMail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const enMail = await ctx.mail.waitFor(en.user.email, (mail) => mail.text.includes(`/ad/${ad.id}`));
    expect(enMail.subject).toBe(`Price drop: “${ad.form.title}”`);
    expect(enMail.text).toContain('was 4.000 lei');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(ad.user, ad.id)).toHaveLength(0);
    expect(mailsTo(ro.user, ad.id)).toHaveLength(1);
  });

  it('tells nothing for a drop under 5%, nor to someone who turned the alerts off in Settings', async () => {
    const ad = await publishedAd(5000);
    const keen = await fan();
    const quiet = await fan();
    await favorite(keen.client, ad.id);
    await favorite(quiet.client, ad.id);
    const me = (await quiet.client.get<Me>('/api/me')).body;
    expect(me.profile.priceDropAlerts).toBe(true);
    const off = await quiet.client.patch<Me>('/api/me/profile', {
      firstName: me.profile.firstName,
      lastName: me.profile.lastName,
      priceDropAlerts: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.profile.priceDropAlerts).toBe(false);

    await reprice(ad, 4800); // 4%: history, no alert
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pending(keen.user)).toEqual([]);
    expect(mailsTo(keen.user, ad.id)).toHaveLength(0);
    await reprice(ad, 4500); // 6.25% under 4.800
    await ctx.mail.waitFor(keen.user.email, (mail) => mail.text.includes(`/ad/${ad.id}`));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(quiet.user, ad.id)).toHaveLength(0);
    const history = (await createClient(ctx).get<AdDetail>(`/api/ads/${ad.id}`)).body.priceHistory;
    expect(history.map(({ to }) => to)).toEqual([4500, 4800]);
  });

  it('batches the drops of one alert interval into one mail, keeping the price the person last saw', async () => {
    const first = await publishedAd(3000);
    const second = await publishedAd(8000);
    const buyer = await fan();
    await favorite(buyer.client, first.id);
    await favorite(buyer.client, second.id);
    await reprice(first, 2700);
    await ctx.mail.waitFor(buyer.user.email, (mail) => mail.text.includes(`/ad/${first.id}`));

    // Within 15 minutes of that mail, further drops wait, batched.
    await reprice(second, 7000);
    await reprice(first, 2500);
    for (let i = 0; i < 50 && (await pending(buyer.user)).length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sendPriceDropAlert(ctx.services, buyer.user.id)).toBe('deferred');
    expect((await pending(buyer.user)).sort((a, b) => a.fromPrice - b.fromPrice)).toEqual([
      { adId: first.id, fromPrice: 2700, toPrice: 2500 },
      { adId: second.id, fromPrice: 8000, toPrice: 7000 },
    ]);

    await forgetLastMail(buyer.user);
    expect(await sendPriceDropAlert(ctx.services, buyer.user.id)).toBe('sent');
    const batch = await ctx.mail.waitFor(buyer.user.email, (mail) =>
      mail.subject.startsWith('Au scăzut prețurile a 2 anunțuri'),
    );
    expect(batch.text).toContain(`/ad/${second.id}`);
    expect(batch.text).toContain('înainte 2.700 lei');
    expect(await sendPriceDropAlert(ctx.services, buyer.user.id)).not.toBe('sent');
  });

  it('tells nothing about an ad whose price went back up, or that is no longer listed', async () => {
    const ad = await publishedAd(6000);
    const buyer = await fan();
    await favorite(buyer.client, ad.id);
    await ctx.database.db.execute(sql`update ads set price = 5000 where id = ${ad.id}`);
    await ctx.database.db.execute(sql`update ads set price = 6000 where id = ${ad.id}`);
    expect(await fanOutPriceDrop(ctx.services, { adId: ad.id, fromPrice: 6000 })).toEqual({ people: 0 });
    await ctx.database.db.execute(sql`update ads set price = 5000, status = 'sold' where id = ${ad.id}`);
    expect(await fanOutPriceDrop(ctx.services, { adId: ad.id, fromPrice: 6000 })).toEqual({ people: 0 });
  });

  it('the mail’s unsubscribe link turns the price-drop alerts off, and a forged one is refused', async () => {
    const buyer = await fan();
    const token = signUnsubscribeToken(ctx.services.config, { kind: 'p', userId: buyer.user.id });
    const path = `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`;
    const info = await createClient(ctx).get<UnsubscribeInfo>(path);
    expect(info.body).toEqual({ kind: 'priceDrops', name: '', frequency: 'instant' });
    const done = await createClient(ctx).post<UnsubscribeInfo>(path);
    expect(done.status).toBe(200);
    expect(done.body.frequency).toBe('off');
    expect((await buyer.client.get<Me>('/api/me')).body.profile.priceDropAlerts).toBe(false);

    const forged = `${token.slice(0, -4)}AAAA`;
    const refused = await createClient(ctx).post<{ error: { code: string } }>(
      `/api/saved-searches/unsubscribe?token=${encodeURIComponent(forged)}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('unsubscribe_link_invalid');
  });
});
