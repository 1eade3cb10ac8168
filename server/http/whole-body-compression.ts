import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

type HeaderRecord = Record<string, string | string[]>;

const MIN_BYTES = 1024;
const JSON_TYPE = /^application\/(problem\+)?json\b/i;
const HTML_TYPE = /^text\/html\b/i;

/** Whether Accept-Encoding allows gzip: named or `*`, with a q above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((item) => {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The text of an answer made whole by c.json or c.html, kept as it was made. */
type Made = { res?: Response; text?: string };

/** As hono's own c.json and c.html (context.js), with the text kept; their overloads are one function at runtime. */
function keepText(c: Context, made: Made) {
  const respond = c.newResponse as (
    data: string,
    arg?: number | ResponseInit,
    headers?: HeaderRecord,
  ) => Response;
  const madeWith =
    (type: string) =>
    (text: string, arg?: number | ResponseInit, headers?: HeaderRecord): Response => {
      const res = respond(text, arg, { 'Content-Type': type, ...headers });
      made.res = res;
      made.text = text;
      return res;
    };
  const json = madeWith('application/json');
  const html = madeWith('text/html; charset=UTF-8');
  c.json = ((object: unknown, arg?: number | ResponseInit, headers?: HeaderRecord) =>
    json(JSON.stringify(object), arg, headers)) as unknown as typeof c.json;
  const streamedHtml = c.html as (
    body: unknown,
    arg?: number | ResponseInit,
    headers?: HeaderRecord,
  ) => Response;
  c.html = ((body: unknown, arg?: number | ResponseInit, headers?: HeaderRecord) =>
    typeof body === 'string' ? html(body, arg, headers) : streamedHtml(body, arg, headers)) as typeof c.html;
}

/**
 * Compresses answers built whole in one synchronous step: the API's JSON (c.json) and the pages'
 * HTML (c.html). hono's streaming compress() passed them through a CompressionStream chunk by chunk
 * and, to add its Vary, rebuilt the response as a full web Response: that cost a list request about
 * as much as its own query, and a server-rendered page a tenth of the server's time under load
 * (issue 27). Streamed answers (sitemaps, the app's files) are left to compress(), which skips what
 * this has encoded or measured small.
 *
 * The text of an answer is kept as it is made. Reading it back from the Response instead (its body or
 * statusText) turns @hono/node-server's lightweight Response into a full web Response with a body
 * stream: 0.3 ms of a 2.3 ms list request on a slow machine.
 */
export function wholeBodyCompression(): MiddlewareHandler {
  return async (c, next) => {
    const made: Made = {};
    keepText(c, made);
    await next();
    const res = c.res;
    const known = made.res === res ? made.text : undefined;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206) return;
    if (known === undefined && !res.body) return;
    if (res.headers.has('Content-Encoding')) return;
    const type = res.headers.get('Content-Type') ?? '';
    // Only the API's JSON is read back when made elsewhere; HTML not made by c.html streams.
    if (!(JSON_TYPE.test(type) || (known !== undefined && HTML_TYPE.test(type)))) return;
    if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const body = known === undefined ? Buffer.from(await res.arrayBuffer()) : Buffer.from(known);
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    let out: Buffer = body;
    if (body.length >= MIN_BYTES && acceptsGzip(c.req.header('Accept-Encoding'))) {
      // Level 4: a 180 KB /browse page in 0.6 ms to 12.4 KB; level 6 took 0.8 ms for 11.9 KB.
      out = gzipSync(body, { level: 4 });
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
