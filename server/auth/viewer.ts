import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { ROLES, type Role } from '../../common/roles';
import type { AppEnv } from '../app-env';
import {
  type Database,
  DatabaseUnavailableError,
  isDatabaseUnavailableError,
  isDatabaseUnreachable,
  pingDatabase,
  poolUse,
} from '../db/client';
import { session } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { unauthorized } from '../errors';
import type { Auth } from './auth';
import { createSessionReader } from './session-reader';

type SessionReader = ReturnType<typeof createSessionReader>;

/** The signed-in person making a request, as the policies see them. */
export type Viewer = {
  id: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** The session this request came with. */
  sessionId: string;
  /**
   * This session itself passed a second factor (auth.ts marks it), and two-factor is still on. Staff
   * rights read this, never twoFactorEnabled alone: a session signed in with the password before the
   * owner turned two-factor on elsewhere never passed it.
   */
  secondFactor: boolean;
};

const asRole = (value: unknown): Role => ROLES.find((role) => role === value) ?? 'user';

async function isActive(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isActive: profiles.isActive })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.isActive !== false;
}

/** How stale a session's "last seen" (its updatedAt) may get before a request writes it again. */
export const LAST_SEEN_STEP_MS = 10 * 60_000;

/**
 * Settings lists the account's sessions with when each was last used (issue 26). better-auth only
 * touches a session once a day (updateAge); this writes at most once per LAST_SEEN_STEP_MS.
 */
async function markSeen(db: Database, current: { id: string; updatedAt: Date }) {
  if (Date.now() - new Date(current.updatedAt).getTime() < LAST_SEEN_STEP_MS) return;
  await db.update(session).set({ updatedAt: new Date() }).where(eq(session.id, current.id));
}

/**
 * better-auth reads the session from its cookie only (cookiePrefix 'am', `__Secure-` over HTTPS):
 * without one there is nothing to look up, and a visitor's request skips the auth machinery, which
 * costs more than a public page's own query.
 */
const hasSessionCookie = (cookie: string | undefined) => cookie?.includes('am.session_token=') === true;

const statusOf = (err: unknown) =>
  typeof err === 'object' && err !== null && 'statusCode' in err && typeof err.statusCode === 'number'
    ? err.statusCode
    : 500;

/**
 * better-auth answers every failed lookup with a bare 500 "Failed to get session" and keeps the cause
 * to itself. When the cause was the database (a pool-wait timeout in a burst, an outage), the caller
 * should hear 503 and retry (issue 32, item 6): sign-ins waiting on the pool, the pool's state or a
 * ping that cannot get an answer in time tell it apart from a bug. The ping runs only after a failure.
 */
async function lookUpSession(readSession: SessionReader, db: Database, headers: Headers) {
  try {
    return await readSession(headers);
  } catch (err) {
    if (statusOf(err) < 500) throw err;
    const poolBusy = (poolUse(db)?.waiting ?? 0) > 0;
    const unavailable =
      isDatabaseUnavailableError(err) ||
      isDatabaseUnreachable(db) ||
      poolBusy ||
      (await pingDatabase(db).then(
        () => false,
        () => true,
      ));
    if (unavailable)
      throw new DatabaseUnavailableError('session lookup: database unavailable', { cause: err });
    throw err;
  }
}

/** Answers about the caller themselves, whoever asks (a 401 included): never kept by any cache. */
const ALWAYS_PRIVATE = /^\/api\/(auth|me|admin|conversations)(\/|$)/;

/**
 * Looks the session up lazily: public routes that never ask pay nothing. Deactivation ends an
 * account's sessions; one that outlived it (signed in at the same moment) ends on its next use, and
 * the caller is a visitor.
 *
 * Any answer given to a signed-in viewer may hold what only they may see (an ad's contact e-mail,
 * their own ads, the admin panel), so it is marked `Cache-Control: no-store`: no browser history,
 * shared proxy or CDN keeps it. A visitor's answer to a public route stays cacheable.
 */
export function viewerMiddleware(auth: Auth, db: Database): MiddlewareHandler<AppEnv> {
  const readSession = createSessionReader(auth, db);
  return async (c, next) => {
    let pending: Promise<Viewer | null> | undefined;
    c.set('loadViewer', () => {
      pending ??= (
        hasSessionCookie(c.req.header('cookie'))
          ? lookUpSession(readSession, db, c.req.raw.headers)
          : Promise.resolve(null)
      ).then(async (found) => {
        if (!found) return null;
        if (!(found.isActive ?? (await isActive(db, found.user.id)))) {
          await db.delete(session).where(eq(session.userId, found.user.id));
          return null;
        }
        await markSeen(db, found.session);
        return {
          id: found.user.id,
          email: found.user.email,
          role: asRole(found.user.role),
          emailVerified: found.user.emailVerified,
          twoFactorEnabled: found.user.twoFactorEnabled === true,
          sessionId: found.session.id,
          secondFactor: found.user.twoFactorEnabled === true && found.session.twoFactorVerified === true,
        };
      });
      return pending;
    });
    await next();
    const personal =
      ALWAYS_PRIVATE.test(c.req.path) ||
      (pending !== undefined && (await pending.catch(() => null)) !== null);
    if (personal) c.res.headers.set('Cache-Control', 'no-store');
  };
}

export const getViewer = (c: Context<AppEnv>) => c.get('loadViewer')();

export async function requireViewer(c: Context<AppEnv>): Promise<Viewer> {
  const viewer = await getViewer(c);
  if (!viewer) throw unauthorized();
  return viewer;
}
