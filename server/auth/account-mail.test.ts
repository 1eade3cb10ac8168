import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUEUES } from '../jobs/queue';
import { createClient } from '../test/client';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { startSilentSmtp } from '../test/mail-capture';

/**
 * Account mail goes through the queue: with a mail server that takes the connection and never
 * answers, the requests still answer at once, and their mail waits in the queue.
 */
let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
let ctx: TestContext;
beforeAll(async () => {
  silent = await startSilentSmtp();
  ctx = await createTestContext({ SMTP_URL: silent.url });
});
afterAll(async () => {
  await ctx.close();
  await silent.close();
});

const queuedTo = (to: string) => ctx.services.queue.boss.findJobs(QUEUES.mail, { data: { message: { to } } });

describe('account mail through the queue', () => {
  it('answers a reset request without waiting for the mail server, alike for a known and an unknown address', async () => {
    const person = await createUser(ctx);
    const unknown = `nobody-${Date.now()}@example.ro`;
    const known = await createClient(ctx).post('/api/auth/request-password-reset', { email: person.email });
    const missing = await createClient(ctx).post('/api/auth/request-password-reset', { email: unknown });
    expect([known.status, missing.status]).toEqual([200, 200]);
    expect(known.body).toEqual(missing.body);

    const [job] = await queuedTo(person.email);
    expect(job?.state).toMatch(/^(created|active)$/);
    expect(job?.data).toMatchObject({ key: expect.stringMatching(/^reset:[0-9a-f]{64}:[0-9a-f-]{36}$/) });
    expect(await queuedTo(unknown)).toEqual([]);
  });

  it('answers a sign-up without waiting for the mail server, its verification mail queued', async () => {
    const email = `new-${Date.now()}@example.ro`;
    const res = await createClient(ctx).post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-battery',
      firstName: 'Maria',
      lastName: 'Ionescu',
      locale: 'en',
      acceptAdult: true,
      acceptTerms: true,
    });
    expect(res.status).toBe(200);
    // The verification mail is queued right after the answer (auth-routes.ts `after`), not before it.
    const job = await vi.waitFor(
      async () => {
        const [found] = await queuedTo(email);
        if (!found) throw new Error(`no mail job for ${email} yet`);
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(job.data).toMatchObject({
      key: expect.stringMatching(/^verify:/),
      message: { subject: 'Confirm your e-mail address' },
    });
  });
});
