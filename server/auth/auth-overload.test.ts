import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { poolUse } from '../db/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { CONCURRENT_HASHES, hashQueue } from './password-hashing';

// Hoisted above the imports, so password-hashing.ts reads it: two waiting sign-ins at most.
vi.hoisted(() => {
  process.env.PASSWORD_HASH_QUEUE = '2';
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx?.close());

/** Keeps every hashing slot busy until `open`, as a burst's first sign-ins would. */
function occupyHashing() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const held = Promise.all(Array.from({ length: CONCURRENT_HASHES }, () => hashQueue.run(() => opened)));
  return {
    open: async () => {
      open();
      await held;
    },
  };
}

const signIn = (i: number, init: { signal?: AbortSignal } = {}) =>
  ctx.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.32.5.${i}` },
    body: JSON.stringify({ email: `nimeni-${i}-${Date.now()}@example.ro`, password: 'parola-gresita-1' }),
    signal: init.signal,
  });

describe('a burst of sign-ins (issue 32, item 5)', () => {
  it('answers those past the queue’s bound at once with 503 and Retry-After, the rest in turn', async () => {
    const hashing = occupyHashing();
    const settled: number[] = [];
    const burst = Array.from({ length: 6 }, (_, i) =>
      signIn(i).then((res) => {
        settled.push(i);
        return res;
      }),
    );
    // Four are refused while the hashing slots are still held: they waited for nothing.
    await vi.waitFor(() => expect(settled).toHaveLength(4), { timeout: 60_000, interval: 50 });
    expect(hashQueue.stats().waiting).toBe(2);
    // Other requests keep flowing meanwhile.
    expect((await ctx.request('/api/ads')).status).toBe(200);
    await hashing.open();
    const answers = await Promise.all(burst);
    const refused = answers.filter((res) => res.status === 503);
    expect(refused).toHaveLength(4);
    for (const res of refused) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('busy');
    }
    expect(answers.filter((res) => res.status === 401)).toHaveLength(2);
  }, 120_000);

  it('never hashes the password of a sign-in whose client went away', async () => {
    const hashing = occupyHashing();
    const startedBefore = hashQueue.stats().started;
    const client = new AbortController();
    const abandoned = signIn(50, { signal: client.signal }).catch(() => null);
    await vi.waitFor(() => expect(hashQueue.stats().waiting).toBe(1), { timeout: 60_000, interval: 50 });
    client.abort();
    await vi.waitFor(() => expect(hashQueue.stats().waiting).toBe(0), { timeout: 10_000, interval: 20 });
    await hashing.open();
    await abandoned;
    expect(hashQueue.stats()).toMatchObject({ active: 0, waiting: 0, started: startedBefore });
  }, 120_000);
});

describe('a session lookup when the database pool is exhausted (issue 32, item 6)', () => {
  it.runIf(process.env.TEST_DB === 'pg')(
    'answers 503 database_unavailable with Retry-After, not 500, and serves again once the pool frees',
    async () => {
      const seller = await signedInClient(ctx, await createUser(ctx));
      expect((await seller.get('/api/me')).status).toBe(200);
      // Every connection sleeps past the pool's 5 s wait and the 2 s ping (drizzle's queries start when awaited).
      const max = poolUse(ctx.database.db)?.max ?? 0;
      const holders = Array.from({ length: max }, () =>
        Promise.resolve(ctx.database.db.execute(sql`select pg_sleep(15)`)),
      );
      await vi.waitFor(() => expect(poolUse(ctx.database.db)).toMatchObject({ total: max, idle: 0 }), {
        timeout: 30_000,
      });
      const res = await seller.get<{ error: { code: string } }>('/api/me');
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('database_unavailable');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      await Promise.all(holders);
      expect((await seller.get('/api/me')).status).toBe(200);
    },
    120_000,
  );
});
