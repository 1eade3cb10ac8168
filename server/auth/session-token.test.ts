import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { secretFromTotpUri, totp } from '../test/totp';

/** The HttpOnly cookie is the credential; no JSON body repeats it where page scripts could read it. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sessionCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((line) => line.startsWith('am.session_token='))
    ?.split(';')[0]
    ?.slice('am.session_token='.length);

/** The token part of the signed cookie value ("token.signature"), as better-auth stores it. */
const rawToken = (cookie: string) => decodeURIComponent(cookie).split('.')[0] ?? '';

describe('the session token stays out of JSON bodies', () => {
  it('sign-in: the cookie is set, the body has the user but no token', async () => {
    const person = await createUser(ctx);
    const browser = createClient(ctx);
    const res = await browser.post<Record<string, unknown>>('/api/auth/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers);
    expect(cookie).toBeTruthy();
    expect(res.body).not.toHaveProperty('token');
    expect(res.body).toMatchObject({ user: { email: person.email } });
    expect(JSON.stringify(res.body)).not.toContain(rawToken(cookie!));
    // The cookie alone still signs the browser in.
    expect((await browser.get('/api/me')).status).toBe(200);
  });

  it('get-session: the session without its token', async () => {
    const person = await createUser(ctx);
    const browser = await signedInClient(ctx, person);
    const token = rawToken(browser.cookies.get('am.session_token') ?? '');
    const res = await browser.get<{ session: Record<string, unknown>; user: { email: string } }>(
      '/api/auth/get-session',
    );
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(person.email);
    expect(res.body.session).toHaveProperty('expiresAt');
    expect(res.body.session).not.toHaveProperty('token');
    expect(JSON.stringify(res.body)).not.toContain(token);
  });

  it('the two-factor step of sign-in', async () => {
    const person = await createUser(ctx);
    const browser = await signedInClient(ctx, person);
    const enabled = await browser.post<{ totpURI: string }>('/api/auth/two-factor/enable', {
      password: person.password,
    });
    const secret = secretFromTotpUri(enabled.body.totpURI);
    // Enrolment is confirmed with the code mailed to the account too (issue 26, item 2).
    const codeMail = await ctx.mail.waitFor(person.email, (mail) => /^\d{6}$/m.test(mail.text));
    const emailCode = codeMail.text.match(/^(\d{6})$/m)?.[1];
    expect(
      (await browser.post('/api/auth/two-factor/verify-totp', { code: totp(secret), emailCode })).status,
    ).toBe(200);

    const second = createClient(ctx);
    await second.post('/api/auth/sign-in/email', { email: person.email, password: person.password });
    const res = await second.post<Record<string, unknown>>('/api/auth/two-factor/verify-totp', {
      code: totp(secret),
    });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers);
    expect(cookie).toBeTruthy();
    expect(res.body).not.toHaveProperty('token');
    expect(JSON.stringify(res.body)).not.toContain(rawToken(cookie!));
  });
});
