import { createHash, randomInt } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { session, verification } from '../db/schema/auth';
import { AppError, badRequest } from '../errors';
import { sameSecret } from '../http/same-secret';
import type { JobQueue } from '../jobs/queue';
import { queueNotice, securityNotice } from './security-mail';

export type StepDeps = { db: Database; queue: JobQueue; publicUrl: string };

/** How long the mailed enrolment code stays good. */
export const ENROL_CODE_MINUTES = 15;
export const INVALID_EMAIL_CODE = 'invalid_email_code';

const identifierOf = (userId: string) => `two-factor-enrol:${userId}`;
const digest = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Enrolment is bound to the account's mailbox, not to the password alone (issue 26): whoever turns
 * two-factor on must also enter a code mailed to the account's address. Otherwise anyone holding the
 * password of a freshly granted staff account could enrol their own authenticator before its owner,
 * open the admin panel and lock the owner out. The code is kept hashed; a new one replaces the last.
 */
export async function issueEnrolmentCode(deps: StepDeps, userId: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mail = await securityNotice(deps, userId, 'twoFactorCode', { code });
  await deps.db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifierOf(userId)));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: identifierOf(userId),
      value: digest(code),
      expiresAt: new Date(Date.now() + ENROL_CODE_MINUTES * 60_000),
    });
    await queueNotice(deps.queue, tx, mail);
  });
}

/** Refuses enrolment without the mailed code, or with a wrong or expired one (400). */
export async function checkEnrolmentCode(db: Database, userId: string, code: string | undefined) {
  if (!code) throw new AppError(400, 'validation_error', 'emailCode: enter the code mailed to your address');
  const [row] = await db
    .select({ value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, identifierOf(userId)))
    .limit(1);
  const ok = row !== undefined && row.expiresAt.getTime() > Date.now() && sameSecret(digest(code), row.value);
  if (!ok) throw badRequest('The code from the e-mail is wrong or has expired', INVALID_EMAIL_CODE);
}

/**
 * better-auth answers enrolment and disable with a new session cookie (it replaces the session
 * that asked). The cookie's value is `<token>.<signature>`; the token names the row.
 */
export function newSessionToken(res: Response): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (!/^(__Secure-)?am\.session_token$/.test(pair.slice(0, at))) continue;
    const token = decodeURIComponent(pair.slice(at + 1)).split('.')[0];
    if (token) return token;
  }
  return null;
}

/**
 * Two-factor was turned on or off: every other session of the account ends (one signed in with
 * the password alone must not live on as if it had passed the new factor, nor outlast its removal),
 * the enrolment code goes, and the owner is told by mail, in one transaction.
 */
export async function twoFactorChanged(
  deps: StepDeps,
  userId: string,
  keepToken: string | null,
  kind: 'twoFactorOn' | 'twoFactorOff',
): Promise<void> {
  const mail = await securityNotice(deps, userId, kind);
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(session)
      .where(
        keepToken
          ? and(eq(session.userId, userId), ne(session.token, keepToken))
          : eq(session.userId, userId),
      );
    await tx.delete(verification).where(eq(verification.identifier, identifierOf(userId)));
    await queueNotice(deps.queue, tx, mail);
  });
}
