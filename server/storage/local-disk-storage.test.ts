import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';
import { InvalidStorageKeyError, type Storage } from './storage';

let rootDir: string;
let storage: Storage;

beforeEach(async () => {
  rootDir = await mkdtemp(path.join(os.tmpdir(), 'local-disk-storage-'));
  storage = createLocalDiskStorage({ rootDir, publicBaseUrl: '/media/' });
});
afterEach(() => rm(rootDir, { recursive: true, force: true }));

/** Every entry under the root, hidden temp files included. */
const listAll = () => readdir(rootDir, { recursive: true });
const KEY = 'ads/u1/1700000000000-abc/card.webp';

describe('local disk storage', () => {
  it('puts, reads back, reports and deletes a file', async () => {
    await storage.put(KEY, Buffer.from('webp bytes'), 'image/webp');

    expect(await storage.exists(KEY)).toBe(true);
    expect(await storage.get(KEY)).toEqual({ data: Buffer.from('webp bytes'), contentType: 'image/webp' });
    expect(await readFile(path.join(rootDir, KEY), 'utf8')).toBe('webp bytes');

    await storage.delete(KEY);
    expect(await storage.exists(KEY)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
  });

  it('deletes idempotently and prunes the directories left empty, keeping the root', async () => {
    await storage.put(KEY, Buffer.from('x'), 'image/webp');
    await storage.put('ads/u1/other/card.jpg', Buffer.from('y'), 'image/jpeg');

    await storage.delete(KEY);
    await storage.delete(KEY);
    await storage.delete('ads/never/was.webp');

    expect((await listAll()).sort()).toEqual(['ads', 'ads/u1', 'ads/u1/other', 'ads/u1/other/card.jpg']);
    await storage.delete('ads/u1/other/card.jpg');
    expect(await listAll()).toEqual([]);
  });

  it('treats a key that names a directory as no file', async () => {
    await storage.put(KEY, Buffer.from('x'), 'image/webp');
    expect(await storage.exists('ads/u1')).toBe(false);
    expect(await storage.get('ads/u1')).toBeNull();
  });

  it('replaces a file whole and leaves no temp file behind', async () => {
    await storage.put(KEY, Buffer.from('first'), 'image/webp');
    await storage.put(KEY, Buffer.from('second'), 'image/webp');

    expect((await storage.get(KEY))?.data.toString()).toBe('second');
    expect(await listAll()).toEqual(['ads', 'ads/u1', 'ads/u1/1700000000000-abc', KEY]);
  });

  it('removes its temp file when the final rename fails', async () => {
    // A non-empty directory where the file should go makes the rename fail after the data is written.
    await mkdir(path.join(rootDir, 'ads', 'taken.webp'), { recursive: true });
    await writeFile(path.join(rootDir, 'ads', 'taken.webp', 'inner'), 'x');

    await expect(storage.put('ads/taken.webp', Buffer.from('data'), 'image/webp')).rejects.toThrow();
    expect((await listAll()).sort()).toEqual(['ads', 'ads/taken.webp', 'ads/taken.webp/inner']);
  });

  it('writes many files at once without collisions', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `ads/u1/batch/${i}.jpg`);
    await Promise.all(keys.map((key) => storage.put(key, Buffer.from(key), 'image/jpeg')));
    for (const key of keys) expect((await storage.get(key))?.data.toString()).toBe(key);
  });

  it('refuses bad keys in every call, before touching the disk', async () => {
    for (const key of [
      '../escape.webp',
      '/abs.webp',
      'ads/../../escape.webp',
      'ads/.hidden.webp',
      'a//b.webp',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.exists(key), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toThrow(InvalidStorageKeyError);
      expect(() => storage.publicUrl(key), key).toThrow(InvalidStorageKeyError);
    }
    expect(await listAll()).toEqual([]);
    expect(await readdir(path.dirname(rootDir))).not.toContain('escape.webp');
  });

  it('refuses a content type that disagrees with the extension', async () => {
    await expect(storage.put('ads/a.webp', Buffer.from('x'), 'text/html')).rejects.toThrow(/does not match/);
    await expect(
      storage.put('ads/a.jpg', Buffer.from('x'), 'image/jpeg; charset=binary'),
    ).resolves.toBeUndefined();
  });

  it('builds the public URL from the base URL and the key', () => {
    expect(storage.publicUrl(KEY)).toBe(`/media/${KEY}`);
  });

  it('sweeps the temp files of writes a crash interrupted, once old enough, and their empty directories', async () => {
    await storage.put(KEY, Buffer.from('kept'), 'image/webp');
    // What a process killed inside writeAtomically leaves: a hidden temp file, alone or beside others.
    const hour = Date.now() / 1000 - 3600;
    const stale = path.join(rootDir, 'ads/u1/1700000000000-abc/.large.webp.0123456789ab.tmp');
    const staleAlone = path.join(rootDir, 'ads/u2/1700000000001-def/.card.jpg.ba9876543210.tmp');
    const fresh = path.join(rootDir, 'ads/u1/1700000000000-abc/.card.jpg.aaaaaaaaaaaa.tmp');
    await mkdir(path.dirname(staleAlone), { recursive: true });
    for (const file of [stale, staleAlone, fresh]) await writeFile(file, 'half');
    for (const file of [stale, staleAlone]) await utimes(file, hour, hour);
    for (const dir of ['ads/u2/1700000000001-def', 'ads/u2'])
      await utimes(path.join(rootDir, dir), hour, hour);

    expect(await storage.sweepInterruptedWrites?.(10 * 60 * 1000)).toBe(2);
    expect((await listAll()).sort()).toEqual([
      'ads',
      'ads/u1',
      'ads/u1/1700000000000-abc',
      'ads/u1/1700000000000-abc/.card.jpg.aaaaaaaaaaaa.tmp',
      KEY,
    ]);
    // Age zero: anything left is from a dead write (the crash tests call it so).
    expect(await storage.sweepInterruptedWrites?.(0)).toBe(1);
    expect(await storage.get(KEY)).not.toBeNull();
    expect(
      await createLocalDiskStorage({
        rootDir: path.join(rootDir, 'none'),
        publicBaseUrl: '/m',
      }).sweepInterruptedWrites?.(0),
    ).toBe(0);
  });
});
