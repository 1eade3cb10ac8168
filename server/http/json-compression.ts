import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

type HeaderRecord = Record<string, string | string[]>;

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
 *
 * The text of an answer made by c.json is kept as it is serialized. Reading it back from the
 * Response instead (its body or statusText) turns @hono/node-server's lightweight Response into a
 * full web Response with a body stream: 0.3 ms of a 2.3 ms list request on a slow machine.
 */
export function jsonCompression(): MiddlewareHandler {
  return async (c, next) => {
    const made: { res?: Response; text?: string } = {};
    // As hono's own c.json (context.js), with the text kept; its overloads are one function at runtime.
    const respond = c.newResponse as (
      data: string,
      arg?: number | ResponseInit,
      headers?: HeaderRecord,
    ) => Response;
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: HeaderRecord) => {
      const text = JSON.stringify(object);
      const res = respond(text, arg, { 'Content-Type': 'application/json', ...headers });
      made.res = res;
      made.text = text;
      return res;
    }) as unknown as typeof c.json;
    await next();
    const res = c.res;
    const known = made.res === res ? made.text : undefined;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206) return;
    if (known === undefined && !res.body) return;
    if (res.headers.has('Content-Encoding') || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const body = known === undefined ? Buffer.from(await res.arrayBuffer()) : Buffer.from(known);
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
    const init = { status: res.status, statusText: known === undefined ? res.statusText : '', headers };
    c.res = undefined;
    c.res = new Response(new Uint8Array(out), init);
  };
}
