import type { Page, Route } from '@playwright/test';
import { registerVerifiedUser } from './support/accounts';
import { adIdByTitle, DEMO_AD_TITLE } from './support/demo';
import { expect, test } from './support/test';

test.describe('top bar', () => {
  test('links to home, browse, search, and to sign-in and registration that come back here', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/missing-page');
    const nav = page.getByRole('navigation', { name: 'Navigare principală' });
    await expect(nav.getByRole('link', { name: 'ArmaMarket' })).toHaveAttribute('href', '/');
    if (!isMobile)
      await expect(nav.getByRole('link', { name: 'Anunțuri', exact: true })).toHaveAttribute(
        'href',
        '/browse',
      );
    await expect(nav.getByRole('link', { name: 'Autentificare' })).toHaveAttribute(
      'href',
      '/auth?mode=login&next=%2Fmissing-page',
    );
    await expect(nav.getByRole('link', { name: 'Înregistrare' })).toHaveAttribute(
      'href',
      '/auth?mode=register&next=%2Fmissing-page',
    );

    await nav.getByRole('link', { name: 'Caută anunțuri' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await nav.getByRole('link', { name: 'ArmaMarket' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The address changes before the new page renders: wait for the link to follow it.
    await expect(nav.getByRole('link', { name: 'Autentificare' })).toHaveAttribute(
      'href',
      '/auth?mode=login',
    );
    await nav.getByRole('link', { name: 'Autentificare' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=login$/);
  });
});

test.describe('404 page', () => {
  test('speaks Romanian by default and logs no console error: an unknown address is no fault (issue 26)', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Pagina nu a fost găsită')).toBeVisible();
    await expect(page).toHaveTitle('Oops! Pagina nu a fost găsită | ArmaMarket');
    // The server answers 404 for the page itself, which the browser logs; the app adds nothing.
    expect(errors.filter((line) => !line.includes('404 (Not Found)'))).toEqual([]);
    await page.getByRole('link', { name: 'Înapoi la pagina principală' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors.filter((line) => !line.includes('404 (Not Found)'))).toEqual([]);
  });

  test('speaks English to an English browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/elsewhere');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await context.close();
  });

  test('falls back to Romanian for a browser language we do not offer', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/nirgendwo');
    await expect(page.getByText('Oops! Pagina nu a fost găsită')).toBeVisible();
    await context.close();
  });
});

test('a language chosen in the menu survives a reload', async ({ page }) => {
  await page.goto('/missing');
  await expect(page.getByText('Oops! Pagina nu a fost găsită')).toBeVisible();
  await page.getByRole('button', { name: 'Limba' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Română' }).click();
  await expect(page.getByText('Oops! Pagina nu a fost găsită')).toBeVisible();
});

test('the language menu works from the keyboard', async ({ page }) => {
  await page.goto('/missing');
  await page.getByRole('button', { name: 'Limba' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

// Issue 26: what a newcomer found in the shell.

test('tab titles follow client-side navigation, name dashboard pages, and follow the language', async ({
  page,
}) => {
  await registerVerifiedUser(page);
  await page.goto('/');
  await expect(page).toHaveTitle(/^ArmaMarket — arme, optică/);
  const nav = page.getByRole('navigation', { name: 'Navigare principală' });
  await nav.getByRole('link', { name: 'Caută anunțuri' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page).toHaveTitle('Anunțuri arme, optică și accesorii | ArmaMarket');

  const adId = await adIdByTitle(page.request, DEMO_AD_TITLE);
  await page.getByRole('searchbox').first().fill('Glock 17 Gen 5');
  await page.getByRole('heading', { name: DEMO_AD_TITLE }).first().click();
  await expect(page).toHaveURL(new RegExp(`/ad/${adId}$`));
  await expect(page).toHaveTitle(new RegExp(`^${DEMO_AD_TITLE} — [\\d.]+\\sRON \\| ArmaMarket$`));

  await page.getByRole('button', { name: 'Meniul contului' }).click();
  await page.getByRole('menuitem', { name: 'Favorite' }).click();
  await expect(page).toHaveTitle('Favorite | ArmaMarket');
  await page
    .getByRole('navigation', { name: 'Secțiunile panoului' })
    .getByRole('link', { name: 'Setări' })
    .click();
  await expect(page).toHaveTitle('Setări | ArmaMarket');

  await page.getByRole('button', { name: 'Limba' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page).toHaveTitle('Settings | ArmaMarket');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/ad/${adId}$`));
  // In English the price is grouped the English way (issue 26): RON 3,900.
  await expect(page).toHaveTitle(new RegExp(`^${DEMO_AD_TITLE} — RON\\s[\\d,]+ \\| ArmaMarket$`));
  await expect(page.getByText(/^RON\s\d{1,3}(,\d{3})+$/).first()).toBeVisible();
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'ro'));
});

test('the account menu lists the saved searches', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Meniul contului' }).click();
  await page.getByRole('menuitem', { name: 'Căutări salvate' }).click();
  await expect(page).toHaveURL(/\/dashboard\/saved-searches$/);
});

const fail = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong' } }),
  });

/** Serves the page without the data the server put in it, so the app asks the API itself. */
async function withoutInlineData(page: Page, pathname: string) {
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="preload">[\s\S]*?<\/script>/,
        '',
      );
      await route.fulfill({ response, body });
    },
  );
}

test('when the session cannot be read, the account control says so and retries', async ({ page }) => {
  const viewer = (url: URL) => url.pathname === '/api/viewer';
  await withoutInlineData(page, '/browse');
  await page.route(viewer, fail);
  await page.goto('/browse');
  const control = page.getByTestId('account-load-error');
  await expect(control).toBeVisible();
  await expect(control).toHaveAccessibleName(/Contul nu a putut fi încărcat/);
  // Not "sign in" to someone who may well be signed in.
  await expect(page.getByRole('link', { name: 'Autentificare' })).toHaveCount(0);
  await page.unroute(viewer, fail);
  await control.click();
  await expect(page.getByRole('link', { name: 'Autentificare' })).toBeVisible();
  await expect(control).toHaveCount(0);
});

test('on a phone the brand shows, the magnifier focuses the search box, and nothing overflows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navigare principală' });
  await expect(page.getByTestId('brand-name')).toBeVisible();
  await expect(page.getByTestId('brand-name')).toHaveText('ArmaMarket');
  // Whole, not cut to "Ar…".
  expect(await page.getByTestId('brand-name').evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(
    true,
  );
  for (const link of [
    nav.getByRole('link', { name: 'Autentificare' }),
    nav.getByRole('link', { name: 'Înregistrare' }),
  ])
    await expect(link).toBeInViewport({ ratio: 1 });
  // The home search's hint fits its box.
  const homeSearch = page.getByRole('searchbox');
  const hint = await homeSearch.evaluate((input: HTMLInputElement) => {
    const probe = document.createElement('span');
    const style = getComputedStyle(input);
    probe.style.font = style.font;
    probe.style.whiteSpace = 'pre';
    probe.style.position = 'absolute';
    probe.textContent = input.placeholder;
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return {
      width,
      room: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
    };
  });
  expect(hint.width).toBeLessThanOrEqual(hint.room);

  await nav.getByRole('link', { name: 'Caută anunțuri' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('searchbox', { name: 'Caută', exact: true })).toBeFocused();
  // On /browse already, it focuses the box again.
  await page.getByRole('heading', { level: 1 }).click();
  await nav.getByRole('link', { name: 'Caută anunțuri' }).click();
  await expect(page.getByRole('searchbox', { name: 'Caută', exact: true })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a phone the dashboard tabs take two rows at most', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerVerifiedUser(page);
  await page.goto('/dashboard');
  const tabs = page.getByRole('navigation', { name: 'Secțiunile panoului' }).getByRole('link');
  await expect(tabs).toHaveCount(7);
  const tops = new Set<number>();
  for (const box of await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top)))
    tops.add(Math.round(box));
  expect(tops.size).toBeLessThanOrEqual(2);
});
