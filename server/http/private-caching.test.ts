import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAd, createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

/** Answers that depend on who asks must never be kept by a browser's history, a proxy or a CDN. */
let ctx: TestContext;
let seller: TestUser;
let buyer: TestClient;
let moderator: TestClient;
let adId: string;
let conversationId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await createUser(ctx);
  adId = (await createAd(ctx, seller)).id;
  await approveAd(ctx, adId);
  buyer = await signedInClient(ctx, await createUser(ctx));
  const sent = await buyer.post<{ conversationId: string }>(`/api/ads/${adId}/messages`, {
    attestation: true,
    body: 'Mai este disponibil?',
  });
  conversationId = sent.body.conversationId;
  moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
});
afterAll(() => ctx.close());

const noStore = (headers: Headers) => headers.get('cache-control') === 'no-store';

describe('Cache-Control: no-store on personal answers', () => {
  it.each([
    '/api/me',
    '/api/me/ads',
    '/api/me/favorites',
    '/api/me/favorites/ids',
    '/api/me/overview',
    '/api/me/unread',
    '/api/conversations',
    '/api/auth/get-session',
  ])('GET %s of a signed-in user', async (path) => {
    const res = await buyer.get(path);
    expect(res.status).toBe(200);
    expect(noStore(res.headers)).toBe(true);
  });

  it('a conversation', async () => {
    const res = await buyer.get(`/api/conversations/${conversationId}`);
    expect(res.status).toBe(200);
    expect(noStore(res.headers)).toBe(true);
  });

  it('the caller’s conversation about an ad', async () => {
    const res = await buyer.get(`/api/ads/${adId}/conversation`);
    expect(res.status).toBe(200);
    expect(noStore(res.headers)).toBe(true);
  });

  it('an ad shown with the seller’s e-mail to a signed-in user, but not the public ad a visitor sees', async () => {
    const signedIn = await buyer.get<{ seller: { email: string | null } }>(`/api/ads/${adId}`);
    expect(signedIn.body.seller.email).toBe(seller.email);
    expect(noStore(signedIn.headers)).toBe(true);
    const visitor = await createClient(ctx).get<{ seller: { email: string | null } }>(`/api/ads/${adId}`);
    expect(visitor.body.seller.email).toBeNull();
    expect(noStore(visitor.headers)).toBe(false);
  });

  it('the sign-in answer that sets the session cookie', async () => {
    const person = await createUser(ctx);
    const res = await createClient(ctx).post('/api/auth/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(res.status).toBe(200);
    expect(noStore(res.headers)).toBe(true);
  });

  it.each(['/api/admin/queue', '/api/admin/reports', '/api/admin/users'])(
    'GET %s of a moderator',
    async (path) => {
      const res = await moderator.get(path);
      expect(res.status).toBe(200);
      expect(noStore(res.headers)).toBe(true);
    },
  );

  it('refusals of personal routes too', async () => {
    expect(noStore((await createClient(ctx).get('/api/me')).headers)).toBe(true);
    expect(noStore((await createClient(ctx).get('/api/admin/queue')).headers)).toBe(true);
  });

  it('not the public list a visitor sees', async () => {
    const res = await createClient(ctx).get('/api/ads');
    expect(res.status).toBe(200);
    expect(noStore(res.headers)).toBe(false);
  });
});
