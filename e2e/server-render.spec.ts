import type { Page } from '@playwright/test';
import { sellerPosts } from './support/ads';
import { adIdByTitle, DEMO_AD_TITLE, ORIGIN } from './support/demo';
import { approveAsModerator, moderatorContext } from './support/moderation';
import { expect, test } from './support/test';

/**
 * Public pages arrive as HTML rendered by React on the server and hydrate without a warning (issue 27):
 * the console stays free of hydration errors and warnings in both languages, on the phone and the
 * desktop (the two projects), and the raw HTML, read without running a script, holds the content.
 */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/hydrat|did not match|server rendered|server HTML|Suspense boundary/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Hydration is over, and the viewer's part drawn, once the top bar offers sign-in: the server never
 * renders it (it does not know who is looking), the browser does once /api/viewer has answered.
 */
async function hydrated(page: Page) {
  await expect(page.getByRole('banner').locator('a[href^="/auth?mode=login"]')).toBeVisible();
}

for (const language of ['ro', 'en'] as const) {
  test(`public pages hydrate with no hydration warning (${language})`, async ({ page, context }) => {
    // Seven pages, each loaded and hydrated, on a shared machine.
    test.setTimeout(480_000);
    await context.addCookies([{ name: 'lang', value: language, url: ORIGIN }]);
    const adPath = `/ad/${await adIdByTitle(page.request, DEMO_AD_TITLE)}`;
    const problems = hydrationProblems(page);
    for (const path of [
      '/',
      '/browse',
      '/browse?q=glock',
      '/browse?category=optics&sort=price-asc',
      adPath,
      '/ad/6f1f7a3e-8d7c-4c35-9b0e-2f0b6a1d9c11',
      '/no-such-page',
    ]) {
      const res = await page.goto(path);
      expect([200, 404], path).toContain(res?.status());
      // The content was in the HTML: the root was not empty before any script ran.
      expect(await page.locator('#ssr-state').count(), path).toBe(1);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe(language);
      await hydrated(page);
      // Images and late chunks (the contact box, the toaster) hydrate too.
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  });
}

test('the raw HTML of an ad and of a search holds their content', async ({ request }) => {
  const id = await adIdByTitle(request, DEMO_AD_TITLE);
  const ad = await (await request.get(`/ad/${id}`, { headers: { cookie: 'lang=ro' } })).text();
  const root = ad.slice(ad.indexOf('<div id="root">'), ad.indexOf('id="ssr-state"'));
  expect(root).toContain(DEMO_AD_TITLE);
  expect(root).toMatch(/<img[^>]+src="\/media\//);
  expect(root).toMatch(/\d\sRON/);

  const search = await (await request.get('/browse?q=glock')).text();
  const list = search.slice(search.indexOf('<div id="root">'), search.indexOf('id="ssr-state"'));
  expect(list).toContain(DEMO_AD_TITLE);
  expect(list).toContain('data-testid="ad-card"');
});

test('a gone ad (taken down) arrives as HTML with status 410 and hydrates with no warning', async ({
  page,
  browser,
}) => {
  const title = `Lunetă retrasă ${Math.random().toString(36).slice(2, 8)}`;
  const id = await sellerPosts(browser, title);
  await approveAsModerator(browser, id);
  const moderator = await moderatorContext(browser);
  const down = await moderator.request.post(`/api/admin/ads/${id}/take-down`, {
    headers: { origin: ORIGIN },
    data: { reason: 'Anunț retras la cererea unui raport verificat.' },
  });
  expect(down.status(), await down.text()).toBe(200);
  await moderator.close();

  const raw = await page.request.get(`/ad/${id}`, { headers: { cookie: 'lang=ro' } });
  expect(raw.status()).toBe(410);
  const html = await raw.text();
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-state"'));
  // The gone page itself, drawn by React on the server: its heading and the way to similar ads.
  expect(root).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  expect(root).toContain('href="/browse?');
  expect(html).toContain('name="robots" content="noindex');

  const problems = hydrationProblems(page);
  const res = await page.goto(`/ad/${id}`);
  expect(res?.status()).toBe(410);
  expect(await page.locator('#ssr-state').count()).toBe(1);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
