import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { registerVerifiedUser } from './support/accounts';
import { adIdByTitle } from './support/demo';
import { expect, test } from './support/test';

// Issue 14 item 17: when the API fails, a page says so and offers Retry; it never says "no ads yet"
// or "0 ads found". The failure is made in the browser (the API answers 500 to the page's own
// requests); Retry after the API is back shows the data.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const fail = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong' } }),
  });

/** Makes the API fail for the requests `matches` picks; returns what undoes it. */
async function breakApi(page: Page, matches: (url: URL) => boolean) {
  await page.route(matches, fail);
  return () => page.unroute(matches, fail);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const adList = (url: URL) => url.pathname === '/api/ads';
const oneAd = (url: URL) => /^\/api\/ads\/[0-9a-f-]{36}$/.test(url.pathname);

test('home, browse and an ad page show the error with Retry, and Retry shows the data once the API is back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The first page comes with its data inline; the failures are met while moving about the app.
  await page.goto('/auth?mode=login');
  let restore = await breakApi(page, adList);

  await page.getByRole('navigation', { name: 'Navigare principală' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/$/);
  const homeError = page
    .getByRole('alert')
    .filter({ hasText: 'Ultimele anunțuri nu au putut fi încărcate.' });
  await expect(homeError).toBeVisible();
  await expect(homeError.getByRole('button', { name: 'Reîncearcă' })).toBeVisible();
  await expect(page.getByText('Nu există încă anunțuri publicate.')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await restore();
  await homeError.getByRole('button', { name: 'Reîncearcă' }).click();
  await expect(page.getByTestId('ad-card').first()).toBeVisible();
  await expect(page.getByTestId('load-error')).toHaveCount(0);

  restore = await breakApi(page, adList);
  await page.getByRole('link', { name: 'Vezi toate' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  const browseError = page.getByRole('alert').filter({ hasText: 'Anunțurile nu au putut fi încărcate.' });
  await expect(browseError).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveCount(0);
  await expect(page.getByText(/0 de anunțuri|Niciun anunț/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await restore();
  await browseError.getByRole('button', { name: 'Reîncearcă' }).click();
  await expect(page.getByTestId('result-count')).toContainText(/anunț/);
  await expect(page.getByTestId('ad-card').first()).toBeVisible();
  await expect(page.getByTestId('load-error')).toHaveCount(0);

  // A demo ad: other specs delete their own ads, and the newest card may be one of them.
  const title = 'Pistol Glock 17 Gen 5, stare impecabilă';
  const id = await adIdByTitle(page.request, title);
  restore = await breakApi(page, oneAd);
  // Moved to within the app (popstate), so the page has to ask the API for the ad.
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/ad/${id}`);
  const adError = page.getByRole('alert').filter({ hasText: 'Anunțul nu a putut fi încărcat.' });
  await expect(adError).toBeVisible();
  await restore();
  await adError.getByRole('button', { name: 'Reîncearcă' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('the dashboard’s lists show the error with Retry, distinct from their empty state', async ({ page }) => {
  test.setTimeout(180_000);
  await registerVerifiedUser(page);
  const pages = [
    {
      path: '/dashboard/messages',
      api: '/api/conversations',
      error: 'Mesajele nu au putut fi încărcate.',
      empty: 'Nu ai încă mesaje.',
    },
    {
      path: '/dashboard/favorites',
      api: '/api/me/favorites',
      error: 'Favoritele tale nu au putut fi încărcate.',
      empty: 'Nu ai încă anunțuri favorite.',
    },
    {
      path: '/dashboard/listings',
      api: '/api/me/ads',
      error: 'Anunțurile tale nu au putut fi încărcate.',
      empty: 'Nu ai publicat încă niciun anunț.',
    },
    {
      path: '/dashboard',
      api: '/api/me/overview',
      error: 'Contoarele nu au putut fi încărcate.',
      empty: null,
    },
  ];
  for (const { path, api, error, empty } of pages) {
    const restore = await breakApi(page, (url) => url.pathname === api);
    await page.goto(path);
    const alert = page.getByRole('alert').filter({ hasText: error });
    await expect(alert, path).toBeVisible();
    if (empty) await expect(page.getByText(empty)).toHaveCount(0);
    await restore();
    await alert.getByRole('button', { name: 'Reîncearcă' }).click();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    if (empty) await expect(page.getByText(empty), path).toBeVisible();
    else await expect(page.getByTestId('totalListings').locator('dd')).toHaveText('0');
  }
});
