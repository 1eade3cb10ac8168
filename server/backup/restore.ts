import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { ARCHIVE, type BackupSource } from './backup';
import { checksumsOf, type Manifest } from './manifest';

const run = promisify(execFile);

export class RestoreError extends Error {}

/**
 * Restores an archive of createBackup into an empty database and data folder: the manifest's
 * checksums are checked first, and a target holding anything is refused unless `force`.
 */
export async function restoreBackup(
  file: string,
  target: BackupSource,
  { force = false } = {},
): Promise<Manifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'armamarket-restore-'));
  try {
    await run('tar', ['-xf', path.resolve(file), '-C', work]);
    const manifest = readManifest(work);
    await verifyChecksums(work, manifest);
    const uploads = path.join(target.dataDir, 'uploads');
    if (!force && nonEmptyDir(uploads))
      throw new RestoreError(`${uploads} is not empty (use --force to write over it)`);
    if (manifest.driver === 'pg') {
      if (!target.databaseUrl)
        throw new RestoreError('This backup is of PostgreSQL: set DATABASE_URL to restore it');
      await restorePostgres(target.databaseUrl, path.join(work, ARCHIVE.pgDump), force);
    } else {
      if (target.databaseUrl)
        throw new RestoreError('This backup is of the embedded database: unset DATABASE_URL');
      await restorePglite(target.dataDir, path.join(work, ARCHIVE.pgliteDump), force);
    }
    mkdirSync(uploads, { recursive: true });
    cpSync(path.join(work, ARCHIVE.uploads), uploads, { recursive: true, force: true });
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(work: string): Manifest {
  const file = path.join(work, ARCHIVE.manifest);
  if (!existsSync(file)) throw new RestoreError('Not an ArmaMarket backup: no manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 'armamarket-backup/1')
    throw new RestoreError(`Unknown backup format ${manifest.format}`);
  return manifest;
}

async function verifyChecksums(work: string, manifest: Manifest) {
  const files = Object.keys(manifest.checksums);
  const actual = await checksumsOf(
    work,
    files.filter((f) => existsSync(path.join(work, f))),
  );
  const bad = files.filter((f) => actual[f] !== manifest.checksums[f]);
  if (bad.length > 0)
    throw new RestoreError(
      `Checksums do not match for ${bad.length} file(s), e.g. ${bad.slice(0, 3).join(', ')}`,
    );
}

const nonEmptyDir = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

async function restorePostgres(url: string, dump: string, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (!force && (rows[0]?.n ?? 0) > 0)
      throw new RestoreError('The target database is not empty (use --force to replace what it holds)');
  } finally {
    await client.end();
  }
  const clean = force ? ['--clean', '--if-exists'] : [];
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', ...clean, `--dbname=${url}`, dump],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

async function restorePglite(dataDir: string, dump: string, force: boolean) {
  const dir = path.join(dataDir, 'db');
  if (nonEmptyDir(dir)) {
    if (!force) throw new RestoreError(`${dir} is not empty (use --force to replace it)`);
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({
    kind: 'pglite',
    dir,
    from: new Blob([new Uint8Array(readFileSync(dump))]),
  });
  await database.close();
}
