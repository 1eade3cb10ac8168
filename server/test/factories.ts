import { eq } from 'drizzle-orm';
import { isStaffRole, type Role } from '../../common/roles';
import { enableTotp } from '../auth/two-factor-setup';
import { user } from '../db/schema/auth';
import { createClient, type TestClient } from './client';
import type { TestContext } from './harness';
import { totp } from './totp';

let sequence = 0;
export const DEFAULT_PASSWORD = 'correct-horse-battery';

export type TestUser = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Base32 TOTP secret when two-factor is on (signedInClient answers the code step with it). */
  totpSecret?: string;
};

/**
 * A registered user, verified unless told otherwise, with any role. Staff get TOTP turned on, as the
 * admin panel requires, unless `twoFactor: false` (to test that refusal); anyone may ask for it.
 */
export async function createUser(
  ctx: TestContext,
  overrides: {
    email?: string;
    password?: string;
    role?: Role;
    verified?: boolean;
    locale?: 'ro' | 'en';
    twoFactor?: boolean;
  } = {},
): Promise<TestUser> {
  sequence += 1;
  const email = overrides.email ?? `user${sequence}-${Date.now()}@example.ro`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const firstName = `Ion${sequence}`;
  const lastName = 'Popescu';
  // The profile hook reads the names and language from the body, as the sign-up route sends them.
  const body = {
    email,
    password,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    locale: overrides.locale ?? 'ro',
    // Issue 31: 18 or older, the terms and privacy notice accepted (recorded by the profile hook).
    acceptAdult: true,
    acceptTerms: true,
  };
  const created = await ctx.services.auth.api.signUpEmail({ body });
  await ctx.database.db
    .update(user)
    .set({ emailVerified: overrides.verified ?? true, role: overrides.role ?? 'user' })
    .where(eq(user.id, created.user.id));
  const wantsTwoFactor = overrides.twoFactor ?? isStaffRole(overrides.role);
  const totpSecret = wantsTwoFactor
    ? (await enableTotp(ctx.services.auth, ctx.database.db, created.user.id)).base32
    : undefined;
  return { id: created.user.id, email, password, firstName, lastName, totpSecret };
}

/** A client with a session for the user, made through the real sign-in route (and its TOTP step). */
export async function signedInClient(ctx: TestContext, who: TestUser): Promise<TestClient> {
  const client = createClient(ctx);
  const res = await client.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
    email: who.email,
    password: who.password,
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (res.body.twoFactorRedirect) {
    if (!who.totpSecret)
      throw new Error(`sign-in of ${who.email} asks for a TOTP code, and no secret is known`);
    const code = await client.post('/api/auth/two-factor/verify-totp', { code: totp(who.totpSecret) });
    if (code.status !== 200) throw new Error(`TOTP step failed: ${code.status} ${JSON.stringify(code.body)}`);
  }
  return client;
}
