import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';
import { serveStorage } from './serve-storage';
import type { Storage } from './storage';

let rootDir: string;
let storage: Storage;
let app: Hono;

beforeEach(async () => {
  rootDir = await mkdtemp(path.join(os.tmpdir(), 'serve-storage-'));
  storage = createLocalDiskStorage({ rootDir, publicBaseUrl: '/media' });
  app = new Hono();
  app.get('/media/*', serveStorage(storage));
});
afterEach(() => rm(rootDir, { recursive: true, force: true }));

const KEY = 'ads/u1/1700000000000-abc/large.webp';
const NOT_FOUND = { error: { code: 'not_found', message: 'No such file' } };

describe('serveStorage', () => {
  it('serves a stored file with its type and long-lived immutable caching', async () => {
    await storage.put(KEY, Buffer.from('webp bytes'), 'image/webp');

    const res = await app.request(storage.publicUrl(KEY));

    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Length')).toBe('10');
    expect(res.headers.get('Content-Disposition')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('webp bytes');
  });

  it('answers HEAD with the headers and no body', async () => {
    await storage.put(KEY, Buffer.from('webp bytes'), 'image/webp');
    const res = await app.request(`/media/${KEY}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(await res.text()).toBe('');
  });

  it('offers anything that is not an image only as a download', async () => {
    await storage.put('docs/page.html.bin', Buffer.from('<script>'), 'application/octet-stream');
    const res = await app.request('/media/docs/page.html.bin');
    expect(res.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(res.headers.get('Content-Disposition')).toBe('attachment');
  });

  it('answers a missing file with 404 in the error shape', async () => {
    const res = await app.request(`/media/${KEY}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBeNull();
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it('answers bad keys with the same 404, even when a file sits there', async () => {
    // A temp file the disk driver might leave after a crash must never be reachable.
    await mkdir(path.join(rootDir, 'ads'), { recursive: true });
    await writeFile(path.join(rootDir, 'ads', '.large.webp.abc.tmp'), 'half');

    for (const url of [
      '/media/',
      '/media/ads/.large.webp.abc.tmp',
      '/media/ads//x.webp',
      '/media/a%20b.webp',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.json(), url).toEqual(NOT_FOUND);
    }
  });
});
