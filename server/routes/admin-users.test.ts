import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, UsersPage } from '../../common/schemas/admin';
import type { AdPage } from '../../common/schemas/ads';
import type { Me } from '../../common/schemas/auth';
import { adCounts } from '../db/schema/ads';
import { session } from '../db/schema/auth';
import { moderationActions } from '../db/schema/interactions';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let moderator: TestUser;
let mod: TestClient;
let superUser: TestUser;
let sup: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await createUser(ctx, { role: 'admin.moderator' });
  mod = await signedInClient(ctx, moderator);
  superUser = await createUser(ctx, { role: 'admin.super' });
  sup = await signedInClient(ctx, superUser);
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };

const listedTotal = async () =>
  (await ctx.database.db.select().from(adCounts)).reduce((sum, row) => sum + row.listed, 0);

describe('GET /api/admin/users', () => {
  it('lists accounts newest first with names, e-mail, role, Active, and the caller’s possible actions', async () => {
    const older = await createUser(ctx);
    const newer = await createUser(ctx);
    const res = await mod.get<UsersPage>('/api/admin/users');
    expect(res.status).toBe(200);
    const ids = res.body.items.map((item) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(res.body.items.find((item) => item.id === newer.id)).toEqual({
      id: newer.id,
      firstName: newer.firstName,
      lastName: newer.lastName,
      email: newer.email,
      role: 'user',
      isActive: true,
      emailVerified: true,
      createdAt: expect.any(String),
      actions: ['deactivate'],
      messageRisks: null,
    });
    // An account whose owner never opened the confirmation link says so.
    const unverified = await createUser(ctx, { verified: false });
    const again = await mod.get<UsersPage>('/api/admin/users');
    expect(again.body.items.find((item) => item.id === unverified.id)?.emailVerified).toBe(false);
    // A moderator can do nothing to themselves or to a super.
    expect(res.body.items.find((item) => item.id === moderator.id)?.actions).toEqual([]);
    expect(res.body.items.find((item) => item.id === superUser.id)?.actions).toEqual([]);

    const asSuper = await sup.get<UsersPage>('/api/admin/users');
    expect(asSuper.body.items.find((item) => item.id === newer.id)?.actions).toEqual([
      'deactivate',
      'makeModerator',
    ]);
    expect(asSuper.body.items.find((item) => item.id === moderator.id)?.actions).toEqual([
      'deactivate',
      'removeModerator',
    ]);
    expect(asSuper.body.items.find((item) => item.id === superUser.id)?.actions).toEqual([]);
  });

  it('finds accounts by e-mail or name, treating % and _ literally', async () => {
    const who = await createUser(ctx);
    expect(
      (await mod.get<UsersPage>(`/api/admin/users?q=${who.firstName}`)).body.items.map((u) => u.id),
    ).toContain(who.id);
    expect((await mod.get<UsersPage>('/api/admin/users?q=%25%25')).body.items).toEqual([]);
  });

  it('pages with a cursor', async () => {
    for (let i = 0; i < 31; i++) await createUser(ctx);
    const first = await mod.get<UsersPage>('/api/admin/users');
    expect(first.body.items).toHaveLength(30);
    const second = await mod.get<UsersPage>(`/api/admin/users?cursor=${first.body.nextCursor}`);
    const ids = [...first.body.items, ...second.body.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('deactivation', () => {
  it('ends the sessions, refuses sign-in, hides the ads until reactivation, and is audited', async () => {
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    const ad = await createAd(ctx, user, { title: 'Pușcă de vânătoare Beretta dezactivată' });
    const before = await listedTotal();
    const visitor = createClient(ctx);

    const res = await mod.post<AdminUser>(`/api/admin/users/${user.id}/deactivate`, { reason: 'Fraudă' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, isActive: false, actions: ['reactivate'] });
    expect(await ctx.database.db.select().from(session).where(eq(session.userId, user.id))).toEqual([]);
    expect((await client.get('/api/me')).status).toBe(401);

    const signIn = await createClient(ctx).post<ErrorBody>('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.code).toBe('ACCOUNT_DEACTIVATED');

    expect((await visitor.get(`/api/ads/${ad.id}`)).status).toBe(410);
    expect((await visitor.get<AdPage>('/api/ads?q=Beretta')).body.items.map((i) => i.id)).not.toContain(
      ad.id,
    );
    expect(await listedTotal()).toBe(before - 1);
    expect((await mod.post<ErrorBody>(`/api/admin/users/${user.id}/deactivate`)).status).toBe(409);

    const back = await mod.post<AdminUser>(`/api/admin/users/${user.id}/reactivate`);
    expect(back.body).toMatchObject({ isActive: true, actions: ['deactivate'] });
    expect(await listedTotal()).toBe(before);
    expect((await visitor.get(`/api/ads/${ad.id}`)).status).toBe(200);
    expect((await signedInClient(ctx, user).then((c) => c.get<Me>('/api/me'))).body.id).toBe(user.id);
    expect((await mod.post(`/api/admin/users/${user.id}/reactivate`)).status).toBe(409);

    const trail = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, user.id));
    expect(
      trail.map((row) => [row.action, row.statusBefore, row.statusAfter, row.reason, row.targetLabel]),
    ).toEqual([
      ['user.deactivate', 'active', 'inactive', 'Fraudă', user.email],
      ['user.reactivate', 'inactive', 'active', null, user.email],
    ]);
  });

  it('treats a session that outlived the deactivation as signed out', async () => {
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    const { profiles } = await import('../db/schema/profiles');
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, user.id));
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await client.post('/api/ads', {})).status).toBe(401);
  });

  it('refuses to act on oneself, and a moderator on a super (403); unknown ids are 404', async () => {
    expect((await mod.post<ErrorBody>(`/api/admin/users/${moderator.id}/deactivate`)).status).toBe(403);
    expect((await sup.post<ErrorBody>(`/api/admin/users/${superUser.id}/deactivate`)).status).toBe(403);
    expect((await mod.post<ErrorBody>(`/api/admin/users/${superUser.id}/deactivate`)).status).toBe(403);
    expect((await mod.post<ErrorBody>('/api/admin/users/nobody/deactivate')).status).toBe(404);
    // A super may deactivate another super.
    const other = await createUser(ctx, { role: 'admin.super' });
    expect((await sup.post(`/api/admin/users/${other.id}/deactivate`)).status).toBe(200);
  });
});

describe('PUT /api/admin/users/{id}/role', () => {
  it('lets admin.super grant and remove admin.moderator; the account is signed out each time', async () => {
    // With TOTP on already, as staff must have it (a grant to someone without it: staff-two-factor.test.ts).
    const user = await createUser(ctx, { twoFactor: true });
    const client = await signedInClient(ctx, user);
    expect((await client.get('/api/admin/queue')).status).toBe(404);

    const granted = await sup.put<AdminUser>(`/api/admin/users/${user.id}/role`, { role: 'admin.moderator' });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      role: 'admin.moderator',
      actions: ['deactivate', 'removeModerator'],
    });
    expect((await client.get('/api/me')).status).toBe(401);
    const again = await signedInClient(ctx, user);
    expect((await again.get('/api/admin/queue')).status).toBe(200);
    expect((await sup.put(`/api/admin/users/${user.id}/role`, { role: 'admin.moderator' })).status).toBe(409);

    const removed = await sup.put<AdminUser>(`/api/admin/users/${user.id}/role`, { role: 'user' });
    expect(removed.body.role).toBe('user');
    expect((await again.get('/api/me')).status).toBe(401);
    expect((await (await signedInClient(ctx, user)).get('/api/admin/queue')).status).toBe(404);

    const trail = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, user.id));
    expect(trail.map((row) => [row.action, row.statusBefore, row.statusAfter])).toEqual([
      ['user.set_role', 'user', 'admin.moderator'],
      ['user.set_role', 'admin.moderator', 'user'],
    ]);
  });

  it('is refused to moderators, on oneself, on a super, and for the super role', async () => {
    const user = await createUser(ctx);
    expect((await mod.put(`/api/admin/users/${user.id}/role`, { role: 'admin.moderator' })).status).toBe(403);
    expect((await sup.put(`/api/admin/users/${superUser.id}/role`, { role: 'user' })).status).toBe(403);
    const other = await createUser(ctx, { role: 'admin.super' });
    expect((await sup.put(`/api/admin/users/${other.id}/role`, { role: 'user' })).status).toBe(403);
    const res = await sup.put<ErrorBody>(`/api/admin/users/${user.id}/role`, { role: 'admin.super' });
    expect(res.status).toBe(400);
  });
});
