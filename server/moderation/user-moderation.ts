import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { ROLES, type Role } from '../../common/roles';
import type { MessageRiskCounts } from '../../common/scam/safety';
import { ADMIN_PAGE_SIZE, type AdminUser, type UserAction, type UsersPage } from '../../common/schemas/admin';
import { queueOwnerAdsMatching } from '../alerts/matching';
import { queueNotice, securityNotice } from '../auth/security-mail';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { session, user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { AppError, notFound } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { can, type UserSubject } from '../policies/policies';
import { messageRiskCounts } from '../scam/message-risks';
import { recordAction, type Tx } from './audit';
import { decodePageCursor, pageOf } from './page-cursor';

const asRole = (value: string): Role => ROLES.find((role) => role === value) ?? 'user';
/** profiles.created_at keeps microseconds; the cursor keeps milliseconds, so the list sorts on those. */
const createdMs = sql<Date>`date_trunc('milliseconds', ${profiles.createdAt})`;

const alreadyDone = () =>
  new AppError(409, 'invalid_transition', 'This account is already in that state. Reload the list.');

/** What the caller may do to an account, for the buttons of the users list. */
export function userActions(viewer: Viewer, target: UserSubject & { isActive: boolean }): UserAction[] {
  const actions: UserAction[] = [];
  if (can(viewer, 'user.manage', target)) actions.push(target.isActive ? 'deactivate' : 'reactivate');
  if (can(viewer, 'user.setRole', target))
    actions.push(target.role === 'admin.moderator' ? 'removeModerator' : 'makeModerator');
  return actions;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const userColumns = {
  id: user.id,
  email: user.email,
  role: user.role,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  isActive: profiles.isActive,
  emailVerified: user.emailVerified,
  createdAt: profiles.createdAt,
};

/** Every account, newest first, optionally matching a text in the e-mail or the names. */
export async function listUsers(
  db: Database,
  viewer: Viewer,
  query: { q?: string; cursor?: string },
): Promise<UsersPage> {
  const cursor = decodePageCursor(query.cursor);
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const rows = await db
    // Milliseconds here: the page cursor compares them exactly.
    .select({ ...userColumns, createdAt: createdMs })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(
      and(
        pattern
          ? or(
              ilike(user.email, pattern),
              ilike(profiles.firstName, pattern),
              ilike(profiles.lastName, pattern),
              ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, pattern),
            )
          : undefined,
        cursor ? sql`(${createdMs}, ${user.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(createdMs), desc(user.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows, ADMIN_PAGE_SIZE, (row) => ({ at: row.createdAt, id: row.id }));
  const risks = await messageRiskCounts(
    db,
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => toAdminUser(viewer, row, risks)),
    nextCursor: page.nextCursor,
  };
}

type UserRow = {
  id: string;
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  emailVerified: boolean;
  createdAt: Date | string;
};

function toAdminUser(viewer: Viewer, row: UserRow, risks: Map<string, MessageRiskCounts>): AdminUser {
  const role = asRole(row.role);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role,
    isActive: row.isActive,
    emailVerified: row.emailVerified,
    createdAt: new Date(row.createdAt).toISOString(),
    actions: userActions(viewer, { id: row.id, role, isActive: row.isActive }),
    messageRisks: risks.get(row.id) ?? null,
  };
}

/** These accounts as the users list shows them (for the suspect list), by id; unknown ids are absent. */
export async function adminUsersByIds(
  db: Database,
  viewer: Viewer,
  ids: readonly string[],
): Promise<Map<string, AdminUser>> {
  if (ids.length === 0) return new Map();
  const [rows, risks] = await Promise.all([
    db
      .select(userColumns)
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(inArray(user.id, [...ids])),
    messageRiskCounts(db, ids),
  ]);
  return new Map(rows.map((row) => [row.id, toAdminUser(viewer, row, risks)]));
}

export type FoundUser = UserSubject & { email: string; isActive: boolean };

/** An account as the policies see it, or null for an unknown id. */
export async function findUserSubject(db: Database | Tx, id: string): Promise<FoundUser | null> {
  // PostgreSQL text cannot hold NUL: comparing with such an id fails the query instead of finding nothing.
  if (id.length > 100 || id.includes('\u0000')) return null;
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role, isActive: profiles.isActive })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, id))
    .limit(1);
  return row ? { ...row, role: asRole(row.role) } : null;
}

const presentUser = async (tx: Tx, viewer: Viewer, id: string): Promise<AdminUser> => {
  const [row] = await tx
    .select(userColumns)
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, id));
  if (!row) throw notFound();
  return toAdminUser(viewer, row, await messageRiskCounts(tx, [id]));
};

/**
 * Deactivates (or reactivates) an account. Deactivation ends its sessions at once and, through the
 * profile join and the ad_counts triggers, takes its ads out of the public lists until reactivation;
 * reactivated, its approved ads are matched against the saved searches again (in the same transaction).
 */
export async function setUserActive(
  { db, queue }: { db: Database; queue: JobQueue },
  actor: Viewer,
  target: FoundUser,
  active: boolean,
  reason: string | null,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(profiles)
      .set({ isActive: active })
      .where(
        and(
          eq(profiles.id, target.id),
          eq(profiles.isActive, !active),
          // An account its owner deleted (issue 31) stays closed: reactivating it would list its ads again.
          sql`not exists (select 1 from account_deletions d where d.user_id = ${target.id})`,
        ),
      )
      .returning({ id: profiles.id });
    if (changed.length === 0) throw alreadyDone();
    if (!active) await tx.delete(session).where(eq(session.userId, target.id));
    if (active) await queueOwnerAdsMatching(queue, tx, target.id);
    await recordAction(tx, actor, {
      action: active ? 'user.reactivate' : 'user.deactivate',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      reason,
      statusBefore: active ? 'inactive' : 'active',
      statusAfter: active ? 'active' : 'inactive',
    });
    return presentUser(tx, actor, target.id);
  });
}

/** Grants or removes admin.moderator; the account's sessions end so the new rights apply at once. */
export async function setModeratorRole(
  deps: { db: Database; queue: JobQueue; publicUrl: string },
  actor: Viewer,
  target: FoundUser,
  role: 'user' | 'admin.moderator',
): Promise<AdminUser> {
  // The owner hears of a staff role granted (issue 26), from the grant's own transaction.
  const notice =
    role === 'admin.moderator' ? await securityNotice(deps, target.id, 'staffRole', { role }) : null;
  return deps.db.transaction(async (tx) => {
    const from = role === 'admin.moderator' ? 'user' : 'admin.moderator';
    const changed = await tx
      .update(user)
      .set({ role, updatedAt: sql`now()` })
      .where(and(eq(user.id, target.id), eq(user.role, from)))
      .returning({ id: user.id });
    if (changed.length === 0) throw alreadyDone();
    await tx.delete(session).where(eq(session.userId, target.id));
    await recordAction(tx, actor, {
      action: 'user.set_role',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      reason: null,
      statusBefore: from,
      statusAfter: role,
    });
    await queueNotice(deps.queue, tx, notice);
    return presentUser(tx, actor, target.id);
  });
}
