import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_LATEST } from '../../common/limits';
import type { AdDetail } from '../../common/schemas/ads';
import { buildApp } from '../app';
import { profiles } from '../db/schema/profiles';
import { adForm, approveAd, createAd, uploadPhoto } from '../test/ad-factories';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness';
import { INDEX_TEMPLATE } from '../test/index-template';

const HOSTILE_TITLE = '</script><script>alert("x")</script>';

let ctx: TestContext;
let site: ReturnType<typeof buildApp>;
let dist: string;
let seller: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(path.join(os.tmpdir(), 'pages-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_TEMPLATE);
  site = buildApp({ ...ctx.services, config: { ...ctx.config, webDist: dist } }, { web: true });
  seller = await createUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  site.request(new URL(pathname, TEST_ORIGIN), { headers });

async function page(pathname: string, headers: Record<string, string> = {}) {
  const res = await get(pathname, headers);
  const html = await res.text();
  return { res, html, document: new JSDOM(html).window.document };
}

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const metaContent = (document: Document, selector: string) =>
  document.querySelector(selector)?.getAttribute('content') ?? null;
/** The API answers a server-rendered page carries, by query key (web/ssr/state.ts). */
const ssrQueriesOf = (document: Document) =>
  (
    JSON.parse(document.getElementById('ssr-state')?.textContent ?? 'null') as {
      queries: { queries: Array<{ queryKey: unknown[]; state: { status: string; data: unknown } }> };
    }
  ).queries.queries;

describe('statuses', () => {
  it('answers an unknown route 404 with the app shell, which shows its 404 page', async () => {
    const { res, document } = await page('/no-such-page/here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(document.getElementById('root')).not.toBeNull();
    expect(metaContent(document, 'meta[name="robots"]')).toBe('noindex');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('answers unknown ads 404, whether the id is well formed or not', async () => {
    for (const id of ['6f1f7a3e-8d7c-4c35-9b0e-2f0b6a1d9c11', 'not-an-id', '%E0%A4%A']) {
      const { res, document } = await page(`/ad/${id}`);
      expect(res.status, id).toBe(404);
      expect(metaContent(document, 'meta[name="robots"]')).toBe('noindex');
    }
  });

  it('answers 404 for an ad a visitor may not see, and 200 with noindex to its owner', async () => {
    const pending = await createAd(ctx, seller, { status: 'pending' });
    expect((await get(`/ad/${pending.id}`)).status).toBe(404);
    const client = await signedInClient(ctx, seller);
    const { res, document } = await page(`/ad/${pending.id}`, { cookie: cookieHeader(client.cookies) });
    expect(res.status).toBe(200);
    expect(metaContent(document, 'meta[name="robots"]')).toBe('noindex');
    // Its inline data is the owner's (their profile, their ad in review): stored nowhere (issue 26).
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a seller page 200, and 404 for unknown or deactivated sellers', async () => {
    const active = await createUser(ctx);
    expect((await get(`/seller/${active.id}`)).status).toBe(200);
    const gone = await createUser(ctx);
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, gone.id));
    for (const id of [gone.id, 'nobody', '6f1f7a3e-8d7c-4c35-9b0e-2f0b6a1d9c11', '%E0%A4%A']) {
      const { res, document } = await page(`/seller/${id}`);
      expect(res.status, id).toBe(404);
      expect(metaContent(document, 'meta[name="robots"]'), id).toBe('noindex');
      expect(document.title).toBe('Vânzătorul nu există | ArmaMarket');
    }
  });

  it('keeps private pages at 200, marked noindex', async () => {
    for (const pathname of [
      '/dashboard',
      '/dashboard/messages',
      '/dashboard/saved-searches',
      '/admin/queue',
      '/auth',
      '/post-ad',
      '/unsubscribe?token=x',
      '/renew?token=x',
    ]) {
      const { res, document } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(metaContent(document, 'meta[name="robots"]'), pathname).toBe('noindex');
    }
  });

  it('serves the public pages 200, indexable, in Romanian unless the visitor chose English', async () => {
    for (const pathname of ['/', '/browse', '/browse?category=optics&sort=price-asc']) {
      const { res, document } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(document.querySelector('meta[name="robots"]'), pathname).toBeNull();
      expect(document.documentElement.lang).toBe('ro');
    }
    const english = await page('/', { cookie: 'lang=en' });
    expect(english.document.documentElement.lang).toBe('en');
  });

  it('speaks the language the app will pick: the visitor’s choice, else the browser’s first supported one', async () => {
    const langOf = async (headers: Record<string, string>) =>
      (await page('/browse', headers)).document.documentElement.lang;
    expect(await langOf({ 'accept-language': 'en-US,en;q=0.9' })).toBe('en');
    expect(await langOf({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8,ro;q=0.7' })).toBe('en');
    expect(await langOf({ 'accept-language': 'ro-RO,ro;q=0.9,en-US;q=0.8' })).toBe('ro');
    expect(await langOf({ 'accept-language': 'ro;q=0.5,en;q=0.9' })).toBe('en');
    expect(await langOf({ 'accept-language': 'fr-FR,de;q=0.5' })).toBe('ro');
    expect(await langOf({ 'accept-language': 'en-US', cookie: 'lang=ro' })).toBe('ro');
    expect((await page('/browse')).res.headers.get('vary')).toMatch(/Accept-Language/);
  });
});

describe('head and first data', () => {
  it('describes the home page in Romanian and carries the newest ads inline, never the viewer', async () => {
    await createAd(ctx, seller, { title: 'Lunetă Zeiss Conquest V4' });
    const { document, html } = await page('/');
    expect(document.title).toContain('ArmaMarket');
    expect(metaContent(document, 'meta[name="description"]')).toMatch(/anunțuri/i);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${TEST_ORIGIN}/`);
    // The page is the same for everyone (issue 27): the browser asks for the viewer after hydration.
    expect(html).not.toContain('/api/viewer');
    const latest = ssrQueriesOf(document).find((q) => q.queryKey.join() === 'listings,latest');
    expect(latest?.state.status).toBe('success');
    expect((latest?.state.data as unknown[] | undefined)?.length).toBeLessThanOrEqual(HOME_LATEST);
    expect(JSON.stringify(latest?.state.data)).toContain('Lunetă Zeiss Conquest V4');
  });

  it('keys the browse page data by the API query the app will ask, and canonicalizes the filters', async () => {
    const { document } = await page('/browse?sort=newest&category=optics&junk=1');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${TEST_ORIGIN}/browse?category=optics`,
    );
    const [browse] = ssrQueriesOf(document);
    expect(browse?.queryKey.slice(0, 2)).toEqual(['listings', 'browse']);
    expect(browse?.queryKey[2]).toMatchObject({ category: 'optics' });
    expect(document.title).toMatch(/^Optică/);
  });

  it('hints the catalogs after the entry script, so they never hold it up, and no route chunk', async () => {
    const { html } = await page(`/seller/${seller.id}`);
    const at = (needle: string) => {
      const index = html.indexOf(needle);
      expect(index, needle).toBeGreaterThan(-1);
      return index;
    };
    const entry = at('src="/assets/index-abc.js"');
    const catalog = at(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/ro/common.json">',
    );
    expect(entry).toBeLessThan(catalog);
    expect(catalog).toBeLessThan(at('</head>'));
    expect(html).not.toContain('modulepreload');
  });

  it("hints every catalog the ad page waits for, its contact box's and report dialog's too", async () => {
    const ad = await createAd(ctx, await createUser(ctx));
    const { document } = await page(`/ad/${ad.id}`);
    const catalogs = [...document.querySelectorAll('link[rel="preload"][as="fetch"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(catalogs).toEqual(
      ['common', 'validation', 'listings', 'messages', 'reports'].map((ns) => `/locales/ro/${ns}.json`),
    );
  });

  it('names a seller page by the short name, with what they list, and carries both answers inline', async () => {
    const who = await createUser(ctx);
    await ctx.database.db
      .update(profiles)
      .set({ firstName: HOSTILE_TITLE, phone: '0722123456' })
      .where(eq(profiles.id, who.id));
    await createAd(ctx, who, { county: 'CJ', title: 'Carabină Tikka T3x' });
    await createAd(ctx, who, { county: 'CJ' });
    const { res, html, document } = await page(`/seller/${who.id}`);
    expect(res.status).toBe(200);
    expect(document.title).toBe(`${HOSTILE_TITLE} P. — vânzător pe ArmaMarket`);
    expect(html).not.toContain('<script>alert');
    expect(metaContent(document, 'meta[name="description"]')).toMatch(
      /^.* P\. vinde pe ArmaMarket: 2 anunțuri active, Cluj, membru din \p{L}+ \d{4}\./u,
    );
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${TEST_ORIGIN}/seller/${who.id}`,
    );
    const answers = ssrQueriesOf(document);
    expect(answers.map((q) => q.queryKey)).toEqual([
      ['sellers', who.id, 'profile'],
      ['sellers', who.id, 'ads'],
    ]);
    expect(JSON.stringify(answers[1]?.state.data)).toContain('Carabină Tikka T3x');
    for (const secret of [who.email, '0722123456', who.lastName]) expect(html).not.toContain(secret);
  });

  it('escapes a hostile ad title everywhere: title, meta tags, JSON-LD and the inline data', async () => {
    const client = await signedInClient(ctx, seller);
    const photo = await uploadPhoto(ctx, client);
    const created = await client.post<AdDetail>(
      '/api/ads',
      adForm({ title: HOSTILE_TITLE, price: '4500', county: 'CJ', imageIds: [photo.id] }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    await approveAd(ctx, id);

    const { res, html, document } = await page(`/ad/${id}`);
    expect(res.status).toBe(200);
    // Only the app's own script, the JSON-LD and the data block: the title opened no script.
    const scripts = [...document.querySelectorAll('script')].map((s) => s.getAttribute('type'));
    expect(scripts.sort()).toEqual(['application/json', 'application/ld+json', 'module']);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain(HOSTILE_TITLE);

    // Intl puts a no-break space before the currency.
    expect(document.title.replace(/\s/g, ' ')).toBe(`${HOSTILE_TITLE} — 4.500 RON | ArmaMarket`);
    expect(metaContent(document, 'meta[property="og:title"]')).toBe(document.title);
    expect(metaContent(document, 'meta[property="og:type"]')).toBe('product');
    expect(metaContent(document, 'meta[property="og:url"]')).toBe(`${TEST_ORIGIN}/ad/${id}`);
    expect(metaContent(document, 'meta[property="og:image"]')).toBe(`${TEST_ORIGIN}${photo.largeJpeg}`);
    expect(metaContent(document, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(metaContent(document, 'meta[property="product:price:amount"]')).toBe('4500.00');
    expect(metaContent(document, 'meta[property="product:price:currency"]')).toBe('RON');
    expect(metaContent(document, 'meta[name="description"]')).toMatch(/^4\.500 RON · Cluj · Ca nou\./);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${TEST_ORIGIN}/ad/${id}`,
    );
    const lcp = document.querySelector('link[rel="preload"][as="image"]');
    expect(lcp?.getAttribute('href')).toBe(photo.large);
    expect(lcp?.getAttribute('fetchpriority')).toBe('high');

    const jsonLd = JSON.parse(
      document.querySelector('script[type="application/ld+json"]')?.textContent ?? '',
    );
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: HOSTILE_TITLE,
      image: [`${TEST_ORIGIN}${photo.largeJpeg}`],
      brand: { '@type': 'Brand', name: 'CZ' },
      offers: {
        '@type': 'Offer',
        price: '4500.00',
        priceCurrency: 'RON',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    });
    const [detail] = ssrQueriesOf(document);
    expect(detail?.queryKey).toEqual(['listings', 'detail', id]);
    expect((detail?.state.data as AdDetail | undefined)?.title).toBe(HOSTILE_TITLE);
  });
});

describe('robots.txt', () => {
  it('opens public pages and images, closes accounts, admin, sign-in and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /media/');
    for (const closed of ['/dashboard', '/admin', '/auth', '/api/'])
      expect(lines).toContain(`Disallow: ${closed}`);
    expect(lines).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });
});
