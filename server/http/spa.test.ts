import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { mountSpa } from './spa';

const dist = mkdtempSync(path.join(os.tmpdir(), 'spa-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = new Hono();
mountSpa(app, dist);

describe('mountSpa', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never caches index.html, at / and for client routes', async () => {
    for (const url of ['/', '/browse', '/ad/123/edit', '/dashboard/messages']) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('id="root"');
    }
  });

  it('refuses to start without a build, saying what to run', () => {
    expect(() => mountSpa(new Hono(), path.join(dist, 'missing'))).toThrow(/npm run build/);
  });
});
