import { expect, test } from '@playwright/test';

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
  test('speaks Romanian by default and logs the unknown path', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Pagina nu a fost găsită')).toBeVisible();
    await page.getByRole('link', { name: 'Înapoi la pagina principală' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors.some((line) => line.includes('/no/such/page'))).toBe(true);
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
