import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { user } from '../db/schema/auth';
import { createClient, type JsonResponse } from '../test/client';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { SIGN_UP_MIN_MS } from './auth-routes';

/** Registering must not tell anyone whether an address already has an account. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.mail.clear();
});

let n = 0;
const freshEmail = () => `enum${++n}-${Date.now()}@example.ro`;
const registration = (email: string, locale: 'ro' | 'en' = 'ro') => ({
  email,
  password: 'someone-elses-password',
  firstName: 'Intrus',
  lastName: 'Necunoscut',
  locale,
  acceptAdult: true,
  acceptTerms: true,
});

/** What a caller can compare: status, body and the names of the headers (dates and ids aside). */
const observable = (res: JsonResponse) => ({
  status: res.status,
  body: res.body,
  headers: [...res.headers.keys()].filter((name) => !['date', 'x-request-id'].includes(name)).sort(),
  cookies: res.headers.getSetCookie().length,
});

async function timedSignUp(body: ReturnType<typeof registration>) {
  const started = performance.now();
  const res = await createClient(ctx).post('/api/auth/sign-up/email', body);
  return { res, ms: performance.now() - started };
}

describe('sign-up with an address that is registered and with one that is not', () => {
  it('answers the same: status, body, headers, and no sooner than the same floor', async () => {
    const owner = await createUser(ctx);
    const existing = await timedSignUp(registration(owner.email));
    const fresh = await timedSignUp(registration(freshEmail()));
    expect(observable(existing.res)).toEqual(observable(fresh.res));
    expect(existing.res.status).toBe(200);
    expect(existing.res.body).toEqual({ status: true });
    // Neither answer comes before the floor that hides the work behind it.
    expect(existing.ms).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 5);
    expect(fresh.ms).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 5);
  });

  it('mails the owner of the registered address instead, in their language, and changes nothing', async () => {
    const owner = await createUser(ctx, { locale: 'en' });
    const res = await createClient(ctx).post('/api/auth/sign-up/email', registration(owner.email, 'ro'));
    expect(res.status).toBe(200);
    const mail = await ctx.mail.waitFor(owner.email);
    expect(mail.subject).toBe('Someone tried to register with your address');
    expect(mail.text).toContain(`Hello ${owner.firstName},`);
    expect(mail.text).toContain('if it was you, sign in');
    expect(mail.html).toContain('<a href="http://localhost:3000/auth"');
    // No second account, and the owner's password still works.
    expect(await ctx.database.db.select().from(user).where(eq(user.email, owner.email))).toHaveLength(1);
    const signIn = await createClient(ctx).post('/api/auth/sign-in/email', {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ctx.mail.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
  });

  it('writes to a Romanian owner in Romanian', async () => {
    const owner = await createUser(ctx);
    await createClient(ctx).post('/api/auth/sign-up/email', registration(owner.email, 'en'));
    const mail = await ctx.mail.waitFor(owner.email);
    expect(mail.subject).toBe('Cineva a încercat să se înregistreze cu adresa ta');
    expect(mail.text).toContain('dacă ai fost tu, autentifică-te');
  });

  it('sends an address that never finished registering a fresh verification link', async () => {
    const owner = await createUser(ctx, { verified: false });
    await createClient(ctx).post('/api/auth/sign-up/email', registration(owner.email));
    const mail = await ctx.mail.waitFor(owner.email);
    expect(mail.subject).toBe('Confirmă-ți adresa de e-mail');
  });

  it('neither answer waits for its mail: both go through the queue, after the answer', async () => {
    // Mail is queued in the request (server/jobs/mail-job.ts) and sent by a worker: an answer never
    // waits for SMTP, whichever address it is for. Both mails still arrive.
    const owner = await createUser(ctx);
    const newcomer = freshEmail();
    const answers = await Promise.all([
      createClient(ctx, { ip: '192.0.2.9' }).post('/api/auth/sign-up/email', registration(owner.email)),
      createClient(ctx, { ip: '192.0.2.9' }).post('/api/auth/sign-up/email', registration(newcomer)),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect((await ctx.mail.waitFor(owner.email)).subject).toBe(
      'Cineva a încercat să se înregistreze cu adresa ta',
    );
    expect((await ctx.mail.waitFor(newcomer)).subject).toBe('Confirmă-ți adresa de e-mail');
  });
});
