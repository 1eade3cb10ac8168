import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Language } from '../../common/values';
import type { Database } from '../db/client';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { enqueueMail, type QueuedMail } from '../jobs/mail-job';
import type { JobQueue, SqlExecutor } from '../jobs/queue';
import { mailLanguage, type SecurityNotice, securityNoticeMail } from '../mail/templates';

export const SETTINGS_PATH = '/dashboard/settings';

/** Who a security notice goes to: the account's own address, in the account's language. */
async function recipientOf(db: Database, userId: string) {
  const [row] = await db
    .select({ email: user.email, name: user.name, firstName: profiles.firstName, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return null;
  const language: Language = mailLanguage(row.locale);
  return { email: row.email, name: row.firstName ?? row.name, language };
}

/**
 * A security notice to the owner, rendered ahead of the transaction that queues it (enqueueMail
 * with that transaction): read here, on the database, not inside it, which PGlite's one connection
 * would wait on. Every notice is a mail of its own: two changes are two mails.
 */
export async function securityNotice(
  deps: { db: Database; publicUrl: string },
  userId: string,
  kind: SecurityNotice,
  extra: { code?: string; role?: string } = {},
): Promise<QueuedMail | null> {
  const to = await recipientOf(deps.db, userId);
  if (!to) return null;
  const message = securityNoticeMail(kind, {
    to: to.email,
    name: to.name,
    language: to.language,
    link: `${deps.publicUrl}${SETTINGS_PATH}`,
    ...extra,
  });
  return { key: `security:${kind}:${userId}:${randomUUID()}`, message };
}

/** Queues a notice made by securityNotice through `executor` (the transaction of the change). */
export async function queueNotice(queue: JobQueue, executor: SqlExecutor, mail: QueuedMail | null) {
  if (mail) await enqueueMail(queue, executor, mail);
}
