import type { Locator, Page } from '@playwright/test';
import { registerVerifiedUser } from './support/accounts';
import { postAd } from './support/ads';
import { ORIGIN, signedInContext } from './support/demo';
import { DEMO_MODERATOR } from './support/moderation';
import { expect, test } from './support/test';

/**
 * Four ads that share a word, so the test sees only its own among the demo ads: one matches county,
 * price and caliber; each of the others misses exactly one of the three. Their calibers are written
 * with different names of the same caliber, as sellers write them.
 */
const ADS = [
  { key: 'potrivit', county: 'CJ', location: 'Turda', caliber: '9mm Luger', price: 2500 },
  { key: 'scump', county: 'CJ', location: 'Dej', caliber: '9x19', price: 9000 },
  { key: 'departe', county: 'TM', location: 'Lugoj', caliber: '9mm Parabellum', price: 2400 },
  { key: 'carabina', county: 'CJ', location: 'Cluj-Napoca', caliber: '.308 Win', price: 2600 },
] as const;

async function postApprovedAds(page: Page, browser: Parameters<typeof signedInContext>[0], word: string) {
  await registerVerifiedUser(page);
  const moderator = await signedInContext(browser, DEMO_MODERATOR);
  for (const ad of ADS) {
    const id = await postAd(page.request, {
      title: `Pistol ${word} ${ad.key}`,
      description: 'Armă în stare foarte bună, cu acte în regulă și cutia originală.',
      category: 'firearms',
      condition: 'good',
      price: ad.price,
      county: ad.county,
      location: ad.location,
      caliber: ad.caliber,
      legalCategory: 'authorisation',
      declaration: true,
    });
    const approved = await moderator.request.post(`/api/admin/ads/${id}/approve`, {
      headers: { origin: ORIGIN },
      data: {},
    });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  await moderator.close();
}

const titles = (page: Page) => page.getByTestId('ad-card').getByRole('heading');
const shown = (page: Page, word: string, keys: string[]) =>
  expect(titles(page)).toHaveText(
    keys.map((key) => `Pistol ${word} ${key}`),
    { useInnerText: true },
  );

test('filter by county, price and a caliber synonym, share the link, remove a chip, go Back', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  const word = `filtru${Math.random().toString(36).slice(2, 7)}`;
  await postApprovedAds(page, browser, word);

  await page.goto('/browse');
  await page.getByLabel('Caută', { exact: true }).fill(word);
  await expect(page.getByTestId('result-count')).toHaveText('4 anunțuri găsite');
  await expect(page.getByLabel('Sortare')).toHaveValue('relevance');

  let panel: Locator;
  if (phone) {
    await page.getByRole('button', { name: 'Filtre', exact: true }).click();
    panel = page.getByRole('dialog', { name: 'Filtre' });
  } else {
    panel = page.getByRole('complementary', { name: 'Filtre' });
  }
  await panel.getByLabel('Județ').selectOption({ label: 'Cluj' });
  await panel.getByLabel('Maxim', { exact: true }).fill('5000');
  await panel.getByLabel('Maxim', { exact: true }).press('Enter');
  // "parabellum" is one of 9x19's names; the ads say 9mm Luger and 9x19.
  await panel.getByRole('combobox', { name: 'Calibru' }).fill('parabellum');
  await page.getByRole('option', { name: /9x19 \(9mm Luger\)/ }).click();
  if (phone) {
    await expect(panel.getByRole('button', { name: 'Vezi 1 anunț' })).toBeVisible();
    await panel.getByRole('button', { name: 'Vezi 1 anunț' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filtre (3)' })).toBeFocused();
  }

  await expect(page).toHaveURL(/county=CJ/);
  await expect(page).toHaveURL(/priceMax=5000/);
  await expect(page).toHaveURL(/caliber=9x19/);
  await expect(page.getByTestId('result-count')).toHaveText('1 anunț găsit');
  await shown(page, word, ['potrivit']);
  await expect(page.getByTestId('ad-card')).toContainText('Turda, jud. Cluj');
  const chips = page.getByRole('list', { name: 'Filtre active' });
  await expect(chips.getByRole('button', { name: 'Elimină filtrul Cluj' })).toBeVisible();
  await expect(
    chips.getByRole('button', { name: /^Elimină filtrul până la 5\.000(,00)? RON$/ }),
  ).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Elimină filtrul 9x19 (9mm Luger)' })).toBeVisible();

  // The link is the search: opened elsewhere, it shows the same.
  const shared = await browser.newContext({
    locale: 'ro-RO',
    viewport: page.viewportSize(),
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${Date.now() % 250}.9` },
  });
  const other = await shared.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('result-count')).toHaveText('1 anunț găsit');
  await shown(other, word, ['potrivit']);
  await expect(other.getByRole('button', { name: 'Elimină filtrul Cluj' })).toBeVisible();
  await shared.close();

  // One click removes a filter: the ad from another county comes in.
  await chips.getByRole('button', { name: 'Elimină filtrul Cluj' }).click();
  await expect(page).not.toHaveURL(/county=/);
  await expect(page.getByTestId('result-count')).toHaveText('2 anunțuri găsite');
  await expect(titles(page)).toHaveCount(2);
  await expect(page.getByTestId('ad-card').filter({ hasText: 'departe' })).toContainText('Lugoj, jud. Timiș');

  // Back brings the filter again.
  await page.goBack();
  await expect(page).toHaveURL(/county=CJ/);
  await expect(page.getByTestId('result-count')).toHaveText('1 anunț găsit');
  await shown(page, word, ['potrivit']);
  await expect(chips.getByRole('button', { name: 'Elimină filtrul Cluj' })).toBeVisible();
});

test('a minimum price above the maximum is said by the field, not shown as an empty list', async ({
  page,
}, testInfo) => {
  await page.goto('/browse?priceMin=5000&priceMax=100');
  const message = 'Prețul maxim trebuie să fie cel puțin cât prețul minim';
  await expect(page.getByTestId('filters-problem')).toHaveText(message);
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Filtre (2)' }).click();
  await expect(page.getByLabel('Maxim', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('price-error')).toHaveText(message);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});
