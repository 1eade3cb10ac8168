import { eq } from 'drizzle-orm';
import type { Role } from '../../common/roles';
import { user } from '../db/schema/auth';
import { createClient, type TestClient } from './client';
import type { TestContext } from './harness';

let sequence = 0;
export const DEFAULT_PASSWORD = 'correct-horse-battery';

export type TestUser = { id: string; email: string; password: string; firstName: string; lastName: string };

/** A registered user, verified unless told otherwise, with any role. */
export async function createUser(
  ctx: TestContext,
  overrides: {
    email?: string;
    password?: string;
    role?: Role;
    verified?: boolean;
    locale?: 'ro' | 'en';
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
  };
  const created = await ctx.services.auth.api.signUpEmail({ body });
  await ctx.database.db
    .update(user)
    .set({ emailVerified: overrides.verified ?? true, role: overrides.role ?? 'user' })
    .where(eq(user.id, created.user.id));
  return { id: created.user.id, email, password, firstName, lastName };
}

/** A client with a session for the user, made through the real sign-in route. */
export async function signedInClient(ctx: TestContext, who: TestUser): Promise<TestClient> {
  const client = createClient(ctx);
  const res = await client.post('/api/auth/sign-in/email', { email: who.email, password: who.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}
