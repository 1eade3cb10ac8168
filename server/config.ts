import path from 'node:path';
import { z } from 'zod';
import { isValidCui } from '../common/cui';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUnset, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUnset, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUnset, z.string().default('ArmaMarket <no-reply@localhost>')),
  AUTH_SECRET: z.preprocess(emptyAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  DEMO_DATA: z.preprocess(emptyAsUnset, z.enum(['on', 'off']).default('on')),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  // A hop count; `true` and `false` still mean 1 and 0, as before it counted.
  TRUST_PROXY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^(true|false|\d{1,2})$/, 'must be the number of trusted proxies (0, 1, 2, …) or true/false')
      .default('0'),
  ),
  API_ONLY: z.preprocess(emptyAsUnset, z.enum(['true', 'false', '1', '0']).default('false')),
  LIST_CACHE_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(600_000).default(5000)),
  PAGE_CONCURRENCY: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(1000).default(4)),
  // Server processes sharing the port (node:cluster): one per core on PostgreSQL. PGlite is one process.
  WEB_CONCURRENCY: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(64).default(1)),
  WEB_DIST: z.preprocess(emptyAsUnset, z.string().default('dist/web')),
  QUEUE_SUPERVISE_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(3600).default(60)),
  MAIL_RETRY_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(3600).default(30)),
  MAIL_RETRY_LIMIT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(50).default(12)),
  ALERT_INTERVAL_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(86_400).default(900)),
  QUEUE_SCHEDULES: z.preprocess(emptyAsUnset, z.enum(['on', 'off']).default('on')),
  // /metrics (Prometheus text): on a port of its own, or on the main port behind `Authorization: Bearer`.
  METRICS_PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_TOKEN: z.preprocess(emptyAsUnset, z.string().min(16, 'must be at least 16 characters').optional()),
  // Who runs the site (issue 31): named on /termeni, /confidentialitate and /contact, as Legea 365/2002
  // art. 5 asks of a service provider. Unset, the pages say that the operator has not filled them in.
  OPERATOR_NAME: z.preprocess(emptyAsUnset, z.string().max(200).optional()),
  OPERATOR_CUI: z.preprocess(
    emptyAsUnset,
    z.string().refine(isValidCui, 'must be a valid CUI (check digit)').optional(),
  ),
  OPERATOR_ADDRESS: z.preprocess(emptyAsUnset, z.string().max(300).optional()),
  OPERATOR_EMAIL: z.preprocess(emptyAsUnset, z.email('must be an e-mail address').optional()),
  // The versions of the terms and of the privacy notice: a new terms version asks every signed-in
  // user to accept it once; both are recorded with each acceptance.
  TERMS_VERSION: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[\w.-]{1,40}$/, 'must be a short version name (letters, digits, . _ -)')
      .default('2026-11-27'),
  ),
  PRIVACY_VERSION: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[\w.-]{1,40}$/, 'must be a short version name (letters, digits, . _ -)')
      .default('2026-11-27'),
  ),
  MAINTENANCE_CRON: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^\S+( \S+){4}$/, 'must be a 5-field cron expression')
      .default('0 * * * *'),
  ),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * The origins a browser may send state-changing requests from: PUBLIC_URL's, or when it is not set
   * the loopback names on the configured port (http://localhost, 127.0.0.1 and [::1]).
   */
  appOrigins: string[];
  /** Whether PUBLIC_URL was set, rather than defaulted to localhost. */
  publicUrlSet: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  demoData: boolean;
  logLevel: string;
  webDist: string;
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For (0: none, use the
   * socket's address). The client address is the entry the outermost trusted proxy appended.
   */
  trustProxy: number;
  /** Serve only /api (development: Vite serves the web app). */
  apiOnly: boolean;
  /** How long public list answers are kept in memory (0: not at all). */
  listCacheMs: number;
  /** Pages made at once per process, the others waiting their turn (server/limiter.ts, in pageRenderer; 0: no limit). */
  pageConcurrency: number;
  /** Server processes sharing the port (server/cluster.ts); above 1 only on PostgreSQL. */
  webConcurrency: number;
  /** How often the job queue looks for expired jobs and workers that stopped beating. */
  queueSuperviseSeconds: number;
  /** First retry delay of a failed mail (doubling after), and retries before it is dead-lettered. */
  mailRetrySeconds: number;
  mailRetryLimit: number;
  /** When the maintenance runs (cron, UTC). */
  maintenanceCron: string;
  /**
   * Whether this process turns due cron schedules (maintenance, digest) into jobs. Off in the API
   * tests, whose files must not see the hourly maintenance fire at a wall-clock boundary mid-test.
   */
  queueSchedules: boolean;
  /** At most one instant alert mail per saved search in this many seconds (15 minutes; e2e shortens it). */
  alertIntervalSeconds: number;
  /** A port of its own serving only /metrics (bind it where only the monitoring can reach it). */
  metricsPort: number | undefined;
  /** When set, the main port serves /metrics to `Authorization: Bearer <token>`; otherwise it answers 404. */
  metricsToken: string | undefined;
  /** Who runs the site, as the legal pages name them (null: not configured). */
  operator: { name: string | null; cui: string | null; address: string | null; email: string | null };
  /** The current versions of the terms and of the privacy notice (issue 31). */
  legalVersions: { terms: string; privacy: string };
};

const proxyHops = (value: string) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value));

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad variable stops the server with its name in the message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join('\n')}\nSee .env.example.`);
  }
  if (parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment variable(s):\n  WEB_CONCURRENCY: above 1 needs PostgreSQL (DATABASE_URL); PGlite serves one process\nSee .env.example.',
    );
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appOrigins: e.PUBLIC_URL
      ? [new URL(e.PUBLIC_URL).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${e.PORT}`),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET,
    demoData: e.DEMO_DATA === 'on',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: proxyHops(e.TRUST_PROXY),
    apiOnly: e.API_ONLY === 'true' || e.API_ONLY === '1',
    listCacheMs: e.LIST_CACHE_MS,
    pageConcurrency: e.PAGE_CONCURRENCY,
    webConcurrency: e.WEB_CONCURRENCY,
    queueSuperviseSeconds: e.QUEUE_SUPERVISE_SECONDS,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    mailRetryLimit: e.MAIL_RETRY_LIMIT,
    maintenanceCron: e.MAINTENANCE_CRON,
    queueSchedules: e.QUEUE_SCHEDULES === 'on',
    alertIntervalSeconds: e.ALERT_INTERVAL_SECONDS,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    operator: {
      name: e.OPERATOR_NAME ?? null,
      cui: e.OPERATOR_CUI ?? null,
      address: e.OPERATOR_ADDRESS ?? null,
      email: e.OPERATOR_EMAIL ?? null,
    },
    legalVersions: { terms: e.TERMS_VERSION, privacy: e.PRIVACY_VERSION },
  };
}
