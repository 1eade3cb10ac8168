import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { CATEGORIES } from '../../common/values';
import type { AppEnv, Services } from '../app-env';
import { type Database, queryRows } from '../db/client';
import { errorBody } from '../errors';
import { clientIp } from '../http/client-ip';
import { enforceRateLimits } from '../http/rate-limit';
import { escapeXml } from './escape';
import { createSitemapCache, gzipChunks } from './sitemap-cache';

/** The protocol's cap per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query while streaming a file: memory stays the same whatever the number of ads. */
const PAGE_ROWS = 5_000;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A position in the (created_at, id) order of listed ads, as it appears in a sitemap's URL. */
type Key = { at: Date; id: string };
const KEY_PATTERN = /^(\d{1,15})~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const encodeKey = (key: Key) => `${key.at.getTime()}~${key.id}`;
function decodeKey(text: string): Key | null {
  const match = KEY_PATTERN.exec(text);
  return match?.[1] && match[2] ? { at: new Date(Number(match[1])), id: match[2] } : null;
}

// Listed ads, as the public list shows them (approved, owner active), in the order of the
// ads_approved_sitemap_idx partial index (index-only scans). New ads land at the end, so the early files rarely change.
const LISTED = sql`a.status = 'approved' and a.owner_active`;
const after = (key: Key) =>
  sql`(a.created_at, a.id) > (${key.at.toISOString()}::timestamptz, ${key.id}::uuid)`;
const upTo = (key: Key) =>
  sql`(a.created_at, a.id) <= (${key.at.toISOString()}::timestamptz, ${key.id}::uuid)`;

/**
 * The key of every perFile-th approved ad: file n holds the listed ads after boundary n-1 up to
 * boundary n, the last file those after the last boundary. Each step skips perFile entries of the
 * sitemap index (index-only, no join: owner_active is on the ad, migration 0007).
 */
async function fileBoundaries(db: Database, perFile: number): Promise<Key[]> {
  const boundaries: Key[] = [];
  for (;;) {
    const previous = boundaries.at(-1);
    const [row] = await queryRows<{ at: Date | string; id: string }>(
      db,
      sql`select a.created_at as at, a.id from ads a
          where ${LISTED}${previous ? sql` and ${after(previous)}` : sql``}
          order by a.created_at, a.id offset ${perFile - 1} limit 1`,
    );
    if (!row) return boundaries;
    boundaries.push({ at: new Date(row.at), id: row.id });
  }
}

/**
 * Yields `<url>` entries page by page (keyset, never OFFSET), each query reading PAGE_ROWS rows.
 * PostgreSQL formats the dates: parsing 100,000 of them into Date objects cost more than the query.
 */
async function* adUrlChunks(
  db: Database,
  origin: string,
  range: { from: Key | null; to: Key | null; perFile: number },
): AsyncGenerator<string> {
  const { to, perFile } = range;
  let cursor: { at: string; id: string } | null = range.from
    ? { at: range.from.at.toISOString(), id: range.from.id }
    : null;
  let sent = 0;
  const prefix = `<url><loc>${escapeXml(origin)}/ad/`;
  yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
  for (;;) {
    const conditions: SQL[] = [LISTED];
    if (cursor) conditions.push(sql`(a.created_at, a.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
    if (to) conditions.push(upTo(to));
    const limit = Math.min(PAGE_ROWS, perFile - sent);
    const rows =
      limit > 0
        ? await queryRows<{ id: string; at: string; modified: string }>(
            db,
            sql`select a.id, a.created_at::text as at,
                  to_char(a.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as modified
                from ads a where ${sql.join(conditions, sql` and `)}
                order by a.created_at, a.id limit ${limit}`,
          )
        : [];
    // Ids are uuids and the dates digits: nothing in a row needs escaping.
    let chunk = '';
    for (const row of rows) chunk += `${prefix}${row.id}</loc><lastmod>${row.modified}</lastmod></url>\n`;
    sent += rows.length;
    const last = rows.at(-1);
    if (last) cursor = { at: last.at, id: last.id };
    if (rows.length < limit || sent >= perFile) {
      yield `${chunk}</urlset>\n`;
      return;
    }
    yield chunk;
  }
}

/** A seller file starts after this user id ('start': from the first); ids are better-auth's. */
const SELLER_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Sellers with listed ads after `after`, in id order: at most `limit` of them. */
function listedSellers(db: Database, after: string | null, limit: number, offset = 0) {
  return queryRows<{ id: string }>(
    db,
    sql`select distinct a.user_id as id from ads a
        where ${LISTED}${after ? sql` and a.user_id > ${after}` : sql``}
        order by a.user_id offset ${offset} limit ${limit}`,
  );
}

/**
 * Where each seller file starts: 'start', then the last seller of the file before it. One query per
 * file reads that last seller and whether any comes after it.
 */
async function sellerFileStarts(db: Database, perFile: number): Promise<string[]> {
  const starts = ['start'];
  let after: string | null = null;
  for (;;) {
    const [last, next] = await listedSellers(db, after, 2, perFile - 1);
    if (!last || !next) return starts;
    after = last.id;
    starts.push(after);
  }
}

/** A whole `<urlset>` of these locations, without lastmod (the ones written in one go). */
const urlset = (locs: string[]) =>
  `${XML_HEAD}<urlset xmlns="${NS}">\n${locs.map((loc) => `<url><loc>${escapeXml(loc)}</loc></url>`).join('\n')}\n</urlset>\n`;

const xmlHeaders = {
  'Content-Type': 'application/xml; charset=utf-8',
  // Crawlers come back daily at most; an hour keeps a burst of them off the database.
  'Cache-Control': 'public, max-age=3600',
  Vary: 'Accept-Encoding',
};

/** Serves a kept file gzipped as it is, or unzipped as it streams to a client that takes no gzip. */
function sendXml(c: Context<AppEnv>, gz: Buffer): Response {
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(new Uint8Array(gz), 200, { ...xmlHeaders, 'Content-Encoding': 'gzip' });
  }
  const body = Readable.toWeb(Readable.from([gz]).pipe(createGunzip())) as ReadableStream<Uint8Array>;
  return c.body(body, 200, xmlHeaders);
}

const acceptsGzip = (header: string | undefined) =>
  (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    return (name === 'gzip' || name === '*') && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });

const staticPages = (origin: string) => [
  `${origin}/`,
  `${origin}/browse`,
  ...CATEGORIES.map((category) => `${origin}/browse?category=${category}`),
];

/**
 * Sitemap requests per client address (issue 26): a crawler reads the index and each file it names
 * (about 22 at a million ads) a few times an hour at most, so this stops a client looping on them,
 * not a crawler. Sized as server/http/rate-limit.ts describes.
 */
export const SITEMAP_LIMITS = { perAddressHour: { max: 120, windowSeconds: 3600 } } as const;
/** Built files kept, gzipped: a million ads make about 22 files of 1.5-2 MB. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
const HOUR_MS = 3600 * 1000;

type SitemapIndex = { gz: Buffer; files: Set<string>; expiresAt: number };

export type SitemapOptions = {
  /** Fewer in tests, to see several files without 50,000 ads. */
  perFile?: number;
  now?: () => number;
};

/**
 * /sitemap.xml (an index), /sitemaps/pages.xml, the ad files under /sitemaps/ads/ and the files of
 * public seller pages (sellers with listed ads) under /sitemaps/sellers/.
 *
 * Issue 26: a file is served only under a name the index lists (the current index, or the one before
 * it, which a crawler may still be reading), each is built once for its hour and kept gzipped
 * (sitemap-cache.ts), and every request counts against its address's limit. The index is kept for
 * its hour too: its file names are the ranges the kept files cover. Each process keeps its own.
 */
export function sitemapRoutes(
  { db, config }: Pick<Services, 'db' | 'config'>,
  { perFile = SITEMAP_MAX_URLS, now = Date.now }: SitemapOptions = {},
) {
  const origin = config.publicUrl;
  const cache = createSitemapCache({ ttlMs: HOUR_MS, maxBytes: CACHE_MAX_BYTES, now });
  let index: SitemapIndex | null = null;
  let previousFiles = new Set<string>();
  let indexBuild: Promise<SitemapIndex> | null = null;

  async function buildIndex(): Promise<SitemapIndex> {
    const files = ['/sitemaps/pages.xml'];
    let from = 'start';
    for (const to of [...(await fileBoundaries(db, perFile)).map(encodeKey), 'end']) {
      files.push(`/sitemaps/ads/${from}/${to}.xml`);
      from = to;
    }
    for (const start of await sellerFileStarts(db, perFile)) files.push(`/sitemaps/sellers/${start}.xml`);
    const body = files
      .map((file) => `<sitemap><loc>${escapeXml(`${origin}${file}`)}</loc></sitemap>`)
      .join('\n');
    const xml = `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
    return { gz: await gzipChunks([xml]), files: new Set(files), expiresAt: now() + HOUR_MS };
  }

  /** The index of this hour, built by one request while the others wait for it. */
  async function currentIndex(): Promise<SitemapIndex> {
    if (index && index.expiresAt > now()) return index;
    indexBuild ??= buildIndex()
      .then((built) => {
        previousFiles = index?.files ?? new Set();
        index = built;
        return built;
      })
      .finally(() => {
        indexBuild = null;
      });
    return indexBuild;
  }

  const listed = async (file: string) => {
    const current = await currentIndex();
    return current.files.has(file) || previousFiles.has(file);
  };
  const noSuchSitemap = (c: Context<AppEnv>) => c.json(errorBody('not_found', 'No such sitemap'), 404);
  const limited: MiddlewareHandler<AppEnv> = async (c, next) => {
    const ip = clientIp(c, config.trustProxy);
    await enforceRateLimits(db, [{ key: `sitemap:ip:${ip}`, ...SITEMAP_LIMITS.perAddressHour }]);
    await next();
  };

  return new Hono<AppEnv>()
    .use('/sitemap.xml', limited)
    .use('/sitemaps/*', limited)
    .get('/sitemap.xml', async (c) => sendXml(c, (await currentIndex()).gz))
    .get('/sitemaps/pages.xml', (c) => {
      return c.body(urlset(staticPages(origin)), 200, xmlHeaders);
    })
    .get('/sitemaps/sellers/:file{.+\\.xml}', async (c) => {
      const start = c.req.param('file').replace(/\.xml$/, '');
      const file = `/sitemaps/sellers/${start}.xml`;
      if ((start !== 'start' && !SELLER_KEY_PATTERN.test(start)) || !(await listed(file)))
        return noSuchSitemap(c);
      const gz = await cache.get(file, async () => {
        const sellers = await listedSellers(db, start === 'start' ? null : start, perFile);
        return gzipChunks([urlset(sellers.map((seller) => `${origin}/seller/${seller.id}`))]);
      });
      return sendXml(c, gz);
    })
    .get('/sitemaps/ads/:from/:file{.+\\.xml}', async (c) => {
      const fromText = c.req.param('from');
      const toText = c.req.param('file').replace(/\.xml$/, '');
      const file = `/sitemaps/ads/${fromText}/${toText}.xml`;
      const from = fromText === 'start' ? null : decodeKey(fromText);
      const to = toText === 'end' ? null : decodeKey(toText);
      if ((fromText !== 'start' && !from) || (toText !== 'end' && !to)) return noSuchSitemap(c);
      if (!(await listed(file))) return noSuchSitemap(c);
      return sendXml(
        c,
        await cache.get(file, () => gzipChunks(adUrlChunks(db, origin, { from, to, perFile }))),
      );
    });
}
