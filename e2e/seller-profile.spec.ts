import { adIdByTitle, DEMO_AD_TITLE, DEMO_SELLER } from './support/demo';
import { expect, test } from './support/test';

test('from an ad, the seller’s name leads to their profile and their other ads, without contact details', async ({
  page,
}) => {
  const adId = await adIdByTitle(page.request, DEMO_AD_TITLE);
  await page.goto(`/ad/${adId}`);
  // Issue 26: the ad page names the seller as their page does, never with the last name.
  await expect(page.getByTestId('seller-link')).toHaveText('Mihai P.');
  await expect(page.locator('main')).not.toContainText(DEMO_SELLER.name);
  await page.getByRole('link', { name: 'Mihai P.' }).click();
  await expect(page).toHaveURL(/\/seller\/[^/]+$/);

  const profile = page.getByTestId('seller-profile');
  await expect(profile.getByRole('heading', { level: 1, name: 'Mihai P.' })).toBeVisible();
  await expect(profile).toContainText('Membru din');
  await expect(profile).toContainText('Anunțuri active');
  await expect(profile).toContainText('Timp de răspuns');
  const ads = page.getByRole('region', { name: /Anunțuri active/ });
  await expect(ads.getByTestId('ad-card').filter({ hasText: DEMO_AD_TITLE })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(DEMO_SELLER.email);

  // Its cards lead back to ads.
  await ads.getByTestId('ad-card').filter({ hasText: DEMO_AD_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/ad/${adId}$`));
});

test('an unknown seller is a 404 page that says so and leads to the ads', async ({ page }) => {
  const res = await page.goto('/seller/nu-exista');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Vânzătorul nu există' })).toBeVisible();
  await page.getByTestId('seller-not-found').getByRole('link', { name: 'Vezi anunțurile' }).click();
  await expect(page).toHaveURL(/\/browse$/);
});
