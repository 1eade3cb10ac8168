import { registerVerifiedUser } from './support/accounts';
import { sellerPosts } from './support/ads';
import { adIdByTitle, DEMO_AD_TITLE } from './support/demo';
import { approveAsModerator } from './support/moderation';
import { expect, test } from './support/test';

test('a visitor who taps a heart is sent to sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Adaugă la favorite' }).first().click();
  await expect(page).toHaveURL(/\/auth\?mode=login$/);
});

test('favorites are added from a card and the ad page, listed with the seller, and removed', async ({
  page,
  browser,
}) => {
  // An ad that no other test sells, takes down or reprices: the cheapest card of the shared list was
  // once another test's ad, sold before the favorites page loaded.
  const cardTitle = `Lunetă Zeiss Conquest V4 ${Math.random().toString(36).slice(2, 8)}`;
  await approveAsModerator(browser, await sellerPosts(browser, cardTitle));
  await registerVerifiedUser(page);
  await page.goto('/dashboard/favorites');
  await expect(page.getByText('Nu ai încă anunțuri favorite.')).toBeVisible();

  // From the ad page.
  const adId = await adIdByTitle(page.request, DEMO_AD_TITLE);
  await page.goto(`/ad/${adId}`);
  const heart = page.getByRole('button', { name: 'Adaugă la favorite' });
  await heart.click();
  await expect(page.getByRole('button', { name: 'Elimină din favorite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // From a card in the browse list.
  await page.goto(`/browse?q=${encodeURIComponent(cardTitle.split(' ').at(-1)!)}`);
  const card = page
    .locator('li')
    .filter({ has: page.getByRole('heading', { name: cardTitle, exact: true }) });
  await card.getByRole('button', { name: 'Adaugă la favorite' }).click();
  await expect(card.getByRole('button', { name: 'Elimină din favorite' })).toBeVisible();

  await page.goto('/dashboard/favorites');
  const cards = page.getByTestId('ad-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: DEMO_AD_TITLE })).toContainText('Vânzător: Mihai Popescu');
  await expect(cards.filter({ hasText: cardTitle })).toContainText('Vânzător:');

  // Un-hearting on the page takes the ad off the list.
  await page
    .locator('li')
    .filter({ hasText: DEMO_AD_TITLE })
    .getByRole('button', { name: 'Elimină din favorite' })
    .click();
  await expect(cards).toHaveCount(1);
  await page.getByRole('button', { name: 'Elimină din favorite' }).click();
  await expect(page.getByText('Nu ai încă anunțuri favorite.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Nu ai încă anunțuri favorite.')).toBeVisible();
});
