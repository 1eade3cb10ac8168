import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { session } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import type { TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { createSessionReader, verifiedCookieValue } from './session-reader';

/**
 * Issue 32, item 11: the viewer's session in one query, answering exactly what better-auth's
 * getSession answers, and leaving every other case (forged, expired, due for refresh) to it.
 */

let ctx: TestContext;
let user: TestUser;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx);
  client = await signedInClient(ctx, user);
});
afterAll(async () => {
  await ctx.close();
});

const headersOf = (who: TestClient) =>
  new Headers({ cookie: [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
const reader = () => createSessionReader(ctx.services.auth, ctx.database.db);

async function expiresAtOf(userId: string): Promise<number> {
  const [row] = await queryRows<{ expires_at: Date | string }>(
    ctx.database.db,
    sql`select expires_at from session where user_id = ${userId} order by created_at desc limit 1`,
  );
  return new Date(row?.expires_at ?? 0).getTime();
}

describe('the session reader', () => {
  it('reads the same session and user as better-auth, with the profile’s active flag', async () => {
    const headers = headersOf(client);
    const fast = await reader()(headers);
    const slow = await ctx.services.auth.api.getSession({ headers });
    expect(fast).not.toBeNull();
    expect(fast?.isActive).toBe(true);
    expect(fast?.session.id).toBe(slow?.session.id);
    expect(fast?.session.twoFactorVerified).toBe(false);
    expect(fast?.user).toEqual({
      id: slow?.user.id,
      email: slow?.user.email,
      role: slow?.user.role,
      emailVerified: slow?.user.emailVerified,
      twoFactorEnabled: slow?.user.twoFactorEnabled,
    });
    expect((await client.get<{ id: string }>('/api/me')).body.id).toBe(user.id);
  });

  it('checks the cookie’s signature as better-auth signs it, and refuses a forged one', async () => {
    const secret = (await ctx.services.auth.$context).secret;
    const signed = decodeURIComponent(client.cookies.get('am.session_token') ?? '');
    const [row] = await queryRows<{ token: string }>(
      ctx.database.db,
      sql`select token from session where user_id = ${user.id} order by created_at desc limit 1`,
    );
    expect(verifiedCookieValue(signed, secret)).toBe(row?.token);
    expect(verifiedCookieValue(signed, `${secret}x`)).toBeNull();
    const [token = '', signature = ''] = signed.split('.');
    expect(verifiedCookieValue(`${token}x.${signature}`, secret)).toBeNull();
    expect(verifiedCookieValue(token, secret)).toBeNull();
    // The real token with a made-up signature opens nothing.
    const forged = encodeURIComponent(`${token}.${'A'.repeat(43)}=`);
    expect(await reader()(new Headers({ cookie: `am.session_token=${forged}` }))).toBeNull();
  });

  it('leaves an expired session to better-auth, which refuses it', async () => {
    const someone = await createUser(ctx);
    const theirs = await signedInClient(ctx, someone);
    await ctx.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, someone.id));
    expect(await reader()(headersOf(theirs))).toBeNull();
    expect((await theirs.get('/api/me')).status).toBe(401);
  });

  it('leaves a session due for its sliding refresh to better-auth, which extends it', async () => {
    const someone = await createUser(ctx);
    const theirs = await signedInClient(ctx, someone);
    const { expiresIn, updateAge } = (await ctx.services.auth.$context).sessionConfig;
    // Last extended just over `updateAge` ago.
    const old = Date.now() + (expiresIn - updateAge) * 1000 - 60_000;
    await ctx.database.db
      .update(session)
      .set({ expiresAt: new Date(old) })
      .where(eq(session.userId, someone.id));
    const found = await reader()(headersOf(theirs));
    expect(found?.user.id).toBe(someone.id);
    expect(await expiresAtOf(someone.id)).toBeGreaterThan(old + 23 * 3600_000);
  });

  it('tells a deactivated account apart, so the viewer ends its sessions', async () => {
    const someone = await createUser(ctx);
    const theirs = await signedInClient(ctx, someone);
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, someone.id));
    expect((await reader()(headersOf(theirs)))?.isActive).toBe(false);
    expect((await theirs.get('/api/me')).status).toBe(401);
    const left = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from session where user_id = ${someone.id}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});
