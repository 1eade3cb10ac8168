import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

/** What a backup says of itself: checked on restore, compared by the restore drill. */
export type Manifest = {
  format: 'armamarket-backup/1';
  createdAt: string;
  app: { version: string; commit: string | null };
  driver: 'pg' | 'pglite';
  /** The last migration applied to the backed-up database (drizzle's journal tag count). */
  migrations: number;
  /** Rows per table, read from the same snapshot as the dump. */
  counts: Record<string, number>;
  /** sha256 of every file in the archive but this one, by its path inside it. */
  checksums: Record<string, string>;
};

/** The tables whose counts a restore must reproduce. */
export const COUNTED_TABLES = [
  'user',
  'ads',
  'ad_images',
  'conversations',
  'messages',
  'favorites',
  'saved_searches',
  'reports',
] as const;

export async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/** How many migrations the database has applied (drizzle's journal, in its own schema on both drivers). */
export async function appliedMigrations(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Every file under `root`, as paths relative to it with forward slashes. */
export function listFiles(root: string, under = ''): string[] {
  const dir = path.join(root, under);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const relative = under ? `${under}/${name}` : name;
    return statSync(path.join(root, relative)).isDirectory() ? listFiles(root, relative) : [relative];
  });
}

export async function checksumsOf(root: string, files: string[]): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const file of files) sums[file] = await sha256File(path.join(root, file));
  return sums;
}
