import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const MIN_BYTES = 1024;
const JSON_TYPE = /^application\/(problem\+)?json\b/i;

/** Whether Accept-Encoding allows gzip: named or `*`, with a q above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((item) => {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Compresses the API's JSON answers in one synchronous step. They are built whole (c.json) and are a
 * few kilobytes, which hono's streaming compress() passed through a CompressionStream chunk by
 * chunk: that cost a list request about as much as its own query. Streamed answers (sitemaps, the
 * app's files) are left to compress(), which skips what this has encoded or measured small.
 */
export function jsonCompression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206) return;
    if (res.headers.has('Content-Encoding') || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    let out: Buffer = body;
    if (body.length >= MIN_BYTES && acceptsGzip(c.req.header('Accept-Encoding'))) {
      out = gzipSync(body, { level: 5 });
      headers.set('Content-Encoding', 'gzip');
    }
    headers.set('Content-Length', String(out.length));
    // Replaced, not merged: assigning over a response makes hono rebuild the new one from its body as
    // a stream, which the server then copies out chunk by chunk. The headers are all carried over above.
    c.res = undefined;
    c.res = new Response(new Uint8Array(out), { status: res.status, statusText: res.statusText, headers });
  };
}
