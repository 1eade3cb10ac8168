import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { adForm, approveAd, createAd } from '../test/ad-factories';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext } from '../test/harness';
import { createMicroCache } from './micro-cache';

function appWithCounter(ttlMs = 1000, delayMs = 0) {
  const cache = createMicroCache({ ttlMs, maxEntries: 2, keepsLists: (path) => path === '/message' });
  let calls = 0;
  const app = new Hono();
  app.use('*', cache.invalidateOnWrite);
  app.use('/list', cache.middleware);
  app.get('/list', async (c) => {
    calls += 1;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (c.req.query('fail')) return c.json({ error: { code: 'x', message: 'x' } }, 400);
    return c.json({ calls, q: c.req.query('q') ?? null });
  });
  app.post('/write', (c) => c.json({ ok: true }));
  app.post('/message', (c) => c.json({ ok: true }));
  app.post('/refused', (c) => c.json({ ok: false }, 403));
  return { app, calls: () => calls };
}

describe('micro-cache', () => {
  it('answers the same query from memory within the TTL, whatever the parameter order', async () => {
    const { app, calls } = appWithCounter();
    const first = await app.request('/list?q=glock&sort=newest');
    const second = await app.request('/list?sort=newest&q=glock');
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(calls()).toBe(1);
    await app.request('/list?q=other');
    expect(calls()).toBe(2);
  });

  it('computes identical concurrent requests once', async () => {
    const { app, calls } = appWithCounter(1000, 30);
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.request('/list?q=same')));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(calls()).toBe(1);
  });

  it('with a TTL of 0 neither remembers nor shares: every request is computed', async () => {
    const { app, calls } = appWithCounter(0, 30);
    await Promise.all(Array.from({ length: 5 }, () => app.request('/list?q=same')));
    await app.request('/list?q=same');
    expect(calls()).toBe(6);
  });

  it('forgets everything after a successful write, not after a refused one', async () => {
    const { app, calls } = appWithCounter();
    await app.request('/list');
    await app.request('/refused', { method: 'POST' });
    await app.request('/list');
    expect(calls()).toBe(1);
    await app.request('/write', { method: 'POST' });
    await app.request('/list');
    expect(calls()).toBe(2);
  });

  it('keeps the lists through writes declared unable to change them', async () => {
    const { app, calls } = appWithCounter();
    await app.request('/list');
    await app.request('/message', { method: 'POST' });
    await app.request('/list');
    expect(calls()).toBe(1);
  });

  it('expires entries after the TTL and never keeps errors', async () => {
    const { app, calls } = appWithCounter(20);
    await app.request('/list');
    await new Promise((resolve) => setTimeout(resolve, 40));
    await app.request('/list');
    expect(calls()).toBe(2);
    await app.request('/list?fail=1');
    await app.request('/list?fail=1');
    expect(calls()).toBe(4);
  });

  it('keeps at most maxEntries', async () => {
    const { app, calls } = appWithCounter();
    for (const q of ['a', 'b', 'c', 'a']) await app.request(`/list?q=${q}`);
    expect(calls()).toBe(4);
  });
});

describe('the list cache in the app', () => {
  it('survives sign-ins, messages and favorites, and is emptied by an ad being posted', async () => {
    const ctx = await createTestContext({ LIST_CACHE_MS: '60000' });
    try {
      const seller = await createUser(ctx);
      const ad = await createAd(ctx, seller);
      await approveAd(ctx, ad.id);
      const cacheState = async () => (await ctx.request('/api/ads?sort=newest')).headers.get('x-cache');

      await cacheState();
      expect(await cacheState()).toBe('hit');
      const buyer = await signedInClient(ctx, await createUser(ctx));
      expect(
        (await buyer.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Mai este disponibil?' }))
          .status,
      ).toBe(201);
      expect((await buyer.put(`/api/me/favorites/${ad.id}`, {})).status).toBeLessThan(300);
      expect(await cacheState()).toBe('hit');

      const sellerClient = await signedInClient(ctx, seller);
      expect((await sellerClient.post('/api/ads', adForm())).status).toBe(201);
      expect(await cacheState()).toBeNull();
    } finally {
      await ctx.close();
    }
  });
});
