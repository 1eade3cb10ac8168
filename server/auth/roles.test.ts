import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../common/schemas/auth';
import { user } from '../db/schema/auth';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { setUserRole } from './roles';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('setUserRole (npm run user:role)', () => {
  it('grants and removes staff roles and ends the sessions so they take effect', async () => {
    const person = await createUser(ctx);
    const browser = await signedInClient(ctx, person);
    expect(await setUserRole(ctx.database.db, person.email.toUpperCase(), 'admin.moderator')).toEqual({
      ok: true,
      email: person.email,
      role: 'admin.moderator',
      twoFactorEnabled: false,
    });
    expect((await browser.get('/api/me')).status).toBe(401);
    const again = await signedInClient(ctx, person);
    expect((await again.get<Me>('/api/me')).body.role).toBe('admin.moderator');

    await setUserRole(ctx.database.db, person.email, 'user');
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, person.id));
    expect(row?.role).toBe('user');
  });

  it('refuses unknown roles and unknown addresses', async () => {
    expect(await setUserRole(ctx.database.db, 'x@example.ro', 'admin')).toMatchObject({ ok: false });
    expect(await setUserRole(ctx.database.db, 'nobody@example.ro', 'admin.super')).toEqual({
      ok: false,
      message: 'No user with the e-mail nobody@example.ro.',
    });
  });
});
