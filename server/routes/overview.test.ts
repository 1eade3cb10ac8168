import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAds } from '../../common/schemas/ads';
import type { Overview } from '../../common/schemas/overview';
import { createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/me/overview', () => {
  it('counts the caller’s own listings, pending ones, unread messages and listed favorites only', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx);
    const client = await signedInClient(ctx, me);
    const otherClient = await signedInClient(ctx, other);
    expect((await client.get<Overview>('/api/me/overview')).body).toEqual({
      totalListings: 0,
      pendingReview: 0,
      unreadMessages: 0,
      favorites: 0,
    });

    const mine = await createAd(ctx, me);
    await createAd(ctx, me, { status: 'pending' });
    await createAd(ctx, me, { status: 'rejected' });
    const theirs = await createAd(ctx, other);
    await createAd(ctx, other, { status: 'pending' });
    await otherClient.post(`/api/ads/${mine.id}/messages`, { attestation: true, body: 'Salut' });
    await otherClient.post(`/api/ads/${mine.id}/messages`, { attestation: true, body: 'Mai e?' });
    await client.put(`/api/me/favorites/${theirs.id}`, {});
    await otherClient.put(`/api/me/favorites/${mine.id}`, {});

    expect((await client.get<Overview>('/api/me/overview')).body).toEqual({
      totalListings: 3,
      pendingReview: 1,
      unreadMessages: 2,
      favorites: 1,
    });
    expect((await createClient(ctx).get('/api/me/overview')).status).toBe(401);
  });

  it('shows nobody another user’s listings', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx);
    const theirs = await createAd(ctx, other, { status: 'pending' });
    const client = await signedInClient(ctx, me);
    const mine = await client.get<MyAds>('/api/me/ads');
    expect(mine.body.items.map((item) => item.id)).not.toContain(theirs.id);
    expect((await client.delete(`/api/ads/${theirs.id}`)).status).toBe(404);
    expect((await client.get(`/api/ads/${theirs.id}`)).status).toBe(404);
  });
});
