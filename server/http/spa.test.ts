import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/lib/precompress';
import { inlineStylesheets, mountSpa } from './spa';

const dist = mkdtempSync(path.join(os.tmpdir(), 'spa-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;
writeFileSync(path.join(dist, 'assets', 'app-def456.js'), bigScript);
precompress(dist);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = new Hono();
mountSpa(app, dist);

describe('mountSpa', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's Brotli copy to browsers that take it, gzip to others, the file itself otherwise", async () => {
    const asked = (encoding: string) =>
      app.request('/assets/app-def456.js', { headers: { 'Accept-Encoding': encoding } });
    const br = await asked('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(bigScript.length / 3);
    expect(brotliDecompressSync(brBody).toString()).toBe(bigScript);

    const gzip = await asked('gzip, deflate');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(bigScript);

    const plain = await asked('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(bigScript);
  });

  it('leaves files too small to gain alone', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('console.log(1)');
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

describe('inlineStylesheets', () => {
  const styled = mkdtempSync(path.join(os.tmpdir(), 'spa-css-'));
  mkdirSync(path.join(styled, 'assets'));
  afterAll(() => rmSync(styled, { recursive: true, force: true }));
  const page = (href: string) =>
    `<head><link rel="stylesheet" crossorigin href="${href}"></head><div id="root"></div>`;

  it('writes the built stylesheet into the page, so that it paints before any script has run', async () => {
    writeFileSync(path.join(styled, 'assets', 'index-x1.css'), 'body{color:red}');
    writeFileSync(path.join(styled, 'index.html'), page('/assets/index-x1.css'));
    const site = new Hono();
    mountSpa(site, styled);
    const html = await (await site.request('/')).text();
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('keeps the link to a stylesheet whose urls are relative to its own place', () => {
    writeFileSync(path.join(styled, 'assets', 'index-x2.css'), '@font-face{src:url(./f.woff2)}');
    expect(inlineStylesheets(page('/assets/index-x2.css'), styled)).toBe(page('/assets/index-x2.css'));
  });
});
