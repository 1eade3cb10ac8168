import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { JobResult } from 'pg-boss';
import type { Services } from '../app-env';
import { mailDeliveries } from '../db/schema/mail';
import type { MailMessage } from '../mail/mailer';
import { type JobQueue, QUEUES, type SqlExecutor } from './queue';

/**
 * A mail waiting in the queue, rendered when it was queued. The key names what the mail is about
 * (`decision:<audit id>`, `reset:<link hash>`...): one key, at most one mail.
 */
export type QueuedMail = { key: string; message: MailMessage };

type Deps = Pick<Services, 'db' | 'mailer' | 'logger' | 'config'> & Partial<Pick<Services, 'metrics'>>;

/** Mails sent in parallel by one fetch loop: one batch of the queue. */
export const MAIL_BATCH = 10;
/** Fetch loops per process: up to MAIL_WORKERS × MAIL_BATCH mails in flight. */
export const MAIL_WORKERS = 4;

/** A v5-style UUID from the key: the job's id, so that queueing the same mail twice adds one job. */
export function jobIdForKey(key: string): string {
  const hash = createHash('sha1').update(`armamarket-mail\u0000${key}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Queues a mail through `executor`, usually the transaction of the write the mail tells about: the
 * mail exists exactly when that write commits.
 */
export async function enqueueMail(queue: JobQueue, executor: SqlExecutor, mail: QueuedMail): Promise<void> {
  await queue.send(executor, QUEUES.mail, storableAsJson(mail), { id: jobIdForKey(mail.key) });
}

/** A queued mail as a row for a bulk insert (`JobQueue.insert`): the same id and data as enqueueMail. */
export function mailJob(mail: QueuedMail): { id: string; data: QueuedMail } {
  return { id: jobIdForKey(mail.key), data: storableAsJson(mail) };
}

/**
 * A job's data is jsonb, which holds neither NUL nor lone surrogates; text quoted from users (a
 * moderator's reason) may have them. They are dropped rather than failing the action.
 */
function storableAsJson<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'string'
        ? item
            .replaceAll('\u0000', '')
            .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
        : item,
    ),
  ) as T;
}

/**
 * The same Message-ID for every attempt of one mail: should a send go through and the process die
 * before recording it, the copy sent by the retry is recognisably the same message.
 */
export function messageIdFor(key: string, publicUrl: string): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `<${digest}@${new URL(publicUrl).hostname}>`;
}

/**
 * Sends one queued mail unless its key was sent already (what a retried job does, through
 * deliverBatch).
 */
export async function deliverMail(deps: Deps, mail: QueuedMail): Promise<'sent' | 'already sent'> {
  const [outcome] = await sendOnce(deps, [mail]);
  if (outcome instanceof Error) throw outcome;
  return outcome!;
}

/**
 * Sends each mail whose key was not sent yet, in parallel, then records the keys SMTP accepted in
 * one statement: two queries per batch rather than two per mail (bench:alerts). The records follow
 * the sends, so a failure never loses a mail (at least once); only a crash between a batch's sends
 * and its record can send a second copy, with the same Message-ID.
 */
async function sendOnce(deps: Deps, mails: QueuedMail[]): Promise<Array<'sent' | 'already sent' | Error>> {
  const sentBefore = new Set(
    (
      await deps.db
        .select({ key: mailDeliveries.key })
        .from(mailDeliveries)
        .where(
          inArray(
            mailDeliveries.key,
            mails.map((mail) => mail.key),
          ),
        )
    ).map((row) => row.key),
  );
  const outcomes = await Promise.all(
    mails.map(async (mail): Promise<'sent' | 'already sent' | Error> => {
      if (sentBefore.has(mail.key)) return 'already sent';
      try {
        await deps.mailer.send({ ...mail.message, messageId: messageIdFor(mail.key, deps.config.publicUrl) });
        return 'sent';
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    }),
  );
  const accepted = mails.filter((_mail, i) => outcomes[i] === 'sent').map((mail) => ({ key: mail.key }));
  if (accepted.length > 0) await deps.db.insert(mailDeliveries).values(accepted).onConflictDoNothing();
  return outcomes;
}

/** An SMTP refusal that a retry cannot change (5xx: no such mailbox, message refused). */
function isPermanent(err: unknown): boolean {
  const code = typeof err === 'object' && err && 'responseCode' in err ? err.responseCode : undefined;
  return typeof code === 'number' && code >= 500;
}

const errorOutput = (err: unknown) => ({ message: err instanceof Error ? err.message : String(err) });

/**
 * Settles each mail of a batch on its own: sent (or sent before) completes, a temporary failure
 * (server down, 4xx) is retried with backoff, a permanent refusal goes to the dead letter queue at
 * once. A mail that keeps failing lands there too once its retries are spent.
 */
export async function deliverBatch(
  deps: Deps,
  jobs: Array<{ id: string; data: QueuedMail }>,
): Promise<JobResult[]> {
  const outcomes = await sendOnce(
    deps,
    jobs.map((job) => job.data),
  );
  return jobs.map((job, i): JobResult => {
    const outcome = outcomes[i]!;
    if (!(outcome instanceof Error)) {
      if (outcome === 'sent') deps.metrics?.mails.inc({ outcome: 'sent' });
      deps.logger.info({ key: job.data.key, outcome }, 'mail delivered');
      return { id: job.id, status: 'completed' };
    }
    deps.metrics?.mails.inc({ outcome: isPermanent(outcome) ? 'dead' : 'failed' });
    if (isPermanent(outcome)) {
      deps.logger.error({ err: outcome, key: job.data.key }, 'mail refused for good: dead-lettered');
      return { id: job.id, status: 'deadletter', output: errorOutput(outcome) };
    }
    deps.logger.warn({ err: outcome, key: job.data.key }, 'mail not sent, will retry');
    return { id: job.id, status: 'failed', output: errorOutput(outcome) };
  });
}

/** Works the mail queue in this process. */
export async function workMail(queue: JobQueue, deps: Deps): Promise<void> {
  await queue.boss.work<QueuedMail>(
    QUEUES.mail,
    // NOTIFY wakes the worker for a new mail at once; the poll is what finds retries coming due.
    {
      batchSize: MAIL_BATCH,
      perJobResults: true,
      pollingIntervalSeconds: 2,
      notifyPollingIntervalSeconds: 2,
      // A backlog (the 08:00 digest) is worked without pausing between full batches, by a few
      // fetch loops at once: a send is mostly waiting for the SMTP server (bench:alerts).
      burstWhenBatchFull: true,
      localConcurrency: MAIL_WORKERS,
    },
    (jobs) => deliverBatch(deps, jobs),
  );
}
