import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdModerationResult, QueuePage } from '../../common/schemas/admin';
import type { AdDetail, AdEditResult, AdPage, MyAds, UploadResult } from '../../common/schemas/ads';
import { adImages, adRevisions } from '../db/schema/ads';
import { moderationActions } from '../db/schema/interactions';
import { adForm, sendUpload, testPhoto } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness';
import { linkIn } from '../test/mail-capture';
import { collectOrphanUploads } from './orphans';

// Issue 26, item 14: editing a published ad keeps the approved version public while the edit waits.

let ctx: TestContext;
let mod: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  mod = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };
let sequence = 0;

/** A seller's weapon ad, posted through the API and approved by the moderator. */
async function publishedAd(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const user: TestUser = await createUser(ctx, { locale: 'en' });
  const client = await signedInClient(ctx, user);
  const form = adForm({ title: `Carabină Sako publicată ${sequence}`, price: 5000, ...overrides });
  const posted = await client.post<AdDetail>('/api/ads', form);
  expect(posted.status).toBe(201);
  expect((await mod.post(`/api/admin/ads/${posted.body.id}/approve`)).status).toBe(200);
  await ctx.mail.waitFor(user.email);
  return { user, client, id: posted.body.id, form };
}

const visitor = () => createClient(ctx);
const publicAd = (id: string) => visitor().get<AdDetail>(`/api/ads/${id}`);
const searchIds = async (q: string) =>
  (await visitor().get<AdPage>(`/api/ads?q=${encodeURIComponent(q)}&limit=48`)).body.items.map((i) => i.id);
const queueItem = async (id: string, view = 'waiting') =>
  (await mod.get<QueuePage>(`/api/admin/queue?view=${view}`)).body.items.find((item) => item.id === id);

describe('editing a published ad', () => {
  it('keeps the approved version public (page, browse, search) while the edit waits; approve applies it', async () => {
    const { user, client, id, form } = await publishedAd();
    const edit = await client.put<AdEditResult>(`/api/ads/${id}`, {
      ...form,
      title: 'Carabină Sako Quad schimbată',
      declaration: false,
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ editOutcome: 'review', status: 'approved', title: form.title });
    expect(edit.body.revision).toMatchObject({
      status: 'pending',
      values: { title: 'Carabină Sako Quad schimbată' },
    });

    // The public still sees the approved version everywhere.
    const page = await publicAd(id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ title: form.title, status: 'approved', revision: null });
    expect(await searchIds('Quad')).not.toContain(id);
    expect(await searchIds(form.title)).toContain(id);
    const browse = await visitor().get<AdPage>('/api/ads?limit=48&category=long-guns');
    expect(browse.body.items.find((item) => item.id === id)?.title).toBe(form.title);
    // The owner's list says an edit is waiting.
    const mine = await client.get<MyAds>('/api/me/ads');
    expect(mine.body.items.find((item) => item.id === id)).toMatchObject({
      status: 'approved',
      revision: { status: 'pending', moderationReason: null },
    });

    // The moderator sees what changed, field by field.
    const item = await queueItem(id);
    expect(item).toMatchObject({
      kind: 'revision',
      title: 'Carabină Sako Quad schimbată',
      changes: [{ field: 'title', before: form.title, after: 'Carabină Sako Quad schimbată' }],
    });
    // The ad itself is not approved again: its edit is.
    expect((await mod.post<ErrorBody>(`/api/admin/ads/${id}/approve`)).status).toBe(409);
    const approved = await mod.post<AdModerationResult>(`/api/admin/ads/${id}/revision/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');

    expect((await publicAd(id)).body.title).toBe('Carabină Sako Quad schimbată');
    expect(await searchIds('Quad')).toContain(id);
    expect(await queueItem(id)).toBeUndefined();
    expect(await ctx.database.db.select().from(adRevisions).where(eq(adRevisions.adId, id))).toEqual([]);
    const mail = await ctx.mail.waitFor(user.email, (m) => m.subject.startsWith('The changes'));
    expect(mail.subject).toBe('The changes to your ad “Carabină Sako Quad schimbată” are approved');
    expect((await mod.post(`/api/admin/ads/${id}/revision/approve`)).status).toBe(409);
  });

  it('puts a lower price live at once, without review; a higher one waits', async () => {
    const { client, id, form } = await publishedAd();
    const lower = await client.put<AdEditResult>(`/api/ads/${id}`, { ...form, price: 4200 });
    expect(lower.body.editOutcome).toBe('live');
    expect((await publicAd(id)).body.price).toBe(4200);
    expect(await queueItem(id)).toBeUndefined();

    const higher = await client.put<AdEditResult>(`/api/ads/${id}`, { ...form, price: 6000 });
    expect(higher.body.editOutcome).toBe('review');
    expect((await publicAd(id)).body.price).toBe(4200);
    expect((await queueItem(id))?.changes).toEqual([{ field: 'price', before: 4200, after: 6000 }]);

    // A lower price with another change: the price at once, the rest after review.
    const both = await client.put<AdEditResult>(`/api/ads/${id}`, {
      ...form,
      price: 3900,
      description: 'Descriere nouă, cu mai multe detalii despre lunetă și încărcătoare.',
    });
    expect(both.body.editOutcome).toBe('liveAndReview');
    const now = await publicAd(id);
    expect(now.body.price).toBe(3900);
    expect(now.body.description).toBe(form.description);
    expect((await queueItem(id))?.changes?.map((change) => change.field)).toEqual(['description']);

    // Saving the public version again leaves nothing waiting.
    const back = await client.put<AdEditResult>(`/api/ads/${id}`, { ...form, price: 3900 });
    expect(back.body.editOutcome).toBe('unchanged');
    expect(await queueItem(id)).toBeUndefined();
  });

  it('reject keeps the public version and tells the seller; request-changes waits on the seller until resubmitted', async () => {
    const { user, client, id, form } = await publishedAd();
    await client.put(`/api/ads/${id}`, { ...form, model: '457 Varmint', declaration: true });
    const rejected = await mod.post(`/api/admin/ads/${id}/revision/reject`, {
      reason: 'Modelul nu corespunde',
    });
    expect(rejected.status).toBe(200);
    expect((await publicAd(id)).body).toMatchObject({ status: 'approved', model: form.model });
    const rejectMail = await ctx.mail.waitFor(user.email, (m) => m.subject.endsWith('were rejected'));
    expect(rejectMail.subject).toBe(`The changes to your ad “${form.title}” were rejected`);
    expect(rejectMail.text).toContain('Modelul nu corespunde');

    await client.put(`/api/ads/${id}`, { ...form, model: '457 Varmint', declaration: true });
    const asked = await mod.post(`/api/admin/ads/${id}/revision/request-changes`, {
      reason: 'Adăugați o poză cu seria',
    });
    expect(asked.status).toBe(200);
    const askMail = await ctx.mail.waitFor(user.email, (m) => m.subject.endsWith('need adjustments'));
    expect(linkIn(askMail, TEST_ORIGIN)).toBe(`${TEST_ORIGIN}/ad/${id}/edit`);
    // Waiting on the seller: out of the waiting list and its count, refused if approved.
    expect(await queueItem(id)).toBeUndefined();
    expect(await queueItem(id, 'seller')).toMatchObject({ kind: 'revision', status: 'needs_changes' });
    expect((await mod.post<ErrorBody>(`/api/admin/ads/${id}/revision/approve`)).status).toBe(409);
    // The edit page (owner's detail) has the moderator's reason; the public has none of it.
    const own = await client.get<AdDetail>(`/api/ads/${id}`);
    expect(own.body.revision).toMatchObject({
      status: 'needs_changes',
      moderationReason: 'Adăugați o poză cu seria',
    });
    expect((await publicAd(id)).body).toMatchObject({ model: form.model, revision: null });

    // Resubmitting puts it back in the waiting list.
    await client.put(`/api/ads/${id}`, { ...form, model: '457 Varmint', declaration: true });
    expect(await queueItem(id)).toMatchObject({ kind: 'revision', status: 'pending' });
    expect((await mod.post(`/api/admin/ads/${id}/revision/approve`)).status).toBe(200);
    expect((await publicAd(id)).body.model).toBe('457 Varmint');
    const audit = await ctx.database.db
      .select({ action: moderationActions.action })
      .from(moderationActions)
      .where(eq(moderationActions.targetId, id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['ad.revision_reject', 'ad.revision_request_changes', 'ad.revision_approve']),
    );
  });

  it("keeps an edit's new photo until approval, then swaps the photos", async () => {
    const { client, id, form } = await publishedAd();
    const upload = await sendUpload(ctx, client, await testPhoto());
    const photo = upload.body as UploadResult;
    const edit = await client.put<AdEditResult>(`/api/ads/${id}`, { ...form, imageIds: [photo.id] });
    expect(edit.body.editOutcome).toBe('review');
    expect((await publicAd(id)).body.images).toEqual([]);
    expect(edit.body.revision?.images.map((image) => image.id)).toEqual([photo.id]);
    expect((await queueItem(id))?.changes).toEqual([{ field: 'images', before: 0, after: 1 }]);
    // The orphan collector leaves the waiting edit's upload alone, however old.
    await collectOrphanUploads(ctx.services, -60_000);
    expect(await ctx.database.db.select().from(adImages).where(eq(adImages.id, photo.id))).toHaveLength(1);

    expect((await mod.post(`/api/admin/ads/${id}/revision/approve`)).status).toBe(200);
    expect((await publicAd(id)).body.images.map((image) => image.id)).toEqual([photo.id]);
  });

  it('refuses what is not an edit waiting: unknown ads 404, ads without an edit 409, short reasons 400', async () => {
    const { id } = await publishedAd();
    expect((await mod.post(`/api/admin/ads/${crypto.randomUUID()}/revision/approve`)).status).toBe(404);
    expect((await mod.post(`/api/admin/ads/${id}/revision/approve`)).status).toBe(409);
    const short = await mod.post<ErrorBody>(`/api/admin/ads/${id}/revision/reject`, { reason: 'no' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toMatch(/^reason: /);
  });

  it('takes a pending ad back to review in place, as before', async () => {
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    const posted = await client.post<AdDetail>('/api/ads', adForm());
    const edit = await client.put<AdEditResult>(
      `/api/ads/${posted.body.id}`,
      adForm({ title: 'Titlu nou de test' }),
    );
    expect(edit.body).toMatchObject({
      editOutcome: 'resubmit',
      status: 'pending',
      title: 'Titlu nou de test',
    });
  });
});

describe('publication date and price (issue 26, items 16 and 22)', () => {
  it('is set when a moderator approves, not at creation; renewal keeps it', async () => {
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    const posted = await client.post<AdDetail>('/api/ads', adForm({ title: 'Pistol CZ data publicării' }));
    expect(posted.body.publishedAt).toBeNull();
    const before = Date.now();
    await mod.post(`/api/admin/ads/${posted.body.id}/approve`);
    const detail = await publicAd(posted.body.id);
    const published = Date.parse(detail.body.publishedAt ?? '');
    expect(published).toBeGreaterThanOrEqual(before - 1000);
    expect(published).toBeGreaterThanOrEqual(Date.parse(detail.body.createdAt));
    const card = (await visitor().get<AdPage>('/api/ads?limit=48')).body.items.find(
      (item) => item.id === posted.body.id,
    );
    expect(card?.publishedAt).toBe(detail.body.publishedAt);
    expect((await client.post(`/api/ads/${posted.body.id}/renew`)).status).toBe(200);
    expect((await publicAd(posted.body.id)).body.publishedAt).toBe(detail.body.publishedAt);
  });

  it('requires a price above zero', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    for (const price of ['', null, undefined]) {
      const res = await client.post<ErrorBody>('/api/ads', adForm({ price }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('price: Enter the price, in RON');
    }
    for (const price of [0, '0', -5, 'abc']) {
      const res = await client.post<ErrorBody>('/api/ads', adForm({ price }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('price: Price must be positive');
    }
  });
});
