import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { ROLES, type Role } from '../../common/roles';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { session } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { unauthorized } from '../errors';
import type { Auth } from './auth';

/** The signed-in person making a request, as the policies see them. */
export type Viewer = {
  id: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
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

/**
 * better-auth reads the session from its cookie only (cookiePrefix 'am', `__Secure-` over HTTPS):
 * without one there is nothing to look up, and a visitor's request skips the auth machinery, which
 * costs more than a public page's own query.
 */
const hasSessionCookie = (cookie: string | undefined) => cookie?.includes('am.session_token=') === true;

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
  return async (c, next) => {
    let pending: Promise<Viewer | null> | undefined;
    c.set('loadViewer', () => {
      pending ??= (
        hasSessionCookie(c.req.header('cookie'))
          ? auth.api.getSession({ headers: c.req.raw.headers })
          : Promise.resolve(null)
      ).then(async (found) => {
        if (!found) return null;
        if (!(await isActive(db, found.user.id))) {
          await db.delete(session).where(eq(session.userId, found.user.id));
          return null;
        }
        return {
          id: found.user.id,
          email: found.user.email,
          role: asRole(found.user.role),
          emailVerified: found.user.emailVerified,
          twoFactorEnabled: found.user.twoFactorEnabled === true,
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
