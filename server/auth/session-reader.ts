import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import type { Auth } from './auth';

/**
 * The session of a request in one query (issue 32, item 11). better-auth's getSession verifies the
 * cookie through WebCrypto (a key import and a verify on libuv's pool per request), reads the session
 * and then the user in two queries, and our viewer read the profile's active flag in a third: under
 * 200 users that was a large share of the event loop and of PostgreSQL's round trips. Here the
 * signature is checked with node:crypto and session, user and profile come in one query.
 *
 * Only the plain case is answered here: a valid signature, a session found and not expired, nothing
 * to refresh. Everything else (no such session, expired, due for better-auth's sliding refresh, a
 * "don't remember me" or cookie-cache cookie) goes to better-auth's own getSession, so its rules stay
 * the ones that apply.
 */

export type SessionFound = {
  session: { id: string; updatedAt: Date; twoFactorVerified?: boolean | null };
  user: {
    id: string;
    email: string;
    role?: string | null;
    emailVerified: boolean;
    twoFactorEnabled?: boolean | null;
  };
  /** The profile's active flag, when this lookup read it (the fast path); else the viewer asks. */
  isActive?: boolean;
};

type Settings = {
  secret: string;
  sessionCookie: string;
  /** Cookies whose presence means better-auth must decide (don't-remember-me, the cookie cache). */
  deferTo: string[];
  expiresInMs: number;
  updateAgeMs: number;
};

type Row = {
  session_id: string;
  expires_at: Date | string;
  updated_at: Date | string;
  two_factor_verified: boolean;
  user_id: string;
  email: string;
  role: string | null;
  email_verified: boolean;
  two_factor_enabled: boolean | null;
  is_active: boolean | null;
};

/** Cookie names and values as better-call parses them (the value URI-decoded). */
function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    const raw = part.slice(at + 1).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** better-call's signed cookie: `value.base64(HMAC-SHA256(value))`; the value, or null if forged. */
export function verifiedCookieValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

async function settingsOf(auth: Auth): Promise<Settings> {
  const context = await auth.$context;
  const cookies = context.authCookies;
  return {
    secret: context.secret,
    sessionCookie: cookies.sessionToken.name,
    deferTo: [cookies.dontRememberToken.name, cookies.sessionData.name],
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  };
}

export function createSessionReader(auth: Auth, db: Database) {
  let settings: Promise<Settings> | undefined;
  const slow = (headers: Headers) => auth.api.getSession({ headers }) as Promise<SessionFound | null>;

  return async function readSession(headers: Headers): Promise<SessionFound | null> {
    settings ??= settingsOf(auth);
    const { secret, sessionCookie, deferTo, expiresInMs, updateAgeMs } = await settings;
    const cookies = parseCookies(headers.get('cookie') ?? '');
    const signed = cookies.get(sessionCookie);
    if (!signed || deferTo.some((name) => cookies.has(name))) return slow(headers);
    const token = verifiedCookieValue(signed, secret);
    if (!token) return slow(headers);
    const [row] = await queryRows<Row>(
      db,
      sql`select s.id as session_id, s.expires_at, s.updated_at, s.two_factor_verified,
            u.id as user_id, u.email, u.role, u.email_verified, u.two_factor_enabled, p.is_active
          from session s
          join "user" u on u.id = s.user_id
          left join profiles p on p.id = u.id
          where s.token = ${token}`,
    );
    if (!row) return slow(headers);
    const expiresAt = new Date(row.expires_at).getTime();
    const now = Date.now();
    // Expired, or due for better-auth's sliding refresh (session.mjs, `shouldBeUpdated`).
    if (expiresAt < now || expiresAt - expiresInMs + updateAgeMs <= now) return slow(headers);
    return {
      session: {
        id: row.session_id,
        updatedAt: new Date(row.updated_at),
        twoFactorVerified: row.two_factor_verified,
      },
      user: {
        id: row.user_id,
        email: row.email,
        role: row.role,
        emailVerified: row.email_verified,
        twoFactorEnabled: row.two_factor_enabled,
      },
      isActive: row.is_active !== false,
    };
  };
}
