import { type SQL, sql } from 'drizzle-orm';
import {
  type ConstructorOptions,
  fromDrizzle,
  fromPglite,
  type JobInsert,
  PgBoss,
  type Queue,
  type SendOptions,
} from 'pg-boss';
import type { Database, QueueTarget } from '../db/client';
import type { Logger } from '../logger';

/** Every queue the marketplace works. Their options live here, applied on each start. */
export const QUEUES = {
  mail: 'mail',
  /** Mails that failed for good (the server refused them, or every retry failed), kept for a redrive. */
  mailDead: 'mail-dead',
  maintenance: 'maintenance',
  /** Saved searches (issue 11): match an ad that became public, queued in its approval's transaction. */
  alertMatch: 'alert-match',
  /**
   * Records the matches of the ads approved since the last sweep and queues their instant alerts:
   * queued by each matching that found some, one waiting at a time.
   */
  alertSweep: 'alert-sweep',
  /** One saved search's instant alert: one job per search at a time, at most one mail per 15 minutes. */
  alertInstant: 'alert-instant',
  /** The 08:00 Europe/Bucharest digest of daily saved searches (a cron job, once per cluster). */
  alertDigest: 'alert-digest',
  /** Issue 28: tells those who keep an ad in favorites about its price drop (queued with the new price). */
  priceDropFanout: 'price-drop-fanout',
  /** One person's price-drop mail: one job per person at a time, at most one mail per alert interval. */
  priceDropAlert: 'price-drop-alert',
  /** Issue 29: a weapon deal's reminder to the seller to have it struck off their permit (queued with a start time). */
  dealReminder: 'deal-reminder',
  /** A user's data export (issue 31): builds the ZIP, marks it ready, mails its owner. */
  accountExport: 'account-export',
  /** Deletes an export's file once its 24 hours are up (queued with a start time). */
  accountExportExpire: 'account-export-expire',
  /** Erases a deleted account (issue 31): retried until done, whatever restarts come between. */
  accountDelete: 'account-delete',
  /** A deleted account's formerly public ads, 30 days after the deletion (queued with a start time). */
  accountAdsPurge: 'account-ads-purge',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type QueueSettings = {
  /** How often expired jobs and lost heartbeats are looked for (pg-boss supervise and monitor). */
  superviseSeconds: number;
  /** The first retry delay of a failed mail; later ones double, up to 64 times it and at most half an hour. */
  mailRetrySeconds: number;
  /** Retries of a mail before it is dead-lettered. */
  mailRetryLimit: number;
  /** Whether this process creates the jobs of due cron schedules (pg-boss `schedule`). */
  runSchedules: boolean;
};

/** A drizzle database or transaction: what a job is queued through, so it commits with the caller's writes. */
export type SqlExecutor = Pick<Database, 'execute'>;

const DAY = 24 * 60 * 60;

/** pg-boss statements run through drizzle: both drivers answer `{ rows }`. */
const throughDrizzle = (executor: SqlExecutor) =>
  fromDrizzle(
    { execute: async (query) => (await executor.execute(query as SQL)) as unknown as { rows: unknown[] } },
    sql,
  );

function queueOptions(settings: QueueSettings): Record<QueueName, Omit<Queue, 'name'>> {
  return {
    [QUEUES.mailDead]: { retentionSeconds: 30 * DAY, deleteAfterSeconds: 30 * DAY },
    [QUEUES.mail]: {
      retryLimit: settings.mailRetryLimit,
      retryDelay: settings.mailRetrySeconds,
      retryBackoff: true,
      retryDelayMax: Math.min(30 * 60, settings.mailRetrySeconds * 64),
      // A send takes seconds (the SMTP timeouts are 10 to 30 s); a worker that dies mid-send stops
      // beating and its mail is retried within half a minute rather than after the expiry.
      expireInSeconds: 2 * 60,
      heartbeatSeconds: 20,
      // The payload holds links with tokens: gone a day after the mail went out.
      deleteAfterSeconds: DAY,
      deadLetter: QUEUES.mailDead,
      notify: true,
    },
    // Exclusive: an hour's run still going when the next is due makes the next one wait its turn
    // rather than run beside it.
    [QUEUES.maintenance]: { policy: 'exclusive', retryLimit: 1, expireInSeconds: 30 * 60 },
    [QUEUES.alertMatch]: ALERT_JOB_RETRIES,
    // Stately: one sweep waiting and one running; a matching that finds one waiting leaves it the work.
    [QUEUES.alertSweep]: { policy: 'stately', ...ALERT_JOB_RETRIES },
    // Stately, keyed by the search: one alert waiting and one running per search, so a match that
    // arrives while one waits is mailed by that one.
    [QUEUES.alertInstant]: { policy: 'stately', ...ALERT_JOB_RETRIES },
    [QUEUES.priceDropFanout]: ALERT_JOB_RETRIES,
    // Stately, keyed by the person, like the instant alerts: a drop that arrives while their mail
    // waits is told by that mail.
    [QUEUES.priceDropAlert]: { policy: 'stately', ...ALERT_JOB_RETRIES },
    [QUEUES.dealReminder]: ACCOUNT_JOB_RETRIES,
    [QUEUES.accountExport]: ACCOUNT_JOB_RETRIES,
    [QUEUES.accountExportExpire]: ACCOUNT_JOB_RETRIES,
    [QUEUES.accountDelete]: ACCOUNT_JOB_RETRIES,
    [QUEUES.accountAdsPurge]: ACCOUNT_JOB_RETRIES,
    [QUEUES.alertDigest]: {
      policy: 'exclusive',
      retryLimit: 3,
      retryDelay: 60,
      expireInSeconds: 60 * 60,
      heartbeatSeconds: 60,
    },
  };
}

/**
 * The alert jobs' retries, like mail's: a worker that dies mid-job stops beating, and the job is
 * retried within half a minute.
 */
const ALERT_JOB_RETRIES = {
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  heartbeatSeconds: 20,
};

/**
 * Issue 31's jobs: a worker that dies mid-job stops beating and the job is retried, many times, so a
 * deletion is finished whatever restarts come between (each step can be done again).
 */
const ACCOUNT_JOB_RETRIES = {
  retryLimit: 20,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 30 * 60,
  expireInSeconds: 10 * 60,
  heartbeatSeconds: 30,
};

export type JobQueue = {
  boss: PgBoss;
  /** Installs or upgrades pg-boss's schema and the queues. Workers are started apart (workers.ts). */
  start(): Promise<void>;
  /** Waits up to `timeoutMs` for jobs in hand, then stops polling and closes pg-boss's connections. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Queues a job through `executor`: inside the caller's transaction, the job exists exactly when
   * the caller's writes commit. Returns null when a job with the same id already exists.
   */
  send(executor: SqlExecutor, name: QueueName, data: object, options?: SendOptions): Promise<string | null>;
  /** Queues many jobs in one statement through `executor` (jobs whose id exists already are skipped). */
  insert(executor: SqlExecutor, name: QueueName, jobs: JobInsert[]): Promise<void>;
};

/**
 * pg-boss on the app's own database. On PostgreSQL it keeps a small pool of its own (and one
 * LISTEN connection); on PGlite it shares the one embedded connection through pg-boss's PGlite
 * adapter, whose statements queue behind any open transaction of the app.
 */
export function createJobQueue(target: QueueTarget, settings: QueueSettings, logger: Logger): JobQueue {
  const common: ConstructorOptions = {
    useListenNotify: true,
    superviseIntervalSeconds: settings.superviseSeconds,
    monitorIntervalSeconds: settings.superviseSeconds,
    schedule: settings.runSchedules,
    // Observability extras that cost queries and are not used here.
    persistWarnings: false,
    openTelemetry: { enabled: false },
  };
  const boss =
    target.kind === 'pglite'
      ? new PgBoss({ ...common, backend: 'pglite', db: fromPglite(target.client) })
      : new PgBoss({
          ...common,
          connectionString: target.url,
          schema: target.schema,
          max: target.poolSize,
          application_name: 'armamarket-jobs',
        });
  // pg-boss reports the failures of its background loops here (a database outage among them); they
  // must never crash the process, and it retries on its own.
  boss.on('error', (err) => logger.warn({ err }, 'job queue error'));
  boss.on('warning', (warning) => logger.debug({ warning }, 'job queue warning'));

  const options = queueOptions(settings);
  return {
    boss,
    start: async () => {
      await boss.start();
      // The dead letter queue first: the mail queue names it.
      for (const name of [
        QUEUES.mailDead,
        QUEUES.mail,
        QUEUES.maintenance,
        QUEUES.alertMatch,
        QUEUES.alertSweep,
        QUEUES.alertInstant,
        QUEUES.alertDigest,
        QUEUES.accountExport,
        QUEUES.accountExportExpire,
        QUEUES.accountDelete,
        QUEUES.accountAdsPurge,
        QUEUES.priceDropFanout,
        QUEUES.priceDropAlert,
        QUEUES.dealReminder,
      ] as const) {
        const { policy, ...changeable } = options[name];
        await boss.createQueue(name, { policy, ...changeable });
        // createQueue leaves an existing queue as it was; settings from the environment may have changed.
        await boss.updateQueue(name, changeable);
      }
    },
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
    send: (executor, name, data, sendOptions = {}) =>
      boss.send(name, data, { ...sendOptions, db: throughDrizzle(executor) }),
    insert: async (executor, name, jobs) => {
      if (jobs.length > 0) await boss.insert(name, jobs, { db: throughDrizzle(executor) });
    },
  };
}
