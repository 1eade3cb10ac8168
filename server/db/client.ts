import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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

export type DbHandle = {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Applies the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenDatabaseOptions =
  | { kind: 'pg'; url: string; schema?: string; poolSize?: number }
  | { kind: 'pglite'; dir?: string };

/** PostgreSQL when a URL is given, otherwise the embedded PGlite (on disk, or in memory without a dir). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  return options.kind === 'pg' ? openPostgres(options) : openPglite(options.dir);
}

async function openPglite(dir: string | undefined): Promise<DbHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', { extensions: { unaccent } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(options: { url: string; schema?: string; poolSize?: number }): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    // A dedicated schema isolates each test file; public stays on the path for the shared extensions.
    options: options.schema ? `-c search_path=${options.schema},public` : undefined,
  });
  // An idle client losing its connection (PostgreSQL restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pg',
    migrate: async () => {
      if (options.schema) await db.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`));
      await migrateNodePg(db, { migrationsFolder, migrationsSchema: options.schema ?? 'drizzle' });
    },
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The database the configuration names: DATABASE_URL, or PGlite under DATA_DIR/db. */
export function openConfiguredDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'pg', url: config.databaseUrl }
      : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
  );
}

/** Raw SQL rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
