import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { IMAGE_FILE_NAMES } from '../images/store-image';

/** What lies under DATA_DIR/uploads: storage keys of finished files, and temp files of unfinished writes. */
export async function listUploads(uploadsDir: string): Promise<{ files: string[]; temps: string[] }> {
  const files: string[] = [];
  const temps: string[] = [];
  const walk = async (dir: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.startsWith('.')) temps.push(path.relative(uploadsDir, full));
      else files.push(path.relative(uploadsDir, full).split(path.sep).join('/'));
    }
  };
  await walk(uploadsDir);
  return { files, temps };
}

export type ImageRow = { id: string; storage_key: string; ad_id: string | null; position: number };

export const imageRows = (db: Database) =>
  queryRows<ImageRow>(db, sql`select id, storage_key, ad_id, position from ad_images`);

/**
 * Files against rows: files no row names (leaked for good: nothing would ever delete them), and
 * rows missing some of their files.
 */
export function compareUploads(rows: ImageRow[], files: string[]) {
  const onDisk = new Set(files);
  const named = new Set(rows.flatMap((row) => IMAGE_FILE_NAMES.map((file) => `${row.storage_key}/${file}`)));
  return {
    unnamedFiles: files.filter((file) => !named.has(file)),
    incompleteRows: rows.filter((row) =>
      IMAGE_FILE_NAMES.some((file) => !onDisk.has(`${row.storage_key}/${file}`)),
    ),
  };
}
