import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdModerationResult, AuditPage, QueuePage } from '../../common/schemas/admin';
import type { AdDetail, AdPage, MyAds } from '../../common/schemas/ads';
import { ads } from '../db/schema/ads';
import { moderationActions } from '../db/schema/interactions';
import { profiles } from '../db/schema/profiles';
import { QUEUES } from '../jobs/queue';
import { adForm, createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness';
import { linkIn } from '../test/mail-capture';

let ctx: TestContext;
let moderator: TestUser;
let mod: TestClient;
let superClient: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await createUser(ctx, { role: 'admin.moderator' });
  mod = await signedInClient(ctx, moderator);
  superClient = await signedInClient(ctx, await createUser(ctx, { role: 'admin.super' }));
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };

async function owner() {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
}

/** Ids on the public lists: home (newest 6 is too few here, so the whole first page), browse and search. */
async function publicIds(title?: string): Promise<string[]> {
  const visitor = createClient(ctx);
  const pages = [
    await visitor.get<AdPage>('/api/ads?limit=48'),
    await visitor.get<AdPage>('/api/ads?limit=48&category=long-guns'),
    ...(title ? [await visitor.get<AdPage>(`/api/ads?limit=48&q=${encodeURIComponent(title)}`)] : []),
  ];
  return pages.flatMap((page) => page.body.items.map((item) => item.id));
}

const auditOf = (adId: string) =>
  ctx.database.db.select().from(moderationActions).where(eq(moderationActions.targetId, adId));

describe('GET /api/admin/queue', () => {
  it('lists pending ads oldest first with the seller, price and submission time; needs_changes apart', async () => {
    const { user } = await owner();
    const hour = 3600_000;
    const older = await createAd(ctx, user, {
      status: 'pending',
      createdAt: new Date(Date.now() - 50 * hour),
    });
    const changes = await createAd(ctx, user, {
      status: 'needs_changes',
      moderationReason: 'Poze mai clare',
      createdAt: new Date(Date.now() - 40 * hour),
    });
    await createAd(ctx, user, { status: 'approved', createdAt: new Date(Date.now() - 45 * hour) });
    await createAd(ctx, user, { status: 'rejected', createdAt: new Date(Date.now() - 45 * hour) });

    const res = await mod.get<QueuePage>('/api/admin/queue');
    expect(res.status).toBe(200);
    // Issue 26: an ad sent back for changes waits on its seller, in a list of its own.
    const waiting = res.body.items.filter((item) => item.seller.id === user.id);
    expect(waiting.map((item) => item.id)).toEqual([older.id]);
    const apart = await mod.get<QueuePage>('/api/admin/queue?view=seller');
    expect(apart.status).toBe(200);
    const mine = [...waiting, ...apart.body.items.filter((item) => item.seller.id === user.id)];
    expect(mine.map((item) => item.id)).toEqual([older.id, changes.id]);
    expect(mine[0]).toMatchObject({
      status: 'pending',
      price: expect.any(Number),
      seller: { firstName: user.firstName, lastName: user.lastName, email: user.email },
      image: null,
    });
    expect(mine[1]).toMatchObject({ status: 'needs_changes', moderationReason: 'Poze mai clare' });
    const all = res.body.items.map((item) => Date.parse(item.createdAt));
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    expect(apart.body.sellerTotal).toBeGreaterThanOrEqual(1);
    expect(apart.body.total).toBe(res.body.total);
  });

  it('leaves out the ads of deactivated owners and pages with a cursor', async () => {
    const { user } = await owner();
    const hidden = await createAd(ctx, user, { status: 'pending' });
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, user.id));
    const seen: string[] = [];
    let cursor: string | null = null;
    const { user: busy } = await owner();
    for (let i = 0; i < 32; i++) await createAd(ctx, busy, { status: 'pending' });
    do {
      const res: { body: QueuePage } = await mod.get<QueuePage>(
        `/api/admin/queue${cursor ? `?cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.items.map((item) => item.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).not.toContain(hidden.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await mod.get<QueuePage>('/api/admin/queue')).body.total);
    expect((await mod.get<ErrorBody>('/api/admin/queue?cursor=garbage')).status).toBe(400);
  });
});

describe('moderation of an ad', () => {
  it('request changes → the owner reads the reason, edits, the ad is pending again → approve → public', async () => {
    const { user, client } = await owner();
    const created = await client.post<AdDetail>(
      '/api/ads',
      adForm({ title: 'Carabină Tikka T3x de revizuit' }),
    );
    const id = created.body.id;

    expect((await mod.post<ErrorBody>(`/api/admin/ads/${id}/request-changes`, {})).status).toBe(400);
    const tooShort = await mod.post<ErrorBody>(`/api/admin/ads/${id}/request-changes`, { reason: ' abc ' });
    expect(tooShort.body.error.message).toBe('reason: Write a reason of at least 5 characters');

    const asked = await mod.post<AdModerationResult>(`/api/admin/ads/${id}/request-changes`, {
      reason: 'Adăugați poze cu seria armei.',
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      id,
      status: 'needs_changes',
      featured: false,
      moderationReason: 'Adăugați poze cu seria armei.',
    });
    expect(await publicIds('Tikka')).not.toContain(id);
    expect((await createClient(ctx).get(`/api/ads/${id}`)).status).toBe(404);

    // The owner sees the reason in their list and on the ad.
    const mine = await client.get<MyAds>('/api/me/ads');
    expect(mine.body.items.find((item) => item.id === id)).toMatchObject({
      status: 'needs_changes',
      moderationReason: 'Adăugați poze cu seria armei.',
    });
    const detail = await client.get<AdDetail>(`/api/ads/${id}`);
    expect(detail.body).toMatchObject({
      status: 'needs_changes',
      moderationReason: 'Adăugați poze cu seria armei.',
    });
    expect(detail.body.can.edit).toBe(true);

    // Requesting changes again, or approving twice, is refused: the state moved on.
    const again = await mod.post<ErrorBody>(`/api/admin/ads/${id}/request-changes`, {
      reason: 'Din nou, vă rog.',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_transition');

    const edited = await client.put<AdDetail>(
      `/api/ads/${id}`,
      adForm({ title: 'Carabină Tikka T3x cu serie' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', moderationReason: null });

    const approved = await mod.post<AdModerationResult>(`/api/admin/ads/${id}/approve`);
    expect(approved.body).toEqual({ id, status: 'approved', featured: false, moderationReason: null });
    expect(await publicIds('Tikka')).toContain(id);
    const home = await createClient(ctx).get<AdPage>('/api/ads?limit=6');
    expect(home.body.items.map((item) => item.id)).toContain(id);
    expect((await mod.post<ErrorBody>(`/api/admin/ads/${id}/approve`)).status).toBe(409);

    // The seller's declarations (issue 12: on posting and on the edit) are in the trail too.
    const trail = (await auditOf(id)).filter((row) => row.action !== 'ad.declare');
    expect(trail.map((row) => [row.action, row.statusBefore, row.statusAfter, row.actorId])).toEqual([
      ['ad.request_changes', 'pending', 'needs_changes', moderator.id],
      ['ad.approve', 'pending', 'approved', moderator.id],
    ]);
    expect(trail[0]).toMatchObject({ reason: 'Adăugați poze cu seria armei.', actorEmail: moderator.email });
    expect(user.id).toBe(detail.body.userId);
  });

  it('does not approve an ad waiting on its seller (needs changes) until it is resubmitted (issue 26)', async () => {
    const { user, client } = await owner();
    const posted = await client.post<AdDetail>('/api/ads', adForm({ title: 'Glock 17 de retrimis' }));
    const id = posted.body.id;
    const changes = await mod.post(`/api/admin/ads/${id}/request-changes`, { reason: 'Preț lipsă în text' });
    expect(changes.status).toBe(200);
    const waiting = await mod.get<QueuePage>('/api/admin/queue');
    expect(waiting.body.items.map((item) => item.id)).not.toContain(id);
    const apart = await mod.get<QueuePage>('/api/admin/queue?view=seller');
    expect(apart.body.items.find((item) => item.id === id)).toMatchObject({
      kind: 'ad',
      status: 'needs_changes',
      moderationReason: 'Preț lipsă în text',
    });
    const refused = await mod.post<ErrorBody>(`/api/admin/ads/${id}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('invalid_transition');

    expect((await client.put(`/api/ads/${id}`, adForm({ title: 'Glock 17 de retrimis' }))).status).toBe(200);
    const res = await mod.post<AdModerationResult>(`/api/admin/ads/${id}/approve`);
    expect(res.body).toMatchObject({ status: 'approved', moderationReason: null });
    expect(user.id).toBe(posted.body.userId);
  });

  it('rejects with a reason from pending, needs_changes or approved; the ad leaves every public list', async () => {
    const { user, client } = await owner();
    for (const status of ['pending', 'needs_changes', 'approved'] as const) {
      const ad = await createAd(ctx, user, {
        status,
        title: `Pistol respins ${status}`,
        featured: status === 'approved',
      });
      expect((await mod.post(`/api/admin/ads/${ad.id}/reject`, {})).status).toBe(400);
      const res = await mod.post<AdModerationResult>(`/api/admin/ads/${ad.id}/reject`, {
        reason: 'Obiect interzis la vânzare.',
      });
      expect(res.status).toBe(200);
      // A rejected ad keeps no Featured mark.
      expect(res.body).toEqual({
        id: ad.id,
        status: 'rejected',
        featured: false,
        moderationReason: 'Obiect interzis la vânzare.',
      });
      expect(await publicIds('respins')).not.toContain(ad.id);
      const seen = await client.get<AdDetail>(`/api/ads/${ad.id}`);
      expect(seen.body).toMatchObject({
        status: 'rejected',
        moderationReason: 'Obiect interzis la vânzare.',
      });
      const [row] = await auditOf(ad.id);
      expect(row).toMatchObject({ action: 'ad.reject', statusBefore: status, statusAfter: 'rejected' });
    }
    const rejected = await createAd(ctx, user, { status: 'rejected' });
    expect((await mod.post(`/api/admin/ads/${rejected.id}/reject`, { reason: 'Încă o dată' })).status).toBe(
      409,
    );
    expect((await mod.post(`/api/admin/ads/${rejected.id}/approve`)).status).toBe(409);
  });

  it('asks for changes only on pending ads', async () => {
    const { user } = await owner();
    for (const status of ['approved', 'rejected', 'needs_changes'] as const) {
      const ad = await createAd(ctx, user, { status });
      const res = await mod.post(`/api/admin/ads/${ad.id}/request-changes`, { reason: 'Detalii lipsă aici' });
      expect(res.status).toBe(409);
    }
  });

  it('lets the owner edit a rejected ad, which goes back to review', async () => {
    const { user, client } = await owner();
    const ad = await createAd(ctx, user, { status: 'rejected', moderationReason: 'Descriere incompletă' });
    const res = await client.put<AdDetail>(`/api/ads/${ad.id}`, adForm());
    expect(res.body).toMatchObject({ status: 'pending', moderationReason: null });
    const queue = await mod.get<QueuePage>('/api/admin/queue');
    expect(queue.body.total).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown or malformed ad id', async () => {
    expect((await mod.post(`/api/admin/ads/${crypto.randomUUID()}/approve`)).status).toBe(404);
    expect((await mod.post('/api/admin/ads/not-a-uuid/approve')).status).toBe(404);
  });
});

describe('featured', () => {
  it('marks an approved ad featured (the card says so) and takes the mark away', async () => {
    const { user } = await owner();
    const ad = await createAd(ctx, user, { status: 'approved', title: 'Lunetă Zeiss evidențiată' });
    const res = await mod.post<AdModerationResult>(`/api/admin/ads/${ad.id}/feature`);
    expect(res.body).toEqual({ id: ad.id, status: 'approved', featured: true, moderationReason: null });
    const card = async () =>
      (await createClient(ctx).get<AdPage>('/api/ads?limit=48&q=Zeiss')).body.items.find(
        (i) => i.id === ad.id,
      );
    expect((await card())?.featured).toBe(true);
    expect((await mod.post(`/api/admin/ads/${ad.id}/feature`)).status).toBe(409);

    expect((await mod.post<AdModerationResult>(`/api/admin/ads/${ad.id}/unfeature`)).body.featured).toBe(
      false,
    );
    expect((await card())?.featured).toBe(false);
    expect((await mod.post(`/api/admin/ads/${ad.id}/unfeature`)).status).toBe(409);
    expect((await auditOf(ad.id)).map((row) => row.action)).toEqual(['ad.feature', 'ad.unfeature']);
  });

  it('is refused for ads that are not approved', async () => {
    const { user } = await owner();
    for (const status of ['pending', 'needs_changes', 'rejected', 'expired'] as const) {
      const ad = await createAd(ctx, user, { status });
      expect((await mod.post(`/api/admin/ads/${ad.id}/feature`)).status).toBe(409);
    }
  });
});

describe('audit trail', () => {
  it('shows every action to admin.super, newest first; the rows cannot be changed or deleted', async () => {
    const { user } = await owner();
    const ad = await createAd(ctx, user, { status: 'pending' });
    await mod.post(`/api/admin/ads/${ad.id}/approve`);
    await mod.post(`/api/admin/ads/${ad.id}/feature`);
    const res = await superClient.get<AuditPage>('/api/admin/audit');
    expect(res.status).toBe(200);
    expect(res.body.items.slice(0, 2)).toMatchObject([
      { action: 'ad.feature', targetId: ad.id, actorId: moderator.id, statusBefore: 'approved' },
      {
        action: 'ad.approve',
        targetId: ad.id,
        targetType: 'ad',
        statusBefore: 'pending',
        statusAfter: 'approved',
      },
    ]);
    expect(res.body.items[0]!.targetLabel).toBe(
      (await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id)))[0]!.title,
    );

    // A moderator may not read it: as far as they know there is nothing there.
    expect((await mod.get('/api/admin/audit')).status).toBe(404);

    const first = res.body.items[0]!.id;
    await expect(
      ctx.database.db.update(moderationActions).set({ reason: 'x' }).where(eq(moderationActions.id, first)),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.delete(moderationActions).where(eq(moderationActions.id, first)),
    ).rejects.toThrow();
  });

  it('pages with a cursor', async () => {
    const { user } = await owner();
    for (let i = 0; i < 31; i++) {
      const ad = await createAd(ctx, user, { status: 'pending' });
      await mod.post(`/api/admin/ads/${ad.id}/approve`);
    }
    const first = await superClient.get<AuditPage>('/api/admin/audit');
    expect(first.body.items).toHaveLength(30);
    const second = await superClient.get<AuditPage>(`/api/admin/audit?cursor=${first.body.nextCursor}`);
    expect(second.body.items.length).toBeGreaterThan(0);
    const ids = [...first.body.items, ...second.body.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the owner's mail about a decision", () => {
  const mailJobsTo = (to: string) =>
    ctx.services.queue.boss.findJobs(QUEUES.mail, { data: { message: { to } } });

  it('tells a Romanian owner what to change, with the reason and a link to the edit form', async () => {
    const { user } = await owner();
    const ad = await createAd(ctx, user, { status: 'pending', title: 'Glock 17 Gen5' });
    const reason = 'Pozele sunt neclare; adaugă una cu seria armei.';
    expect((await mod.post(`/api/admin/ads/${ad.id}/request-changes`, { reason })).status).toBe(200);

    const mail = await ctx.mail.waitFor(user.email);
    expect(mail.subject).toBe('Anunțul „Glock 17 Gen5” are nevoie de modificări');
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(`Bună, ${user.firstName},`);
    expect(linkIn(mail, TEST_ORIGIN)).toBe(`${TEST_ORIGIN}/ad/${ad.id}/edit`);
    expect(mail.html).toContain('Pozele sunt neclare');
  });

  it('writes to an English owner in English: approval links to the ad, rejection carries the reason', async () => {
    const user = await createUser(ctx, { locale: 'en' });
    const ad = await createAd(ctx, user, { status: 'pending', title: 'Tikka T3x Hunter' });
    expect((await mod.post(`/api/admin/ads/${ad.id}/approve`)).status).toBe(200);
    const approved = await ctx.mail.waitFor(user.email);
    expect(approved.subject).toBe('Your ad “Tikka T3x Hunter” is published');
    expect(linkIn(approved, TEST_ORIGIN)).toBe(`${TEST_ORIGIN}/ad/${ad.id}`);
    expect(approved.text).not.toContain("The moderator's reason");

    const reason = 'The serial number shows in the photos.';
    expect((await mod.post(`/api/admin/ads/${ad.id}/reject`, { reason })).status).toBe(200);
    const rejected = await ctx.mail.waitFor(user.email, (m) => m.subject.includes('rejected'));
    expect(rejected.subject).toBe('Your ad “Tikka T3x Hunter” was rejected');
    expect(rejected.text.replace(/\r\n/g, '\n')).toContain(`The moderator's reason:\n${reason}`);
    expect(linkIn(rejected, TEST_ORIGIN)).toBe(`${TEST_ORIGIN}/dashboard/listings`);
    expect(ctx.mail.mails.filter((m) => m.to.includes(user.email))).toHaveLength(2);
  });

  it('mails a take-down of a reported ad as a rejection; featuring and refused actions mail nobody', async () => {
    const { user } = await owner();
    const ad = await createAd(ctx, user, { status: 'approved' });
    expect((await mod.post(`/api/admin/ads/${ad.id}/feature`)).status).toBe(200);
    expect((await mod.post(`/api/admin/ads/${ad.id}/approve`)).status).toBe(409);
    expect(await mailJobsTo(user.email)).toEqual([]);

    const reason = 'Anunțul încalcă regulile site-ului.';
    expect((await mod.post(`/api/admin/ads/${ad.id}/take-down`, { reason })).status).toBe(200);
    const mail = await ctx.mail.waitFor(user.email);
    expect(mail.subject).toContain('a fost respins');
    expect(mail.text).toContain(reason);
    expect(await mailJobsTo(user.email)).toHaveLength(1);
  });

  it('sends nothing to a deactivated owner', async () => {
    const { user } = await owner();
    const ad = await createAd(ctx, user, { status: 'approved' });
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, user.id));
    expect((await mod.post(`/api/admin/ads/${ad.id}/reject`, { reason: 'Încalcă regulile.' })).status).toBe(
      200,
    );
    expect(await mailJobsTo(user.email)).toEqual([]);
  });
});
