import { eq } from 'drizzle-orm';
import { isStaffRole, ROLES, type Role } from '../../common/roles';
import type { Database } from '../db/client';
import { session, user } from '../db/schema/auth';

export type SetRoleResult =
  | { ok: true; email: string; role: Role; twoFactorEnabled: boolean }
  | { ok: false; message: string };

/** Changes a user's role by e-mail and ends their sessions so the new rights apply at once. */
export async function setUserRole(db: Database, email: string, role: string): Promise<SetRoleResult> {
  const wanted = ROLES.find((known) => known === role);
  if (!wanted) return { ok: false, message: `Unknown role "${role}". Roles: ${ROLES.join(', ')}.` };
  const normalized = email.trim().toLowerCase();
  const [found] = await db.update(user).set({ role: wanted }).where(eq(user.email, normalized)).returning();
  if (!found) return { ok: false, message: `No user with the e-mail ${normalized}.` };
  await db.delete(session).where(eq(session.userId, found.id));
  return { ok: true, email: normalized, role: wanted, twoFactorEnabled: found.twoFactorEnabled === true };
}

/** What `npm run user:role` prints once the role is set. */
export function roleSetMessage(result: Extract<SetRoleResult, { ok: true }>, publicUrl: string): string {
  const done = `${result.email} now has the role ${result.role}.`;
  if (!isStaffRole(result.role)) return done;
  if (result.twoFactorEnabled)
    return `${done} Two-factor authentication is on: the admin panel is open to them.`;
  return (
    `${done} Staff need two-factor authentication: until they turn it on in Settings ` +
    `(${publicUrl}/dashboard/settings), the admin panel and the admin API refuse them.`
  );
}
