import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '../../common/schemas/ads';
import { buildApp } from '../app';
import { ads } from '../db/schema/ads';
import { adForm, approveAd, createAd, uploadPhoto } from '../test/ad-factories';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness';
import { INDEX_TEMPLATE } from '../test/index-template';

let ctx: TestContext;
let site: ReturnType<typeof buildApp>;
let dist: string;
let seller: TestUser;
let buyer: TestUser;
let sellerCookie: string;
let buyerCookie: string;
let adId: string;
let photoSrc: string;
const THREE_DAYS_AGO = new Date(Date.now() - 3 * 86_400_000);

const cookieOf = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(path.join(os.tmpdir(), 'ssr-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_TEMPLATE);
  mkdirSync(path.join(dist, 'assets'));
  site = buildApp({ ...ctx.services, config: { ...ctx.config, webDist: dist } }, { web: true });
  seller = await createUser(ctx);
  buyer = await createUser(ctx);
  const sellerClient = await signedInClient(ctx, seller);
  sellerCookie = cookieOf(sellerClient.cookies);
  buyerCookie = cookieOf((await signedInClient(ctx, buyer)).cookies);

  const photo = await uploadPhoto(ctx, sellerClient);
  photoSrc = photo.largeJpeg;
  const created = await sellerClient.post<AdDetail>(
    '/api/ads',
    adForm({
      title: 'Carabină Tikka T3x Lite',
      description: 'Țeavă curată, lunetă inclusă, cutie originală.',
      price: '7450',
      county: 'CJ',
      imageIds: [photo.id],
    }),
  );
  expect(created.status).toBe(201);
  adId = created.body.id;
  await approveAd(ctx, adId);
  // Days old, so that its relative time reads the same in every request of a test.
  await ctx.database.db.update(ads).set({ createdAt: THREE_DAYS_AGO }).where(eq(ads.id, adId));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(pathname: string, headers: Record<string, string> = {}) {
  const res = await site.request(new URL(pathname, TEST_ORIGIN), { headers });
  const html = await res.text();
  const document = new JSDOM(html).window.document;
  const root = document.getElementById('root');
  return {
    res,
    html,
    document,
    root,
    // Intl puts no-break spaces in prices.
    text: (root?.textContent ?? '').replace(/\s/g, ' '),
    state: JSON.parse(document.getElementById('ssr-state')?.textContent ?? 'null') as {
      lang: string;
      namespaces: string[];
      queries: { queries: Array<{ queryKey: unknown[]; state: { status: string; data: unknown } }> };
    } | null,
  };
}

/** The page without the moments it was rendered at, which are all that may differ between two requests. */
const timeless = (html: string) =>
  html.replace(/"(renderedAt|dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');

describe('server rendering of the public pages', () => {
  it('puts the ad in the raw HTML: title, price, description, county, seller and first photo', async () => {
    const { res, text, root, state } = await page(`/ad/${adId}`);
    expect(res.status).toBe(200);
    expect(text).toContain('Carabină Tikka T3x Lite');
    expect(text).toContain('7.450 RON');
    expect(text).toContain('Țeavă curată, lunetă inclusă, cutie originală.');
    expect(text).toContain('Cluj');
    expect(text).toContain(`${seller.firstName} ${seller.lastName.charAt(0)}.`);
    const img = root?.querySelector(`img[src="${photoSrc}"]`);
    expect(img, 'first photo <img>').not.toBeNull();
    // The browser starts from the same answer: it asks the API nothing again.
    expect(state?.lang).toBe('ro');
    // A weapon: the dealers who handle the transfer in its county come with it (issue 29).
    expect(state?.queries.queries.map((q) => q.queryKey)).toEqual([
      ['listings', 'detail', adId],
      ['handovers', 'dealers', 'CJ'],
    ]);
  });

  it('is the same HTML for a visitor, the seller and another signed-in user', async () => {
    for (const pathname of [`/ad/${adId}`, '/', '/browse?q=tikka', `/seller/${seller.id}`, '/no-such-page']) {
      const visitor = await page(pathname);
      expect(visitor.state, pathname).not.toBeNull();
      for (const cookie of [sellerCookie, buyerCookie]) {
        const signedIn = await page(pathname, { cookie });
        expect(timeless(signedIn.html), pathname).toBe(timeless(visitor.html));
      }
      // Nothing of the viewer is in it: not their name, not their session.
      for (const who of [seller, buyer]) expect(visitor.html).not.toContain(who.email);
      expect(visitor.html).not.toContain('/api/viewer');
    }
  });

  it('puts the first page of a search in the raw HTML: card titles and prices', async () => {
    await createAd(ctx, seller, { title: 'Tikka T1x MTR', price: 5200, createdAt: THREE_DAYS_AGO });
    const { res, text, root } = await page('/browse?q=tikka');
    expect(res.status).toBe(200);
    const cards = [...(root?.querySelectorAll('a[href^="/ad/"]') ?? [])].map((a) =>
      (a.textContent ?? '').replace(/\s/g, ' '),
    );
    expect(cards.some((card) => card.includes('Carabină Tikka T3x Lite') && card.includes('7.450 RON'))).toBe(
      true,
    );
    expect(cards.some((card) => card.includes('Tikka T1x MTR') && card.includes('5.200 RON'))).toBe(true);
    expect(text).not.toContain('Se încarcă');
  });

  it('renders the home page with the newest ads, in English for an English browser', async () => {
    const { text, document, state } = await page('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(document.documentElement.lang).toBe('en');
    expect(state?.lang).toBe('en');
    expect(text).toContain('Carabină Tikka T3x Lite');
    expect(text).toContain('RON 7,450');
  });

  it('renders a gone ad as gone (410) and a seller page with their ads', async () => {
    const sold = await createAd(ctx, seller, {
      title: 'Pistol CZ Shadow 2',
      status: 'sold',
      soldAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const gone = await page(`/ad/${sold.id}`);
    expect(gone.res.status).toBe(410);
    expect(gone.state?.queries.queries[0]?.state.status).toBe('error');
    expect(gone.text, gone.text).toContain('Acest anunț a fost vândut');

    const profile = await page(`/seller/${seller.id}`);
    expect(profile.res.status).toBe(200);
    expect(profile.text).toContain(`${seller.firstName} ${seller.lastName.charAt(0)}.`);
    expect(profile.text).toContain('Carabină Tikka T3x Lite');
  });

  it('leaves private pages and an owner’s ad in review to the browser', async () => {
    const pending = await createAd(ctx, seller, { status: 'pending' });
    const own = await page(`/ad/${pending.id}`, { cookie: sellerCookie });
    expect(own.res.status).toBe(200);
    expect(own.state).toBeNull();
    expect(own.root?.innerHTML).toBe('');
    const visitor = await page(`/ad/${pending.id}`);
    expect(visitor.res.status).toBe(404);
    expect(visitor.state).not.toBeNull();

    const dashboard = await page('/dashboard', { cookie: sellerCookie });
    expect(dashboard.state).toBeNull();
    expect(dashboard.root?.innerHTML).toBe('');
  });
});
