import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAd, createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * A mobile carrier's carrier-grade NAT puts many honest people behind one public address. What they do
 * in an ordinary busy stretch must go through; the per-account and per-e-mail limits stop abuse.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let n = 0;
const uniqueEmail = () => `nat${++n}-${Date.now()}@example.ro`;

// Each step hashes a password; a loaded machine needs more than the default 30 s for a crowd of them.
describe('many honest people behind one carrier address', { timeout: 120_000 }, () => {
  it('16 people sign in within a quarter hour, each mistyping the password once', async () => {
    const ip = '100.64.10.1';
    const people = await Promise.all(Array.from({ length: 16 }, () => createUser(ctx)));
    for (const person of people) {
      const browser = createClient(ctx, { ip });
      const typo = await browser.post('/api/auth/sign-in/email', {
        email: person.email,
        password: 'mistyped-password',
      });
      expect(typo.status).toBe(401);
      const ok = await browser.post('/api/auth/sign-in/email', {
        email: person.email,
        password: person.password,
      });
      expect(ok.status).toBe(200);
    }
  });

  it('one account is still protected: its password cannot be guessed from the shared address', async () => {
    const ip = '100.64.10.2';
    const person = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await createClient(ctx, { ip }).post('/api/auth/sign-in/email', {
        email: person.email,
        password: `guess-number-${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('12 people register within an hour', async () => {
    const ip = '100.64.10.3';
    for (let i = 0; i < 12; i++) {
      const res = await createClient(ctx, { ip }).post('/api/auth/sign-up/email', {
        email: uniqueEmail(),
        password: 'a-long-password',
        firstName: 'Ana',
        lastName: 'Pop',
        acceptAdult: true,
        acceptTerms: true,
      });
      expect(res.status).toBe(200);
    }
  });

  it('15 visitors report ads within an hour', async () => {
    const ip = '100.64.10.4';
    const owner = await createUser(ctx);
    for (let i = 0; i < 15; i++) {
      const ad = await createAd(ctx, owner);
      await approveAd(ctx, ad.id);
      const res = await createClient(ctx, { ip }).post(`/api/ads/${ad.id}/reports`, { reason: 'spam' });
      expect(res.status).toBe(201);
    }
  });
});
