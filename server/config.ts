import path from 'node:path';
import { z } from 'zod';

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
  MAIL_FROM: z.preprocess(emptyAsUnset, z.string().default('Armory <no-reply@localhost>')),
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
  WEB_DIST: z.preprocess(emptyAsUnset, z.string().default('dist/web')),
  QUEUE_SUPERVISE_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(3600).default(60)),
  MAIL_RETRY_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(3600).default(30)),
  MAIL_RETRY_LIMIT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(50).default(12)),
  ALERT_INTERVAL_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(86_400).default(900)),
  QUEUE_SCHEDULES: z.preprocess(emptyAsUnset, z.enum(['on', 'off']).default('on')),
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
    queueSuperviseSeconds: e.QUEUE_SUPERVISE_SECONDS,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    mailRetryLimit: e.MAIL_RETRY_LIMIT,
    maintenanceCron: e.MAINTENANCE_CRON,
    queueSchedules: e.QUEUE_SCHEDULES === 'on',
    alertIntervalSeconds: e.ALERT_INTERVAL_SECONDS,
  };
}
