import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Where the job queue (pg-boss) finds this database: the very PGlite instance, whose one connection
 * it then shares with the app, or PostgreSQL by URL, with the schema it keeps its tables in.
 */
export type QueueTarget =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'pg'; url: string; schema: string; poolSize: number };

export type DbHandle = {
  db: Database;
  driver: 'pglite' | 'pg';
  queueTarget: QueueTarget;
  /** Applies the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long PostgreSQL may take before a request gives up on it. */
export type PgTimeouts = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement; the server cancels it after this long (the client stops waiting 5 s later). */
  statementMs: number;
};

/**
 * What the HTTP server uses: an outage must answer 503 within a couple of seconds rather than hold
 * every request (and every client's socket) for the length of the outage. Scripts (migrations, seeding
 * thousands of ads) keep the patient defaults.
 */
export const SERVING_TIMEOUTS: PgTimeouts = { connectMs: 2_000, statementMs: 15_000 };

export type OpenDatabaseOptions =
  | { kind: 'pg'; url: string; schema?: string; poolSize?: number; timeouts?: PgTimeouts }
  /** `from`: a data directory dumped by PGlite (dumpDataDir), to start from instead of an empty one. */
  | { kind: 'pglite'; dir?: string; from?: Blob };

/** PostgreSQL when a URL is given, otherwise the embedded PGlite (on disk, or in memory without a dir). */
/**
 * Planner settings for a database that fits in memory, as a marketplace's working set does:
 * random_page_cost 4 (the default, for spinning disks) made the planner scan every listed ad through
 * a well-ordered index rather than read one brand's ads through the brand's index (`brand=CZ
 * &condition=fair`: 394 ms, 110 ms with 1.1 at a million ads). JIT compiles any query guessed to be
 * large, which costs more than the milliseconds these queries take. Parallel workers: a web server
 * answers many requests at once on a few cores, and two workers per query only add their start-up
 * (about 50 ms on 2 cores) and contention; without them the bench:browse mix went from 82-84 to
 * 90-91 req/s (alternating runs, same seed), and matching a saved-search ad from 70 to 20 ms p50.
 */
export const PLANNER_SETTINGS = [
  '-c random_page_cost=1.1',
  '-c jit=off',
  '-c max_parallel_workers_per_gather=0',
];

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  return options.kind === 'pg' ? openPostgres(options) : openPglite(options.dir, options.from);
}

async function openPglite(dir: string | undefined, from: Blob | undefined): Promise<DbHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', {
    extensions: { unaccent, pg_trgm },
    ...(from ? { loadDataDir: from } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    queueTarget: { kind: 'pglite', client },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Plans a query may be pinned to (server/db/planner.ts), by the planner methods they deny: only
 * bitmap scans of the indexes, or only an index read in its order with no sort.
 */
export const PINNED_PLANS = {
  bitmaps: ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'],
  sortIndex: ['enable_sort', 'enable_seqscan', 'enable_bitmapscan'],
} as const;
export type PinnedPlan = keyof typeof PINNED_PLANS;

/**
 * On PostgreSQL each pinned plan has a small pool of its own whose connections deny those methods
 * from the start: a pinned query is one round trip, where setting them in a transaction took four
 * (begin, set, query, commit). Absent for PGlite and for transactions.
 */
const pinnedPools = new WeakMap<Database, Record<PinnedPlan, Database>>();
export function pinnedDatabase(db: Database, plan: PinnedPlan): Database | undefined {
  return pinnedPools.get(db)?.[plan];
}

async function openPostgres(options: {
  url: string;
  schema?: string;
  poolSize?: number;
  timeouts?: PgTimeouts;
}): Promise<DbHandle> {
  const connectionWith = (settings: readonly string[]) => ({
    connectionString: options.url,
    // A dedicated schema isolates each test file; public stays on the path for the shared extensions.
    options: [options.schema ? `-c search_path=${options.schema},public` : '', ...settings]
      .filter(Boolean)
      .join(' '),
    // A connection whose peer vanished without a FIN (a network partition) is noticed by the kernel.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const connection = connectionWith(PLANNER_SETTINGS);
  const timeouts = options.timeouts;
  const health: ConnectionHealth = { failedAt: 0, connectedAt: 0 };
  const poolSize = options.poolSize ?? 10;
  const servingPool = (settings: readonly string[], max: number) => {
    const pool = new pg.Pool({
      ...connectionWith(settings),
      max,
      connectionTimeoutMillis: timeouts?.connectMs ?? 5_000,
      statement_timeout: timeouts?.statementMs,
      // The server-side timeout cancels a slow statement; this one ends the wait when no answer can come.
      query_timeout: timeouts ? timeouts.statementMs + 5_000 : undefined,
      Client: trackingClient(health),
    });
    // An idle client losing its connection (PostgreSQL restarting) must not crash the process.
    pool.on('error', () => {
      health.failedAt = Date.now();
    });
    return pool;
  };
  const pool = servingPool(PLANNER_SETTINGS, poolSize);
  const pinnedPool = (plan: PinnedPlan) =>
    servingPool(
      [...PLANNER_SETTINGS, ...PINNED_PLANS[plan].map((method) => `-c ${method}=off`)],
      Math.ceil(poolSize / 2),
    );
  const pinned: Record<PinnedPlan, pg.Pool> = {
    bitmaps: pinnedPool('bitmaps'),
    sortIndex: pinnedPool('sortIndex'),
  };
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  connectionHealth.set(db, health);
  servingPools.set(db, pool);
  pinnedPools.set(db, {
    bitmaps: drizzleNodePg(pinned.bitmaps, { schema }) as unknown as Database,
    sortIndex: drizzleNodePg(pinned.sortIndex, { schema }) as unknown as Database,
  });
  return {
    db,
    driver: 'pg',
    // A test file's schema gets its own queue schema beside it, so that files never share jobs.
    queueTarget: {
      kind: 'pg',
      url: options.url,
      schema: options.schema ? `${options.schema}_jobs` : 'pgboss',
      poolSize: options.schema ? 3 : 5,
    },
    migrate: async () => {
      // Its own connection without the serving timeouts: a migration may rewrite a large table.
      const migrationPool = new pg.Pool({ ...connection, max: 1 });
      migrationPool.on('error', () => {});
      try {
        const migrationDb = drizzleNodePg(migrationPool, { schema });
        if (options.schema) {
          await migrationDb.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`));
        }
        await migrateNodePg(migrationDb, { migrationsFolder, migrationsSchema: options.schema ?? 'drizzle' });
      } finally {
        await migrationPool.end();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), pinned.bitmaps.end(), pinned.sortIndex.end()]);
    },
  };
}

const servingPools = new WeakMap<Database, pg.Pool>();

/** The serving pool's connections (for /metrics); null on PGlite, which has no pool. */
export function poolUse(db: Database): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = servingPools.get(db);
  if (!pool) return null;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 0,
  };
}

/** When a pool last failed to reach PostgreSQL (connecting, or a connection dropping) and last reached it. */
type ConnectionHealth = { failedAt: number; connectedAt: number };
const connectionHealth = new WeakMap<Database, ConnectionHealth>();

/** How long after its last failure a pool that has not connected since still counts as cut off. */
const UNREACHABLE_WINDOW_MS = 30_000;

type ConnectCallback = ((err: Error) => void) | ((err: null, client: pg.Client) => void);

/**
 * pg clients that report to `health`. Failed connection attempts are invisible from the outside
 * (pg-pool emits nothing for them), and some libraries (better-auth) turn the query error into one
 * of their own, so the pool's state is the only way left to tell an outage from a bug.
 */
function trackingClient(health: ConnectionHealth): typeof pg.Client {
  return class TrackingClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // pg-pool listens for errors only on idle clients. A connection lost while a client is checked
      // out (inside a transaction, between two statements) would otherwise be an unhandled 'error'
      // event and crash the server; the statement in progress fails on its own.
      this.on('error', () => {
        health.failedAt = Date.now();
      });
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | undefined {
      const connecting = super.connect().then(
        (client) => {
          health.connectedAt = Date.now();
          return client;
        },
        (err: unknown) => {
          health.failedAt = Date.now();
          throw err;
        },
      );
      if (!callback) return connecting;
      const done = callback as (err: Error | null, client?: pg.Client) => void;
      connecting.then(
        (client) => done(null, client),
        (err: Error) => done(err),
      );
      return undefined;
    }
  };
}

/**
 * Whether the handle's PostgreSQL is out of reach right now: a connection failed recently and none
 * has been made since. Always false for PGlite, which lives in the process.
 */
export function isDatabaseUnreachable(db: Database, now = Date.now()): boolean {
  const health = connectionHealth.get(db);
  if (!health) return false;
  return health.failedAt > health.connectedAt && now - health.failedAt < UNREACHABLE_WINDOW_MS;
}

/** Raised by code that found the database not answering (the health check). */
export class DatabaseUnavailableError extends Error {}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server going away or not taking connections: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting up or shutting down), too_many_connections; class 08 is added below.
 */
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg and pg-pool raise these as plain Errors without a code. */
const DRIVER_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/**
 * Whether an error means "the database cannot be reached" rather than "this query is wrong". Looks
 * through drizzle's DrizzleQueryError (the driver's error is its cause) and Node's AggregateError
 * (one per address tried).
 */
export function isDatabaseUnavailableError(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  if (code && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  if (DRIVER_MESSAGES.has(err.message)) return true;
  if (
    err instanceof AggregateError &&
    err.errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailableError(err.cause, depth + 1);
}

/** `select 1`, given up on after `timeoutMs` so that a health check answers even when PostgreSQL hangs. */
export async function pingDatabase(db: Database, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailableError('The database did not answer in time')),
      timeoutMs,
    );
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database the configuration names: DATABASE_URL, or PGlite under DATA_DIR/db. */
export function openConfiguredDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  options: { timeouts?: PgTimeouts } = {},
) {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'pg', url: config.databaseUrl, timeouts: options.timeouts }
      : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
  );
}

/** Raw SQL rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Drizzle's own way to run a statement under a name; not in its public types. */
type NamingSession = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: false,
  ): { execute(): Promise<unknown> };
};

/**
 * A statement that runs on every search, prepared under `name` once per connection: PostgreSQL plans
 * it once instead of on every call (planning a page's cards took longer than reading them). Only the
 * parameters may differ from call to call, never the text. PGlite runs it as any other statement.
 */
export async function preparedRows<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as {
    session: NamingSession;
    dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  };
  const result = (await session
    .prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
    .execute()) as {
    rows: T[];
  };
  return result.rows;
}

/**
 * A text[] parameter. Drizzle spreads a JS array into a list of parameters, so the array goes as
 * one literal, each element quoted and escaped (any text is safe).
 */
export function textArray(values: readonly string[]): SQL {
  const quoted = values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return sql`${`{${quoted.join(',')}}`}::text[]`;
}
