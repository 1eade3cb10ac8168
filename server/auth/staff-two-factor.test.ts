import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../common/schemas/auth';
import { ads } from '../db/schema/ads';
import { createDemoAccount, DEMO_ACCOUNTS, describeDemoAccount } from '../seed/demo-seed';
import { createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { secretFromTotpUri, totp } from '../test/totp';
import { roleSetMessage, setUserRole } from './roles';
import { totpSecretOf } from './two-factor-setup';

type ErrorBody = { error: { code: string; message: string } };

/** Staff rights need two-factor authentication on; until then the admin API says so. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ADMIN_READS = ['/api/admin/queue', '/api/admin/reports', '/api/admin/users'];

describe('a staff account without two-factor', () => {
  it.each(['admin.moderator', 'admin.super'] as const)(
    '%s: every admin route answers 403 two_factor_required',
    async (role) => {
      const staff = await createUser(ctx, { role, twoFactor: false });
      const browser = await signedInClient(ctx, staff);
      const paths = role === 'admin.super' ? [...ADMIN_READS, '/api/admin/audit'] : ADMIN_READS;
      for (const path of paths) {
        const res = await browser.get<ErrorBody>(path);
        expect(res.status, path).toBe(403);
        expect(res.body.error.code).toBe('two_factor_required');
        expect(res.body.error.message).toMatch(/two-factor/);
      }
      const owner = await createUser(ctx);
      const ad = await createAd(ctx, owner, { status: 'pending' });
      const approve = await browser.post<ErrorBody>(`/api/admin/ads/${ad.id}/approve`, {});
      expect(approve.status).toBe(403);
      expect(approve.body.error.code).toBe('two_factor_required');
      const [row] = await ctx.database.db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id));
      expect(row?.status).toBe('pending');
      // Nor does the role show them what only staff may see.
      expect((await browser.get(`/api/ads/${ad.id}`)).status).toBe(404);
    },
  );

  it('gets in once two-factor is turned on in Settings', async () => {
    const staff = await createUser(ctx, { role: 'admin.moderator', twoFactor: false });
    const browser = await signedInClient(ctx, staff);
    expect((await browser.get('/api/admin/queue')).status).toBe(403);
    const enabled = await browser.post<{ totpURI: string }>('/api/auth/two-factor/enable', {
      password: staff.password,
    });
    const code = totp(secretFromTotpUri(enabled.body.totpURI));
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    expect((await browser.get('/api/admin/queue')).status).toBe(200);
    // Turning it off closes the panel again.
    expect((await browser.post('/api/auth/two-factor/disable', { password: staff.password })).status).toBe(
      200,
    );
    expect((await browser.get<ErrorBody>('/api/admin/queue')).body.error.code).toBe('two_factor_required');
  });

  it('an ordinary user is still told nothing exists', async () => {
    const browser = await signedInClient(ctx, await createUser(ctx));
    const res = await browser.get<ErrorBody>('/api/admin/queue');
    expect(res.status).toBe(404);
  });
});

describe('a staff account with two-factor (the test factories’ default for staff)', () => {
  it('signs in with the code step and uses the admin API', async () => {
    const staff = await createUser(ctx, { role: 'admin.moderator' });
    expect(staff.totpSecret).toBeTruthy();
    const first = await createClient(ctx).post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
      email: staff.email,
      password: staff.password,
    });
    expect(first.body.twoFactorRedirect).toBe(true);
    const browser = await signedInClient(ctx, staff);
    expect((await browser.get<Me>('/api/me')).body.twoFactorEnabled).toBe(true);
    expect((await browser.get('/api/admin/queue')).status).toBe(200);
  });
});

describe('npm run user:role', () => {
  it('says that a new staff member must turn two-factor on, and when it is already on', async () => {
    const person = await createUser(ctx);
    const granted = await setUserRole(ctx.database.db, person.email, 'admin.moderator');
    if (!granted.ok) throw new Error(granted.message);
    expect(roleSetMessage(granted, 'http://localhost:3000')).toBe(
      `${person.email} now has the role admin.moderator. Staff need two-factor authentication: until they ` +
        'turn it on in Settings (http://localhost:3000/dashboard/settings), the admin panel and the admin API refuse them.',
    );
    const withTotp = await createUser(ctx, { twoFactor: true });
    const again = await setUserRole(ctx.database.db, withTotp.email, 'admin.super');
    if (!again.ok) throw new Error(again.message);
    expect(roleSetMessage(again, 'http://localhost:3000')).toContain('Two-factor authentication is on');
    const back = await setUserRole(ctx.database.db, person.email, 'user');
    if (!back.ok) throw new Error(back.message);
    expect(roleSetMessage(back, 'http://localhost:3000')).toBe(`${person.email} now has the role user.`);
  });
});

describe('the demo moderator', () => {
  it('has TOTP on with the secret the log and README print', async () => {
    const moderator = DEMO_ACCOUNTS[2];
    await createDemoAccount(ctx.services, moderator);
    const base32 = totpSecretOf(moderator.totpSecret).base32;
    expect(base32).toBe('MFZG2YLNMFZGWZLUFVSGK3LPFUZGMYJB');
    expect(describeDemoAccount(moderator)).toBe(
      `admin.moderator: moderator@armamarket.ro / moderator-parola-2026 / TOTP secret ${base32}`,
    );
    const browser = await signedInClient(ctx, { ...moderator, id: '', totpSecret: base32 });
    expect((await browser.get('/api/admin/queue')).status).toBe(200);
  });
});
