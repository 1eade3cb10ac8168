import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEREGISTRATION_REMINDER_DAYS } from '../../common/deals';
import { DAY_MS } from '../../common/lifecycle';
import type { Deal } from '../../common/schemas/deals';
import { deals } from '../db/schema/deals';
import { jobIdForKey } from '../jobs/mail-job';
import { QUEUES } from '../jobs/queue';
import { createAd } from '../test/ad-factories';
import type { TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { queueDealSteps, sendDeregistrationReminder } from './deal-reminders';

// Issue 29: after a weapon's deal is confirmed, each side's steps by mail, and the seller's reminder
// of the deregistration, once, unless they ticked it done.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Side = { user: TestUser; client: TestClient };
const side = async (locale: 'ro' | 'en' = 'ro'): Promise<Side> => {
  const user = await createUser(ctx, { locale });
  return { user, client: await signedInClient(ctx, user) };
};

/** A deal of the seller's sold ad with the buyer, waiting for the buyer's answer. */
async function awaitingDeal(seller: Side, buyer: Side, legalCategory: 'authorisation' | 'not-a-weapon') {
  const ad = await createAd(ctx, seller.user, {
    status: 'sold',
    title: `Pistol CZ 75 vândut ${Math.random().toString(36).slice(2, 7)}`,
    ...(legalCategory === 'not-a-weapon' ? { category: 'optics' } : {}),
    legalCategory,
  });
  const [deal] = await ctx.database.db
    .insert(deals)
    .values({
      adId: ad.id,
      adTitle: 'Pistol CZ 75',
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      price: 3500,
    })
    .returning({ id: deals.id });
  return deal!.id;
}

const stepsMails = (user: TestUser) =>
  ctx.mail.mails.filter(
    (mail) => mail.to.includes(user.email) && /pașii|your steps|ce ai de făcut/.test(mail.subject),
  );
const reminderMails = (user: TestUser) =>
  ctx.mail.mails.filter((mail) => mail.to.includes(user.email) && /radierea|struck off/.test(mail.subject));

describe('a weapon deal confirmed', () => {
  it('mails each side their steps in their language, and queues the seller’s reminder days later, once', async () => {
    const seller = await side('ro');
    const buyer = await side('en');
    const dealId = await awaitingDeal(seller, buyer, 'authorisation');
    const confirmed = await buyer.client.post<Deal>(`/api/deals/${dealId}/answer`, { answer: 'confirm' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ weapon: true, deregisteredAt: null });
    expect(confirmed.body.can.markDeregistered).toBe(false); // the buyer's view

    const sellerMail = await ctx.mail.waitFor(seller.user.email, (mail) =>
      mail.subject.includes('e confirmată'),
    );
    expect(sellerMail.subject).toBe('Vânzarea „Pistol CZ 75” e confirmată: ce ai de făcut');
    expect(sellerMail.text).toContain('radierea armei din permisul său de armă');
    expect(sellerMail.text).toContain('/dashboard/deals');
    const buyerMail = await ctx.mail.waitFor(buyer.user.email, (mail) => mail.subject.includes('confirmed'));
    expect(buyerMail.subject).toBe('The purchase of “Pistol CZ 75” is confirmed: your steps');
    expect(buyerMail.text).toMatch(/firearms permit|permit/);

    const job = await ctx.services.queue.boss.getJobById<{ dealId: string }>(
      QUEUES.dealReminder,
      jobIdForKey(`deal-reminder:${dealId}`),
    );
    expect(job?.data.dealId).toBe(dealId);
    const due = new Date(job?.startAfter ?? 0).getTime();
    expect(due).toBeGreaterThan(Date.now() + (DEREGISTRATION_REMINDER_DAYS - 0.1) * DAY_MS);

    // Queued again (a retried transaction, a second confirmation attempt): no second mail.
    await ctx.database.db.transaction((tx) => queueDealSteps(ctx.services, tx, dealId));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stepsMails(seller.user)).toHaveLength(1);
    expect(stepsMails(buyer.user)).toHaveLength(1);
  });

  it('reminds the seller once, and not after they ticked "Am făcut radierea"; only they may tick it', async () => {
    const seller = await side('ro');
    const buyer = await side('ro');
    const dealId = await awaitingDeal(seller, buyer, 'authorisation');
    // Before the confirmation there is nothing to remind, nor to tick.
    expect(await sendDeregistrationReminder(ctx.services, dealId)).toBe('skipped');
    expect((await seller.client.post(`/api/deals/${dealId}/deregistered`)).status).toBe(409);
    await buyer.client.post(`/api/deals/${dealId}/answer`, { answer: 'confirm' });

    expect(await sendDeregistrationReminder(ctx.services, dealId)).toBe('sent');
    const reminder = await ctx.mail.waitFor(seller.user.email, (mail) => mail.subject.includes('radierea'));
    expect(reminder.subject).toBe('Ai cerut radierea armei „Pistol CZ 75” din permis?');
    expect(reminder.text).toContain('Am făcut radierea');
    // The job run twice (a restart): one mail.
    expect(await sendDeregistrationReminder(ctx.services, dealId)).toBe('sent');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reminderMails(seller.user)).toHaveLength(1);

    expect((await buyer.client.post(`/api/deals/${dealId}/deregistered`)).status).toBe(404);
    const sellerView = (await seller.client.get<{ items: Deal[] }>('/api/me/deals')).body.items[0];
    expect(sellerView?.can.markDeregistered).toBe(true);
    const ticked = await seller.client.post<Deal>(`/api/deals/${dealId}/deregistered`);
    expect(ticked.status).toBe(200);
    expect(ticked.body.deregisteredAt).not.toBeNull();
    expect(ticked.body.can.markDeregistered).toBe(false);
    const again = await seller.client.post<Deal>(`/api/deals/${dealId}/deregistered`);
    expect(again.body.deregisteredAt).toBe(ticked.body.deregisteredAt);
    expect(await sendDeregistrationReminder(ctx.services, dealId)).toBe('done');
  });

  it('sends no steps and no reminder for a deal that is not a weapon', async () => {
    const seller = await side();
    const buyer = await side();
    const dealId = await awaitingDeal(seller, buyer, 'not-a-weapon');
    const confirmed = await buyer.client.post<Deal>(`/api/deals/${dealId}/answer`, { answer: 'confirm' });
    expect(confirmed.body.weapon).toBe(false);
    expect(
      await ctx.services.queue.boss.getJobById(QUEUES.dealReminder, jobIdForKey(`deal-reminder:${dealId}`)),
    ).toBeNull();
    expect(await sendDeregistrationReminder(ctx.services, dealId)).toBe('skipped');
    expect((await seller.client.post(`/api/deals/${dealId}/deregistered`)).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stepsMails(seller.user)).toHaveLength(0);
  });
});
