import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavoriteIds, FavoriteList } from '../../common/schemas/favorites';
import { ads } from '../db/schema/ads';
import { favorites } from '../db/schema/interactions';
import { profiles } from '../db/schema/profiles';
import { rateLimits } from '../db/schema/rate-limits';
import { FAVORITE_WRITES } from '../interactions/favorites';
import { createAd, uploadPhoto } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function person(): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
}

const rowsOf = (userId: string) =>
  ctx.database.db.select().from(favorites).where(eq(favorites.userId, userId));

describe('favorites', () => {
  it('saves and forgets an ad, both idempotent, and lists it as a card with the seller', async () => {
    const seller = await person();
    const { user, client } = await person();
    const photo = await uploadPhoto(ctx, seller.client);
    const created = await seller.client.post<{ id: string }>('/api/ads', {
      title: 'Lunetă Swarovski Z8i',
      description: 'Lunetă în stare perfectă, folosită un sezon, cu capace.',
      category: 'optics',
      condition: 'like-new',
      price: '9000',
      location: 'Brașov',
      county: 'BV',
      imageIds: [photo.id],
    });
    await ctx.database.db.update(ads).set({ status: 'approved' }).where(eq(ads.id, created.body.id));
    const adId = created.body.id;

    expect((await client.put(`/api/me/favorites/${adId}`, {})).status).toBe(204);
    expect((await client.put(`/api/me/favorites/${adId}`, {})).status).toBe(204);
    expect(await rowsOf(user.id)).toHaveLength(1);

    const list = await client.get<FavoriteList>('/api/me/favorites');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      id: adId,
      title: 'Lunetă Swarovski Z8i',
      price: 9000,
      status: 'approved',
      image: { id: photo.id },
      // As the seller's page names them (issue 26, item 32): never the full last name.
      seller: { id: seller.user.id, displayName: `${seller.user.firstName} P.` },
    });
    expect((await client.get<FavoriteIds>('/api/me/favorites/ids')).body).toEqual({ ids: [adId] });

    expect((await client.delete(`/api/me/favorites/${adId}`)).status).toBe(204);
    expect((await client.delete(`/api/me/favorites/${adId}`)).status).toBe(204);
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await client.get<FavoriteList>('/api/me/favorites')).body.items).toEqual([]);
  });

  it('lists the last saved first, only listed ads, and ignores rows without an ad', async () => {
    const seller = await person();
    const quitter = await person();
    const { user, client } = await person();
    const older = await createAd(ctx, seller.user);
    const newer = await createAd(ctx, seller.user);
    const hidden = await createAd(ctx, seller.user);
    const orphaned = await createAd(ctx, quitter.user);
    for (const ad of [older, newer, hidden, orphaned]) {
      expect((await client.put(`/api/me/favorites/${ad.id}`, {})).status).toBe(204);
    }
    await ctx.database.db
      .update(favorites)
      .set({ createdAt: new Date('2025-01-01') })
      .where(and(eq(favorites.userId, user.id), eq(favorites.adId, older.id)));
    await ctx.database.db.update(ads).set({ status: 'rejected' }).where(eq(ads.id, hidden.id));
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, quitter.user.id));
    await ctx.database.db.insert(favorites).values({ userId: user.id, adId: null });

    const list = await client.get<FavoriteList>('/api/me/favorites');
    expect(list.body.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    const ids = (await client.get<FavoriteIds>('/api/me/favorites/ids')).body.ids;
    expect(ids).not.toContain(null);
    expect(ids).toHaveLength(4);

    // A saved ad that was since hidden can still be forgotten.
    expect((await client.delete(`/api/me/favorites/${hidden.id}`)).status).toBe(204);
    expect((await rowsOf(user.id)).map((row) => row.adId)).not.toContain(hidden.id);
  });

  it('refuses ads that are not listed, and visitors', async () => {
    const seller = await person();
    const { client } = await person();
    const pending = await createAd(ctx, seller.user, { status: 'pending' });
    expect((await client.put(`/api/me/favorites/${pending.id}`, {})).status).toBe(404);
    expect((await client.put(`/api/me/favorites/${crypto.randomUUID()}`, {})).status).toBe(404);
    expect((await client.put('/api/me/favorites/not-a-uuid', {})).status).toBe(404);
    // The owner sees their pending ad, but cannot save it before it is listed either.
    expect((await seller.client.put(`/api/me/favorites/${pending.id}`, {})).status).toBe(404);

    const visitor = createClient(ctx);
    const listed = await createAd(ctx, seller.user);
    expect((await visitor.put(`/api/me/favorites/${listed.id}`, {})).status).toBe(401);
    expect((await visitor.delete(`/api/me/favorites/${listed.id}`)).status).toBe(401);
    expect((await visitor.get('/api/me/favorites')).status).toBe(401);
    expect((await visitor.get('/api/me/favorites/ids')).status).toBe(401);
  });

  it('keeps each user’s favorites their own: nobody else reads or removes them', async () => {
    const seller = await person();
    const alice = await person();
    const bob = await person();
    const ad = await createAd(ctx, seller.user);
    await alice.client.put(`/api/me/favorites/${ad.id}`, {});

    expect((await bob.client.get<FavoriteList>('/api/me/favorites')).body.items).toEqual([]);
    expect((await bob.client.get<FavoriteIds>('/api/me/favorites/ids')).body.ids).toEqual([]);
    expect((await bob.client.delete(`/api/me/favorites/${ad.id}`)).status).toBe(204);
    expect(await rowsOf(alice.user.id)).toHaveLength(1);
    expect((await alice.client.get<FavoriteList>('/api/me/favorites')).body.items).toHaveLength(1);
  });

  it('limits how often a user saves and forgets', async () => {
    const seller = await person();
    const { user, client } = await person();
    const ad = await createAd(ctx, seller.user);
    // Start just under the allowance rather than sending hundreds of requests.
    await ctx.database.db.insert(rateLimits).values({
      key: `favorite:user:${user.id}`,
      count: FAVORITE_WRITES.max - 1,
      resetAt: new Date(Date.now() + 3600_000),
    });
    expect((await client.put(`/api/me/favorites/${ad.id}`, {})).status).toBe(204);
    expect((await client.delete(`/api/me/favorites/${ad.id}`)).status).toBe(429);
  });
});
