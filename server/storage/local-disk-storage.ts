import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertValidStorageKey, contentTypeForKey, InvalidStorageKeyError, type Storage } from './storage';

export type LocalDiskStorageOptions = {
  /** Directory that holds the files, e.g. `${DATA_DIR}/uploads`; created on first write. */
  rootDir: string;
  /** URL prefix the files are served under, e.g. `/media`. */
  publicBaseUrl: string;
};

/**
 * Stores files under rootDir, one file per key. It keeps no metadata beside the file, so the
 * content type is the one the key's extension stands for and put() refuses a type that disagrees.
 */
export function createLocalDiskStorage(options: LocalDiskStorageOptions): Storage {
  const rootDir = path.resolve(options.rootDir);
  const baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  const fileFor = (key: string) => filePathForKey(rootDir, key);

  return {
    async put(key, data, contentType) {
      const file = fileFor(key);
      assertContentTypeFitsKey(key, contentType);
      await writeAtomically(file, data).catch((err: unknown) => {
        // delete() may prune the directory between our mkdir and open; once more settles it.
        if (errorCode(err) !== 'ENOENT') throw err;
        return writeAtomically(file, data);
      });
    },
    async get(key) {
      const file = fileFor(key);
      try {
        return { data: await readFile(file), contentType: contentTypeForKey(key) };
      } catch (err) {
        if (isNoFile(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileFor(key);
      try {
        await unlink(file);
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') throw err;
      }
      await pruneEmptyDirs(rootDir, path.dirname(file));
    },
    async exists(key) {
      try {
        return (await stat(fileFor(key))).isFile();
      } catch (err) {
        if (isNoFile(err)) return false;
        throw err;
      }
    },
    publicUrl(key) {
      assertValidStorageKey(key);
      return `${baseUrl}/${key}`;
    },
    sweepInterruptedWrites(olderThanMs) {
      return sweepTempFiles(rootDir, Date.now() - olderThanMs);
    },
  };
}

/** The hidden name writeAtomically gives a file being written; no storage key can produce it. */
const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * A process killed in the middle of writeAtomically leaves its temp file (and perhaps the directory
 * it made for it). Both are removed once last modified before `cutoff`, which must be old enough that
 * no write still in progress (in this process or another on the same DATA_DIR) can be affected.
 * Returns how many temp files went.
 */
async function sweepTempFiles(rootDir: string, cutoff: number): Promise<number> {
  let removed = 0;
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return; // no upload yet, or pruned meanwhile
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // Judged by its age before the sweep: removing a temp file inside makes it look new.
        const old = await modifiedBefore(full, cutoff);
        await walk(full);
        if (old) await removeIfEmpty(full);
      } else if (entry.isFile() && TEMP_FILE.test(entry.name) && (await modifiedBefore(full, cutoff))) {
        await rm(full, { force: true });
        removed += 1;
      }
    }
  };
  await walk(rootDir);
  return removed;
}

async function modifiedBefore(file: string, cutoff: number): Promise<boolean> {
  try {
    return (await stat(file)).mtimeMs <= cutoff;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return false; // renamed into place meanwhile
    throw err;
  }
}

async function removeIfEmpty(dir: string): Promise<void> {
  try {
    await rmdir(dir);
  } catch {
    // not empty, or gone already: either way nothing to do
  }
}

function filePathForKey(rootDir: string, key: string): string {
  assertValidStorageKey(key);
  const file = path.join(rootDir, ...key.split('/'));
  // The key rules already forbid escaping; this guards against a future change to them.
  if (!file.startsWith(rootDir + path.sep)) throw new InvalidStorageKeyError(key);
  return file;
}

function assertContentTypeFitsKey(key: string, contentType: string): void {
  const declared = contentType.split(';')[0]?.trim().toLowerCase();
  if (declared !== contentTypeForKey(key)) {
    throw new Error(`Content type ${contentType} does not match the extension of ${key}`);
  }
}

/**
 * Writes to a hidden temp file in the same directory, flushes it, then renames it over the target:
 * rename is atomic within a file system, so a crash leaves the old file or the new one, never half.
 */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeAndSync(temp, data);
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

async function writeAndSync(file: string, data: Buffer): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes directories left empty by a delete, up to (not including) the root. */
async function pruneEmptyDirs(rootDir: string, dir: string): Promise<void> {
  let current = dir;
  while (current.startsWith(rootDir + path.sep)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): everything above it stays
    }
    current = path.dirname(current);
  }
}

function errorCode(err: unknown): string | undefined {
  return err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

/** A missing file, or a key that names a directory: either way there is no file to give. */
function isNoFile(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
