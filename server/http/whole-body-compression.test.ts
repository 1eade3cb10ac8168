import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, wholeBodyCompression } from './whole-body-compression';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Carabină ${i}` })) };

function app() {
  const a = new Hono();
  a.use(compress());
  a.use(wholeBodyCompression());
  a.get('/api/big', (c) => c.json(big));
  a.get('/api/small', (c) => c.json({ ok: true }));
  a.get('/api/private', (c) => {
    c.header('Set-Cookie', 'a=1');
    c.header('Set-Cookie', 'b=2', { append: true });
    return c.json(big, 201);
  });
  a.get('/api/init', (c) => c.json(big, { status: 202, headers: { 'X-Init': '1' } }));
  a.get('/api/headers', (c) =>
    c.json(big, 200, { 'X-Added': '2', 'Content-Type': 'application/problem+json' }),
  );
  a.get(
    '/api/made-elsewhere',
    () => new Response(JSON.stringify(big), { headers: { 'Content-Type': 'application/json' } }),
  );
  a.get('/page', (c) => c.html(`<p>${'Carabină '.repeat(500)}</p>`, 404, { 'X-Page': '1' }));
  a.get('/text', (c) => c.text('x'.repeat(5000)));
  return a;
}

describe('whole-body compression', () => {
  it('gzips a large JSON answer whole, with its length, once', async () => {
    const res = await app().request('/api/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(big);
  });

  it('leaves small answers and clients without gzip alone, and measures them', async () => {
    const small = await app().request('/api/small', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const plain = await app().request('/api/big', { headers: { 'Accept-Encoding': 'gzip;q=0, br' } });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(Number(plain.headers.get('Content-Length'))).toBe(Buffer.byteLength(JSON.stringify(big)));
  });

  it('keeps the status and every Set-Cookie', async () => {
    const res = await app().request('/api/private', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('answers c.json with a status, an init or headers as hono does, and gzips them', async () => {
    const gzipped = async (path: string) => {
      const res = await app().request(path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
      return res;
    };
    const init = await gzipped('/api/init');
    expect([init.status, init.headers.get('X-Init'), init.headers.get('Content-Type')]).toEqual([
      202,
      '1',
      'application/json',
    ]);
    const headers = await gzipped('/api/headers');
    expect([headers.status, headers.headers.get('X-Added'), headers.headers.get('Content-Type')]).toEqual([
      200,
      '2',
      'application/problem+json',
    ]);
  });

  it('reads back a JSON answer that c.json did not make', async () => {
    const res = await app().request('/api/made-elsewhere', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
  });

  it('gzips a page made by c.html whole, with its status, headers and length', async () => {
    const res = await app().request('/page', { headers: { 'Accept-Encoding': 'gzip' } });
    expect([res.status, res.headers.get('X-Page'), res.headers.get('Content-Encoding')]).toEqual([
      404,
      '1',
      'gzip',
    ]);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(gunzipSync(body).toString('utf8')).toBe(`<p>${'Carabină '.repeat(500)}</p>`);
  });

  it('leaves other answers to the streaming compress()', async () => {
    const res = await app().request('/text', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Content-Length')).toBeNull();
  });

  it('reads Accept-Encoding as HTTP does', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1, *;q=0.1')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
