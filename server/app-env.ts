import type { IndexedSearch } from './ads/search-index/index-sync';
import type { Auth } from './auth/auth';
import type { Viewer } from './auth/viewer';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { AppMetrics } from './metrics/metrics';
import type { Storage } from './storage/storage';

/** Everything the API needs from the outside, passed in so tests can build an app on their own database. */
export type AppDeps = {
  config: Config;
  database: DbHandle;
  logger: Logger;
  /** Defaults to SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Where uploaded images go; defaults to DATA_DIR/uploads served under /media. */
  storage?: Storage;
};

/** The services built once from the deps and shared by the routes. */
export type Services = {
  config: Config;
  db: DbHandle['db'];
  auth: Auth;
  mailer: Mailer;
  /** Background work (mail, cron jobs) on the database; started by main.ts or the test harness. */
  queue: JobQueue;
  storage: Storage;
  logger: Logger;
  /** The in-memory search index (server/ads/search-index/); loaded by main.ts or the test harness. */
  search: IndexedSearch;
  /** Request, mail, queue, index and pool metrics for /metrics (server/metrics/). */
  metrics: AppMetrics;
};

/** Per-request values that middleware sets for the handlers. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** Looks the session up at most once per request, on first use. */
    loadViewer: () => Promise<Viewer | null>;
  };
};
