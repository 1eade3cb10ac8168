import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeReturnPath } from '../../common/return-path';
import { createClient } from '../test/client';
import { createTestContext, type TestContext } from '../test/harness';
import { linkIn } from '../test/mail-capture';

// Issue 14 item 18: someone asked to sign in on a page comes back to it, through registration and the
// mailed verification link too, and the page carried is always one of ours.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.mail.clear());

type ErrorBody = { error: { code: string; message: string } };
let n = 0;
const registration = (next?: unknown) => ({
  email: `back${++n}-${Date.now()}@example.ro`,
  password: 'a-long-password',
  firstName: 'Maria',
  lastName: 'Ionescu',
  acceptAdult: true,
  acceptTerms: true,
  ...(next === undefined ? {} : { next }),
});
const VERIFY = 'http://localhost:3000/api/auth/verify-email';

describe('the page to come back to after registering', () => {
  it('rides the verification link and lands on /auth/verified?next=…', async () => {
    const input = registration('/ad/123?from=contact');
    const browser = createClient(ctx);
    expect((await browser.post('/api/auth/sign-up/email', input)).status).toBe(200);
    const opened = await browser.open(linkIn(await ctx.mail.waitFor(input.email), VERIFY));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(
      `/auth/verified?back=${encodeReturnPath('/ad/123?from=contact')}`,
    );
  });

  it('rides a resent link too', async () => {
    const input = registration();
    const browser = createClient(ctx);
    await browser.post('/api/auth/sign-up/email', input);
    await ctx.mail.waitFor(input.email);
    ctx.mail.clear();
    const resend = await browser.post('/api/auth/send-verification-email', {
      email: input.email,
      next: '/post-ad',
    });
    expect(resend.status).toBe(200);
    const opened = await browser.open(linkIn(await ctx.mail.waitFor(input.email), VERIFY));
    expect(opened.headers.get('location')).toBe(`/auth/verified?back=${encodeReturnPath('/post-ad')}`);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/ad/1',
    'javascript:alert(1)',
    '/ad/1\r\nx',
  ])('refuses %j with 400 and sends no mail', async (next) => {
    const input = registration(next);
    const res = await createClient(ctx).post<ErrorBody>('/api/auth/sign-up/email', input);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const resend = await createClient(ctx).post<ErrorBody>('/api/auth/send-verification-email', {
      email: input.email,
      next,
    });
    expect(resend.status).toBe(400);
    expect(ctx.mail.mails.filter((mail) => mail.to.includes(input.email))).toHaveLength(0);
  });

  it.each([
    `/auth/verified?back=${encodeReturnPath('//evil.example')}`,
    `/auth/verified?back=${encodeReturnPath('https://evil.example')}`,
    `/auth/verified?back=${encodeReturnPath('/\\evil.example')}`,
    `/auth/verified?back=${encodeReturnPath('/ad/1')}&then=https%3A%2F%2Fevil.example`,
    '/auth/verified?next=%2Fad%2F1',
    'https://evil.example/auth/verified',
    `//evil.example/auth/verified?back=${encodeReturnPath('/')}`,
  ])(
    'a hand-made verification link with callbackURL %j is refused before better-auth sees it',
    async (callback) => {
      const res = await createClient(ctx).get<ErrorBody>(
        `/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent(callback)}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    },
  );

  it('a damaged link with a safe next keeps it beside the error', async () => {
    const callback = `/auth/verified?back=${encodeReturnPath('/ad/1')}`;
    const res = await createClient(ctx).get(
      `/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent(callback)}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(
      new RegExp(`^${callback.replace('?', '\\?')}&error=invalid_token`, 'i'),
    );
  });
});
