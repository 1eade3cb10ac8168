import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { dumpLivePglite } from './live-pglite';
import { appliedMigrations, checksumsOf, countRows, listFiles, type Manifest } from './manifest';

const run = promisify(execFile);

export type BackupSource = { databaseUrl: string | undefined; dataDir: string };

/** Where things sit inside an archive. */
export const ARCHIVE = {
  manifest: 'manifest.json',
  pgDump: 'database/postgres.dump',
  pgliteDump: 'database/pglite.tar.gz',
  uploads: 'uploads',
} as const;

/**
 * Writes one archive (a tar) of the database and the uploaded images, with a manifest. Safe while
 * the server runs and takes writes: PostgreSQL is dumped by pg_dump inside one exported snapshot the
 * counts are read from too; the embedded database is dumped by the server that holds it (or opened
 * here when no server runs), and counted in a copy loaded from that very dump. Images are copied
 * after the database: their names never repeat, so every image the dump refers to is there (images
 * uploaded meanwhile come along unused, and the maintenance collects them after a restore).
 */
export async function createBackup(source: BackupSource, file: string): Promise<Manifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'armamarket-backup-'));
  try {
    mkdirSync(path.join(work, 'database'));
    const { counts, migrations, driver } = source.databaseUrl
      ? await dumpPostgres(source.databaseUrl, path.join(work, ARCHIVE.pgDump))
      : await dumpPglite(source.dataDir, path.join(work, ARCHIVE.pgliteDump));
    const uploads = path.join(source.dataDir, 'uploads');
    mkdirSync(path.join(work, ARCHIVE.uploads));
    if (existsSync(uploads)) cpSync(uploads, path.join(work, ARCHIVE.uploads), { recursive: true });
    const files = listFiles(work);
    const manifest: Manifest = {
      format: 'armamarket-backup/1',
      createdAt: new Date().toISOString(),
      app: appVersion(),
      driver,
      migrations,
      counts,
      checksums: await checksumsOf(work, files),
    };
    writeFileSync(path.join(work, ARCHIVE.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    await run('tar', ['-cf', path.resolve(file), '-C', work, '.']);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function dumpPostgres(url: string, target: string) {
  // The snapshot is exported by a transaction that stays open until pg_dump has read it: the counts
  // and the dump see the same database, whatever commits meanwhile.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin transaction isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const snapshot = rows[0]!.id;
    const counted = await countInSnapshot(client);
    await run(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${target}`,
        `--dbname=${url}`,
      ],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    await client.query('commit');
    return { ...counted, driver: 'pg' as const };
  } finally {
    await client.end();
  }
}

/** Counts through the snapshot's own connection, so they see what the dump sees. */
async function countInSnapshot(client: pg.Client) {
  const db = drizzle(client) as unknown as Database;
  return { counts: await countRows(db), migrations: await appliedMigrations(db) };
}

async function dumpPglite(dataDir: string, target: string) {
  const dump = (await dumpLivePglite(dataDir)) ?? (await dumpStoppedPglite(dataDir));
  writeFileSync(target, dump);
  // Counted in a copy loaded from the dump itself: exactly what a restore will hold.
  const copy = await openDatabase({ kind: 'pglite', from: new Blob([new Uint8Array(dump)]) });
  try {
    return {
      counts: await countRows(copy.db),
      migrations: await appliedMigrations(copy.db),
      driver: 'pglite' as const,
    };
  } finally {
    await copy.close();
  }
}

/** No server holds the embedded database: open it here, dump it, close it. */
async function dumpStoppedPglite(dataDir: string): Promise<Buffer> {
  const dir = path.join(dataDir, 'db');
  const database = await openDatabase({ kind: 'pglite', dir });
  try {
    if (database.queueTarget.kind !== 'pglite') throw new Error('expected PGlite');
    const blob = await database.queueTarget.client.dumpDataDir('gzip');
    return Buffer.from(await blob.arrayBuffer());
  } finally {
    await database.close();
  }
}

function appVersion(): Manifest['app'] {
  const root = path.resolve(import.meta.dirname, '../..');
  const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
    .version;
  let commit: string | null = null;
  try {
    const head = readFileSync(path.join(root, '.git/HEAD'), 'utf8').trim();
    commit = head.startsWith('ref: ')
      ? readFileSync(path.join(root, '.git', head.slice(5)), 'utf8').trim()
      : head;
  } catch {
    commit = null; // not a git checkout (a release folder)
  }
  return { version, commit };
}
