import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdPage, MyAds } from '../../common/schemas/ads';
import { adImages, ads } from '../db/schema/ads';
import { profiles } from '../db/schema/profiles';
import { adForm, approveAd, createAd, uploadPhoto } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };
const NOT_FOUND = { error: { code: 'not_found', message: 'Not found' } };

async function seller(): Promise<{ user: TestUser; client: Awaited<ReturnType<typeof signedInClient>> }> {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
}

const storedFiles = async (key: string) =>
  Promise.all(
    ['card.webp', 'card.jpg', 'large.webp', 'large.jpg'].map((f) =>
      ctx.services.storage.exists(`${key}/${f}`),
    ),
  );
const storageKeyOf = async (imageId: string) =>
  (await ctx.database.db.select().from(adImages).where(eq(adImages.id, imageId)))[0]?.storageKey;

describe('POST /api/ads', () => {
  it('creates a pending ad owned by the caller, ignoring status, featured and user_id from the client', async () => {
    const { user, client } = await seller();
    const other = await createUser(ctx);
    const res = await client.post<AdDetail>(
      '/api/ads',
      adForm({
        status: 'approved',
        featured: true,
        userId: other.id,
        user_id: other.id,
        createdAt: '2001-01-01',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Carabină CZ 457 .22 LR',
      price: 4500.5,
      category: 'long-guns',
      condition: 'like-new',
      subcategory: null,
      barrelLength: null,
      status: 'pending',
      featured: false,
      userId: user.id,
      images: [],
      image: null,
      moderationReason: null,
      seller: { id: user.id, displayName: `${user.firstName} ${user.lastName[0]}.`, email: user.email },
      can: { edit: true, delete: true, contact: false, moderate: false, report: false },
    });
    expect(Date.now() - Date.parse(res.body.createdAt)).toBeLessThan(60_000);
    const [row] = await ctx.database.db.select().from(ads).where(eq(ads.id, res.body.id));
    expect(row).toMatchObject({ userId: user.id, status: 'pending', featured: false });
  });

  it('attaches the uploaded images in the given order', async () => {
    const { client } = await seller();
    const [a, b, c] = [
      await uploadPhoto(ctx, client),
      await uploadPhoto(ctx, client),
      await uploadPhoto(ctx, client),
    ];
    const res = await client.post<AdDetail>('/api/ads', adForm({ imageIds: [c!.id, a!.id, b!.id] }));
    expect(res.status).toBe(201);
    expect(res.body.images.map((image) => image.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(res.body.image?.id).toBe(c!.id);
    expect(res.body.images[0]).toEqual({
      id: c!.id,
      card: c!.card,
      cardJpeg: c!.cardJpeg,
      large: c!.large,
      largeJpeg: c!.largeJpeg,
    });
  });

  it('answers 400 with the field for invalid input', async () => {
    const { client } = await seller();
    const res = await client.post<ErrorBody>('/api/ads', adForm({ title: 'abc' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'validation_error', message: 'title: Title must be at least 5 characters' },
    });
    const tooMany = await client.post<ErrorBody>(
      '/api/ads',
      adForm({ imageIds: Array.from({ length: 6 }, () => crypto.randomUUID()) }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('imageIds: An ad can have at most 5 images');
  });

  it('refuses images that are unknown, another user’s, repeated or already on an ad, creating nothing', async () => {
    const { user, client } = await seller();
    const { client: otherClient } = await seller();
    const theirs = await uploadPhoto(ctx, otherClient);
    const mine = await uploadPhoto(ctx, client);
    const used = await uploadPhoto(ctx, client);
    expect((await client.post('/api/ads', adForm({ imageIds: [used.id] }))).status).toBe(201);

    for (const imageIds of [[crypto.randomUUID()], [theirs.id], [mine.id, mine.id], [mine.id, used.id]]) {
      const res = await client.post<ErrorBody>('/api/ads', adForm({ imageIds }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { code: 'validation_error', message: 'imageIds: An image is not valid' },
      });
    }
    const owned = await ctx.database.db.select().from(ads).where(eq(ads.userId, user.id));
    expect(owned).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(adImages).where(eq(adImages.id, mine.id));
    expect(row?.adId).toBeNull();
  });

  it('refuses NUL, which PostgreSQL text cannot hold, naming the field (issue 26)', async () => {
    const { client } = await seller();
    const res = await client.post<ErrorBody>('/api/ads', adForm({ title: 'Glock\u0000 17 Gen 5' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'validation_error',
      message: 'title: Keep it on one line, without tabs or invisible control characters',
    });
  });

  it('asks visitors to sign in', async () => {
    const res = await createClient(ctx).post<ErrorBody>('/api/ads', adForm());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});

describe('GET /api/ads/{id}', () => {
  it('names the seller as their page does ("Mihai P."), never with the last name, to visitors and signed-in users', async () => {
    const { user } = await seller();
    const ad = await createAd(ctx, user, { title: 'Beretta 92 FS' });
    const { client: other } = await seller();
    for (const client of [createClient(ctx), other]) {
      const res = await client.get<AdDetail>(`/api/ads/${ad.id}`);
      expect(res.status).toBe(200);
      expect(res.body.seller.displayName).toBe(`${user.firstName} P.`);
      expect(JSON.stringify(res.body)).not.toContain(user.lastName);
    }
  });

  it('shows an approved ad to visitors without the seller’s e-mail, and with it to signed-in users', async () => {
    const { user } = await seller();
    const ad = await createAd(ctx, user, { title: 'Glock 17 Gen 5', caliber: '9x19' });
    const visitor = await createClient(ctx).get<AdDetail>(`/api/ads/${ad.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.seller).toEqual({
      id: user.id,
      displayName: `${user.firstName} P.`,
      email: null,
      dealerName: null,
      rating: null,
      // Issue 30: made just now, its e-mail verified.
      newAccount: true,
      emailVerified: true,
    });
    expect(visitor.body.can).toEqual({
      edit: false,
      delete: false,
      renew: false,
      markSold: false,
      contact: false,
      moderate: false,
      report: true,
      // Issue 28.
      offer: false,
      releaseReservation: false,
    });

    const { client: other } = await seller();
    const signedIn = await other.get<AdDetail>(`/api/ads/${ad.id}`);
    expect(signedIn.body.seller.email).toBe(user.email);
    expect(signedIn.body.can).toEqual({
      edit: false,
      delete: false,
      renew: false,
      markSold: false,
      contact: true,
      moderate: false,
      report: true,
      offer: true,
      releaseReservation: false,
    });
  });

  it('hides a pending ad from everyone but the owner and moderators, as if it did not exist', async () => {
    const { user, client } = await seller();
    const ad = await createAd(ctx, user, { status: 'pending' });
    const { client: other } = await seller();
    const moderatorUser = await createUser(ctx, { role: 'admin.moderator' });
    const moderator = await signedInClient(ctx, moderatorUser);

    expect(await createClient(ctx).get(`/api/ads/${ad.id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await other.get(`/api/ads/${ad.id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await other.get(`/api/ads/${crypto.randomUUID()}`)).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await other.get('/api/ads/not-a-uuid')).toMatchObject({ status: 404, body: NOT_FOUND });

    const own = await client.get<AdDetail>(`/api/ads/${ad.id}`);
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('pending');
    const moderated = await moderator.get<AdDetail>(`/api/ads/${ad.id}`);
    expect(moderated.status).toBe(200);
    expect(moderated.body.can).toEqual({
      edit: false,
      delete: true,
      renew: false,
      markSold: false,
      contact: false,
      moderate: true,
      report: false,
      offer: false,
      releaseReservation: false,
    });
  });

  it('hides the ads of a deactivated user from the public, as removed (410, issue 12)', async () => {
    const { user, client } = await seller();
    const ad = await createAd(ctx, user);
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, user.id));
    expect((await createClient(ctx).get(`/api/ads/${ad.id}`)).status).toBe(410);
    // The owner too: a deactivated account counts as a visitor, even with a session left over.
    expect((await client.get(`/api/ads/${ad.id}`)).status).toBe(410);
  });
});

describe('PUT /api/ads/{id}', () => {
  // An ad that is not public (here: sent back for changes) is edited in place and goes back to review;
  // a published ad keeps its public version while the edit waits (server/ads/ad-revisions.test.ts).
  it('updates an ad sent back for changes, sends it back to review, clears the moderator’s note and keeps created_at', async () => {
    const { user, client } = await seller();
    const created = await createAd(ctx, user, {
      status: 'needs_changes',
      moderationReason: 'old note',
      createdAt: new Date('2024-05-01T08:00:00.123Z'),
    });
    const res = await client.put<AdDetail>(
      `/api/ads/${created.id}`,
      adForm({
        title: 'Titlu nou de anunț',
        price: 99,
        status: 'approved',
        featured: true,
        createdAt: '2030-01-01',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Titlu nou de anunț',
      price: 99,
      status: 'pending',
      featured: false,
      moderationReason: null,
      createdAt: '2024-05-01T08:00:00.123Z',
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse('2024-05-02'));
  });

  it('keeps, reorders and adds images, deleting the removed ones with their files', async () => {
    const { client } = await seller();
    const [a, b, c] = [
      await uploadPhoto(ctx, client),
      await uploadPhoto(ctx, client),
      await uploadPhoto(ctx, client),
    ];
    const created = await client.post<AdDetail>('/api/ads', adForm({ imageIds: [a.id, b.id] }));
    const keyOfA = await storageKeyOf(a.id);
    const res = await client.put<AdDetail>(`/api/ads/${created.body.id}`, adForm({ imageIds: [b.id, c.id] }));
    expect(res.status).toBe(200);
    expect(res.body.images.map((image) => image.id)).toEqual([b.id, c.id]);
    expect(await ctx.database.db.select().from(adImages).where(eq(adImages.id, a.id))).toEqual([]);
    expect(await storedFiles(keyOfA!)).toEqual([false, false, false, false]);
    expect(await storedFiles((await storageKeyOf(b.id))!)).toEqual([true, true, true, true]);
  });

  it('answers 404 to anyone but the owner, moderators included, and changes nothing', async () => {
    const { user } = await seller();
    const ad = await createAd(ctx, user, { status: 'pending', title: 'Original title' });
    const { client: other } = await seller();
    const moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.super' }));
    for (const client of [other, moderator]) {
      expect(await client.put(`/api/ads/${ad.id}`, adForm())).toMatchObject({ status: 404, body: NOT_FOUND });
    }
    expect(await other.put(`/api/ads/${crypto.randomUUID()}`, adForm())).toMatchObject({ status: 404 });
    expect((await createClient(ctx).put(`/api/ads/${ad.id}`, adForm())).status).toBe(401);
    const [row] = await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(row?.title).toBe('Original title');
  });

  it('refuses another user’s image', async () => {
    const { client } = await seller();
    const { client: other } = await seller();
    const created = await client.post<AdDetail>('/api/ads', adForm());
    const theirs = await uploadPhoto(ctx, other);
    const res = await client.put<ErrorBody>(`/api/ads/${created.body.id}`, adForm({ imageIds: [theirs.id] }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('imageIds: An image is not valid');
  });
});

describe('DELETE /api/ads/{id}', () => {
  it('deletes the ad, its image rows and their files', async () => {
    const { client } = await seller();
    const image = await uploadPhoto(ctx, client);
    const created = await client.post<AdDetail>('/api/ads', adForm({ imageIds: [image.id] }));
    const key = await storageKeyOf(image.id);
    expect(await storedFiles(key!)).toEqual([true, true, true, true]);

    const res = await client.delete(`/api/ads/${created.body.id}`);
    expect(res.status).toBe(204);
    expect(await ctx.database.db.select().from(ads).where(eq(ads.id, created.body.id))).toEqual([]);
    expect(await ctx.database.db.select().from(adImages).where(eq(adImages.id, image.id))).toEqual([]);
    expect(await storedFiles(key!)).toEqual([false, false, false, false]);
    expect((await client.get(`/api/ads/${created.body.id}`)).status).toBe(404);
    const media = await ctx.request(image.card);
    expect(media.status).toBe(404);
  });

  it('answers 404 to other users and 401 to visitors; moderators may delete', async () => {
    const { user } = await seller();
    const ad = await createAd(ctx, user);
    const { client: other } = await seller();
    expect(await other.delete(`/api/ads/${ad.id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await createClient(ctx).delete(`/api/ads/${ad.id}`)).status).toBe(401);
    expect(await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id))).toHaveLength(1);

    const moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
    expect((await moderator.delete(`/api/ads/${ad.id}`)).status).toBe(204);
  });
});

describe('GET /api/me/ads', () => {
  it('lists the owner’s ads of every status, newest first, with counts and the moderator’s note', async () => {
    const { user, client } = await seller();
    const { user: other } = await seller();
    const base = Date.parse('2025-01-01T00:00:00Z');
    const approved = await createAd(ctx, user, { createdAt: new Date(base) });
    const pending = await createAd(ctx, user, { status: 'pending', createdAt: new Date(base + 1000) });
    const rejected = await createAd(ctx, user, {
      status: 'rejected',
      moderationReason: 'Fotografii neclare',
      createdAt: new Date(base + 2000),
    });
    await createAd(ctx, other);

    const res = await client.get<MyAds>('/api/me/ads');
    expect(res.status).toBe(200);
    expect(res.body.items.map((item) => [item.id, item.status])).toEqual([
      [rejected.id, 'rejected'],
      [pending.id, 'pending'],
      [approved.id, 'approved'],
    ]);
    expect(res.body.items[0]?.moderationReason).toBe('Fotografii neclare');
    expect(res.body.counts).toEqual({ total: 3, pending: 1 });
    expect((await createClient(ctx).get('/api/me/ads')).status).toBe(401);
  });
});

describe('GET /api/ads', () => {
  it('lists approved ads only, never pending ones or those of deactivated users', async () => {
    const local = await createTestContext();
    try {
      const owner = await createUser(local);
      const quitter = await createUser(local);
      const shown = await createAd(local, owner);
      const pending = await createAd(local, owner, { status: 'pending' });
      await createAd(local, owner, { status: 'rejected' });
      await createAd(local, quitter);
      await local.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, quitter.id));

      const res = await createClient(local).get<AdPage>('/api/ads');
      expect(res.status).toBe(200);
      expect(res.body.items.map((item) => item.id)).toEqual([shown.id]);
      expect(res.body.total).toBe(1);
      expect(res.body.nextCursor).toBeNull();

      await approveAd(local, pending.id);
      const after = await createClient(local).get<AdPage>('/api/ads');
      expect(after.body.total).toBe(2);
      await local.database.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, quitter.id));
      expect((await createClient(local).get<AdPage>('/api/ads')).body.total).toBe(3);
    } finally {
      await local.close();
    }
  });

  it('answers 400 with the error shape for a damaged or foreign cursor', async () => {
    const client = createClient(ctx);
    for (const cursor of ['garbage', 'eyJhIjoxfQ', Buffer.from('["newest","x","y"]').toString('base64url')]) {
      const res = await client.get<ErrorBody>(`/api/ads?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_cursor');
    }
    const priceCursor = Buffer.from(`["price-asc","10.00","${crypto.randomUUID()}"]`).toString('base64url');
    expect((await client.get(`/api/ads?sort=newest&cursor=${priceCursor}`)).status).toBe(400);
    expect((await client.get(`/api/ads?sort=price-asc&cursor=${priceCursor}`)).status).toBe(200);
    expect((await client.get('/api/ads?sort=cheapest')).status).toBe(400);
    expect((await client.get('/api/ads?limit=1000')).status).toBe(400);
  });
});
