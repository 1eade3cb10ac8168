import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../common/schemas/auth';
import { session } from '../db/schema/auth';
import { createClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { deviceOf } from './device';
import { LAST_SEEN_STEP_MS } from './viewer';

/** Settings lists the account's sessions and ends the ones the owner does not recognise (issue 26). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Sessions = { sessions: AccountSession[] };
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the account sessions', () => {
  it('lists every session of the account with its device, the current one marked, and none of others', async () => {
    const person = await createUser(ctx);
    const laptop = await signedInClient(ctx, person);
    const phone = createClient(ctx);
    const signIn = await phone.post(
      '/api/auth/sign-in/email',
      { email: person.email, password: person.password },
      { 'user-agent': PHONE_UA },
    );
    expect(signIn.status).toBe(200);
    await signedInClient(ctx, await createUser(ctx));

    const res = await phone.get<Sessions>('/api/me/sessions');
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    const current = res.body.sessions.filter((item) => item.current);
    expect(current).toEqual([
      {
        id: expect.any(String),
        browser: 'Chrome',
        os: 'Android',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: true,
      },
    ]);
    // The same list from the other session marks that one instead.
    const fromLaptop = await laptop.get<Sessions>('/api/me/sessions');
    expect(fromLaptop.body.sessions.find((item) => item.current)?.id).not.toBe(current[0]?.id);
  });

  it('ends another session of the account, never the current one nor anyone else’s', async () => {
    const person = await createUser(ctx);
    const kept = await signedInClient(ctx, person);
    const lost = await signedInClient(ctx, person);
    const stranger = await signedInClient(ctx, await createUser(ctx));
    const { sessions } = (await kept.get<Sessions>('/api/me/sessions')).body;
    const mine = sessions.find((item) => item.current)!;
    const other = sessions.find((item) => !item.current)!;

    expect((await stranger.delete(`/api/me/sessions/${other.id}`)).status).toBe(404);
    expect((await kept.delete(`/api/me/sessions/${mine.id}`)).status).toBe(404);
    expect((await kept.delete('/api/me/sessions/no-such-session')).status).toBe(404);
    expect((await lost.get('/api/me')).status).toBe(200);

    expect((await kept.delete(`/api/me/sessions/${other.id}`)).status).toBe(204);
    expect((await lost.get('/api/me')).status).toBe(401);
    expect((await kept.get('/api/me')).status).toBe(200);
  });

  it('ends all the others at once', async () => {
    const person = await createUser(ctx);
    const kept = await signedInClient(ctx, person);
    const others = [await signedInClient(ctx, person), await signedInClient(ctx, person)];
    const res = await kept.post<{ ended: number }>('/api/me/sessions/end-others', {});
    expect(res.status).toBe(200);
    expect(res.body.ended).toBe(2);
    for (const other of others) expect((await other.get('/api/me')).status).toBe(401);
    expect((await kept.get<Sessions>('/api/me/sessions')).body.sessions).toHaveLength(1);
  });

  it('keeps "last seen" within minutes of the last use', async () => {
    const person = await createUser(ctx);
    const browser = await signedInClient(ctx, person);
    const longAgo = new Date(Date.now() - 2 * LAST_SEEN_STEP_MS);
    await ctx.database.db.update(session).set({ updatedAt: longAgo }).where(eq(session.userId, person.id));
    const [item] = (await browser.get<Sessions>('/api/me/sessions')).body.sessions;
    expect(Date.now() - new Date(item!.lastSeenAt).getTime()).toBeLessThan(LAST_SEEN_STEP_MS);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/me/sessions', '/me/sessions/{id}', '/me/sessions/end-others']),
    );
  });
});

describe('deviceOf', () => {
  it.each([
    [PHONE_UA, 'Chrome', 'Android'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
    ['curl/8.5.0', null, null],
  ])('%s', (ua, browser, os) => {
    expect(deviceOf(ua)).toEqual({ browser, os });
  });
});
