import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import type { Storage } from '../storage/storage';
import type { ProcessedImage } from './process-image';
import { ImageRejectedError, processUpload } from './process-image';
import { deleteStoredImage, imageUrls, newImageKey, writeImageVariants } from './store-image';

let rootDir: string;
let storage: Storage;

beforeEach(async () => {
  rootDir = await mkdtemp(path.join(os.tmpdir(), 'store-image-'));
  storage = createLocalDiskStorage({ rootDir, publicBaseUrl: '/media' });
});
afterEach(() => rm(rootDir, { recursive: true, force: true }));

const listAll = () => readdir(rootDir, { recursive: true });
const NOW = new Date('2025-03-01T10:00:00Z');

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#456' } })
    .jpeg()
    .toBuffer();

/** A fresh key for the user, every variant written under it (saveUpload records the row in between). */
async function storeProcessedImage(target: Storage, userId: string, processed: ProcessedImage, now: Date) {
  const key = newImageKey(userId, now);
  await writeImageVariants(target, key, processed);
  return { key, urls: imageUrls(target, key) };
}

/** What an upload route does: process, then store. */
async function upload(input: Buffer) {
  return storeProcessedImage(storage, 'user-1', await processUpload(input), NOW);
}

describe('storeProcessedImage', () => {
  it('writes the four variants under one fresh base key and returns their URLs', async () => {
    const stored = await upload(await photo());

    expect(stored.key).toMatch(/^ads\/user-1\/1740823200000-[0-9a-f]{16}$/);
    expect(stored.urls).toEqual({
      card: `/media/${stored.key}/card.webp`,
      cardJpeg: `/media/${stored.key}/card.jpg`,
      large: `/media/${stored.key}/large.webp`,
      largeJpeg: `/media/${stored.key}/large.jpg`,
    });
    expect(imageUrls(storage, `${stored.key}/`)).toEqual(stored.urls);
    const card = await storage.get(`${stored.key}/card.jpg`);
    expect(card?.contentType).toBe('image/jpeg');
    expect((await sharp(card?.data).metadata()).width).toBe(640);
    expect((await storage.get(`${stored.key}/large.webp`))?.contentType).toBe('image/webp');
  });

  it('gives two uploads in the same millisecond different keys', async () => {
    const processed = await processUpload(await photo());
    const [a, b] = await Promise.all([
      storeProcessedImage(storage, 'user-1', processed, NOW),
      storeProcessedImage(storage, 'user-1', processed, NOW),
    ]);
    expect(a.key).not.toBe(b.key);
  });

  it('stores nothing for any refused upload', async () => {
    const full = await photo();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    for (const input of [
      Buffer.from('just text'),
      Buffer.from(svg),
      full.subarray(0, Math.floor(full.length / 2)),
      Buffer.alloc(11 * 1024 * 1024),
      bomb,
    ]) {
      await expect(upload(input)).rejects.toBeInstanceOf(ImageRejectedError);
    }
    expect(await listAll()).toEqual([]);
  });

  it('deletes what it wrote when one write fails, then rethrows', async () => {
    const failing: Storage = {
      ...storage,
      put: async (key, data, contentType) => {
        if (key.endsWith('large.webp')) throw new Error('disk full');
        await storage.put(key, data, contentType);
      },
    };
    const processed = await processUpload(await photo());

    await expect(storeProcessedImage(failing, 'user-1', processed, NOW)).rejects.toThrow('disk full');
    expect(await listAll()).toEqual([]);
  });

  it('refuses a user id that is not a single safe path segment', async () => {
    const processed = await processUpload(await photo());
    for (const userId of ['', '../other', 'a/b', 'a.b']) {
      await expect(storeProcessedImage(storage, userId, processed, NOW), userId).rejects.toThrow(/user id/);
    }
    expect(await listAll()).toEqual([]);
  });
});

describe('deleteStoredImage', () => {
  it('removes every variant and leaves no empty directories', async () => {
    const stored = await upload(await photo());
    const other = await upload(await photo());

    await deleteStoredImage(storage, `${stored.key}/`);

    for (const url of Object.values(stored.urls)) {
      expect(await storage.exists(url.replace('/media/', ''))).toBe(false);
    }
    expect(await storage.exists(`${other.key}/card.webp`)).toBe(true);
    await deleteStoredImage(storage, other.key);
    await deleteStoredImage(storage, other.key);
    expect(await listAll()).toEqual([]);
  });
});
