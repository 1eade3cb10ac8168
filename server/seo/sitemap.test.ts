import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/client';
import { ads } from '../db/schema/ads';
import { profiles } from '../db/schema/profiles';
import { rateLimits } from '../db/schema/rate-limits';
import { createAd } from '../test/ad-factories';
import { createUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness';
import { checkSitemap } from '../test/sitemap-schema';
import { SITEMAP_LIMITS, sitemapRoutes } from './sitemap';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function fetchXml(app: { request(url: string): Response | Promise<Response> }, url: string) {
  const res = await app.request(url.replace(TEST_ORIGIN, ''));
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return res.text();
}

/** The same database, counting the statements run through it (every sitemap query and rate limit). */
function countingQueries(db: Database, counted: () => void): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'execute')
        return (...args: unknown[]) => {
          counted();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('sitemaps', () => {
  it('lists every listed ad once, with its lastmod, over files of at most N URLs, all valid', async () => {
    const seller = await createUser(ctx);
    const gone = await createUser(ctx);
    const listed: string[] = [];
    for (let i = 0; i < 7; i++) listed.push((await createAd(ctx, seller)).id);
    const pending = await createAd(ctx, seller, { status: 'pending' });
    const ofInactive = await createAd(ctx, gone);
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, gone.id));
    const modified = new Date('2026-03-04T05:06:07.089Z');
    await ctx.database.db
      .update(ads)
      .set({ updatedAt: modified })
      .where(eq(ads.id, listed[0] ?? ''));

    // Three per file: 7 ads make two full files and a last one.
    const app = sitemapRoutes(ctx.services, { perFile: 3 });
    const index = await fetchXml(app, '/sitemap.xml');
    const indexCheck = checkSitemap(index, 'sitemapindex');
    expect(indexCheck.problems).toEqual([]);
    expect(indexCheck.locs[0]).toBe(`${TEST_ORIGIN}/sitemaps/pages.xml`);
    const adFiles = indexCheck.locs.filter((loc) => loc.includes('/sitemaps/ads/'));
    expect(adFiles).toHaveLength(3);

    const seen: string[] = [];
    for (const file of adFiles) {
      const xml = await fetchXml(app, file);
      const check = checkSitemap(xml, 'urlset');
      expect(check.problems, file).toEqual([]);
      expect(check.locs.length).toBeLessThanOrEqual(3);
      seen.push(...check.locs);
      if (xml.includes(listed[0] ?? '-')) {
        expect(xml).toContain(
          `<url><loc>${TEST_ORIGIN}/ad/${listed[0]}</loc><lastmod>2026-03-04T05:06:07.089Z</lastmod></url>`,
        );
      }
    }
    expect(seen.sort()).toEqual(listed.map((id) => `${TEST_ORIGIN}/ad/${id}`).sort());
    expect(seen.join()).not.toContain(pending.id);
    expect(seen.join()).not.toContain(ofInactive.id);

    const pages = checkSitemap(await fetchXml(app, '/sitemaps/pages.xml'), 'urlset');
    expect(pages.problems).toEqual([]);
    expect(pages.locs).toContain(`${TEST_ORIGIN}/browse`);
  });

  it('lists the public page of every seller with listed ads, once, over files of at most N URLs', async () => {
    const hidden = await createUser(ctx);
    await createAd(ctx, hidden, { status: 'pending' });
    for (let i = 0; i < 4; i++) await createAd(ctx, await createUser(ctx));
    const expected = (
      await queryRows<{ id: string }>(
        ctx.database.db,
        sql`select distinct user_id as id from ads where status = 'approved' and owner_active`,
      )
    ).map((row) => `${TEST_ORIGIN}/seller/${row.id}`);
    expect(expected.length).toBeGreaterThanOrEqual(4);

    const app = sitemapRoutes(ctx.services, { perFile: 3 });
    const index = checkSitemap(await fetchXml(app, '/sitemap.xml'), 'sitemapindex');
    const sellerFiles = index.locs.filter((loc) => loc.includes('/sitemaps/sellers/'));
    expect(sellerFiles).toHaveLength(Math.ceil(expected.length / 3));
    const seen: string[] = [];
    for (const file of sellerFiles) {
      const check = checkSitemap(await fetchXml(app, file), 'urlset');
      expect(check.problems, file).toEqual([]);
      expect(check.locs.length).toBeLessThanOrEqual(3);
      seen.push(...check.locs);
    }
    expect(seen.sort()).toEqual(expected.sort());
    expect(seen.join()).not.toContain(hidden.id);
  });

  it('serves the app’s own index, valid, and refuses made-up file keys', async () => {
    const index = await ctx.request('/sitemap.xml');
    expect(checkSitemap(await index.text(), 'sitemapindex').problems).toEqual([]);
    for (const path of [
      '/sitemaps/ads/start/x.xml',
      '/sitemaps/ads/1~nope/end.xml',
      '/sitemaps/ads/start/end.txt',
      '/sitemaps/sellers/a;b.xml',
    ]) {
      expect((await ctx.request(path)).status, path).toBe(404);
    }
  });

  it('answers 404 for well-formed file names the index does not list (issue 26)', async () => {
    // A seller of their own per ad: a seller file is named by its first seller's id, so a single new
    // seller was sometimes that name (a random id at a file's start), and the test failed by chance.
    const sellers: string[] = [];
    const listed: Array<{ id: string; createdAt: Date }> = [];
    for (let i = 0; i < 5; i++) {
      const seller = await createUser(ctx);
      sellers.push(seller.id);
      listed.push(await createAd(ctx, seller));
    }
    const app = sitemapRoutes(ctx.services, { perFile: 3 });
    const files = checkSitemap(await fetchXml(app, '/sitemap.xml'), 'sitemapindex').locs.map((loc) =>
      loc.replace(TEST_ORIGIN, ''),
    );
    const [firstAdFile] = files.filter((file) => file.startsWith('/sitemaps/ads/'));
    expect((await app.request(firstAdFile ?? '-')).status).toBe(200);
    // Keys of real ads, in the right format, but ranges the index never named.
    const key = (ad: { id: string; createdAt: Date }) => `${ad.createdAt.getTime()}~${ad.id}`;
    const unlisted = listed.map(key).filter((k) => !files.some((file) => file.includes(k)));
    expect(unlisted.length).toBeGreaterThanOrEqual(2);
    const [a, b] = unlisted;
    const unnamedSeller = sellers.find((id) => !files.includes(`/sitemaps/sellers/${id}.xml`));
    expect(unnamedSeller).toBeDefined();
    for (const path of [
      `/sitemaps/ads/start/${b}.xml`,
      `/sitemaps/ads/${a}/end.xml`,
      `/sitemaps/ads/${a}/${b}.xml`,
      `/sitemaps/sellers/${unnamedSeller}.xml`,
    ]) {
      expect(files).not.toContain(path);
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('builds each file once for its hour, kept gzipped, and serves it to clients with or without gzip', async () => {
    const seller = await createUser(ctx);
    for (let i = 0; i < 2; i++) await createAd(ctx, seller);
    let now = Date.now();
    const app = sitemapRoutes(ctx.services, { perFile: 3, now: () => now });
    const lastFile = async () => {
      const index = checkSitemap(await fetchXml(app, '/sitemap.xml'), 'sitemapindex');
      return index.locs.filter((loc) => loc.includes('/sitemaps/ads/')).at(-1) ?? '-';
    };
    const file = await lastFile();
    const before = await fetchXml(app, file);
    const added = await createAd(ctx, seller);
    let queries = 0;
    const counting = sitemapRoutes(
      { ...ctx.services, db: countingQueries(ctx.services.db, () => queries++) },
      { perFile: 3, now: () => now },
    );
    await fetchXml(counting, '/sitemap.xml');
    await fetchXml(counting, file);
    const built = queries;
    const again = await Promise.all([1, 2, 3].map(() => fetchXml(counting, file)));
    expect(queries, 'only the rate limit counters').toBe(built + 3);
    expect(again.every((xml) => xml === again[0])).toBe(true);

    // Within the hour the file stays as built; an hour on, it is built again, with the new ad.
    expect(await fetchXml(app, file)).toBe(before);
    expect(before).not.toContain(added.id);
    now += 3600 * 1000 + 1;
    const fresh = await fetchXml(app, await lastFile());
    expect(fresh).toContain(added.id);

    const zipped = await app.request(file.replace(TEST_ORIGIN, ''), {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(fresh);
  });

  it('limits sitemap requests per client address (issue 26)', async () => {
    const key = 'sitemap:ip:unknown';
    await ctx.database.db
      .insert(rateLimits)
      .values({ key, count: SITEMAP_LIMITS.perAddressHour.max, resetAt: new Date(Date.now() + 600_000) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: SITEMAP_LIMITS.perAddressHour.max, resetAt: new Date(Date.now() + 600_000) },
      });
    try {
      for (const path of ['/sitemap.xml', '/sitemaps/ads/start/end.xml', '/sitemaps/pages.xml']) {
        const res = await ctx.request(path);
        expect(res.status, path).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await ctx.database.db.delete(rateLimits).where(eq(rateLimits.key, key));
    }
  });

  it('finds what the schema forbids', () => {
    const bad = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><lastmod>yesterday</lastmod><loc>/relative</loc></url>
<url><loc>https://example.ro/a</loc><priority>2</priority><extra/></url>
</urlset>`;
    expect(checkSitemap(bad, 'urlset').problems).toEqual([
      'url 1: <loc> out of order or repeated',
      'url 1: <loc> missing or not first',
      'url 1: lastmod "yesterday" is not a W3C date',
      'url 1: loc length 9',
      'url 1: loc not an absolute URL',
      'url 2: unexpected <extra>',
      'url 2: priority',
    ]);
    expect(checkSitemap('<urlset>', 'urlset').problems).toContain('not well-formed XML');
    expect(checkSitemap(bad, 'sitemapindex').problems[0]).toBe('root is <urlset>, not <sitemapindex>');
  });
});
