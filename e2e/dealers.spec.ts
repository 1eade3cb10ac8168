import { registerVerifiedUser } from './support/accounts';
import { postAd } from './support/ads';
import { approveAsModerator, DEMO_SUPER, signInThroughApi } from './support/moderation';
import { mailTo } from './support/outbox';
import { expect, test } from './support/test';

test('a dealer application is approved by an admin and the badge shows on the dealer’s ad', async ({
  page,
  browser,
}) => {
  // Two accounts, a moderator's approval and an admin's decision: longer than one page's test.
  test.setTimeout(180_000);
  const { email } = await registerVerifiedUser(page);
  const business = `Armurieria Test ${Math.random().toString(36).slice(2, 7)} SRL`;

  await page.goto('/dashboard/settings');
  const card = page.getByTestId('dealer-card');
  await card.getByLabel('Denumirea firmei').fill(business);
  await card.getByLabel('CUI').fill('18547291');
  await card.getByLabel('Numărul autorizației de armurier').fill('IGPR 99/2024');
  await card.getByRole('button', { name: 'Trimite cererea' }).click();
  // The check digit is wrong: said under the field, which gets the focus.
  await expect(card.getByText('CUI-ul nu este valid')).toBeVisible();
  await expect(card.getByLabel('CUI')).toBeFocused();
  await card.getByLabel('CUI').fill('RO 18547290');
  await card.getByRole('button', { name: 'Trimite cererea' }).click();
  await expect(card.getByRole('status')).toContainText(`„${business}”`);
  await expect(card.getByRole('status')).toContainText('este în analiză');

  const id = await postAd(page.request, {
    title: `Lunetă Swarovski Z8i ${business}`,
    description: 'Lunetă Swarovski Z8i 2-16x50, reticul 4A-I, în cutia originală.',
    price: '11500',
    location: 'Sibiu',
    county: 'SB',
  });
  await approveAsModerator(browser, id);

  const admin = await browser.newContext({
    extraHTTPHeaders: {
      'x-forwarded-for': `10.8.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  await signInThroughApi(admin.request, DEMO_SUPER);
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/dealers');
  const row = adminPage.getByTestId('dealer-row').filter({ hasText: business });
  await expect(row).toContainText('18547290');
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: 'Aprobă' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Aprobă' }).click();
  await expect(adminPage.getByTestId('dealer-row').filter({ hasText: business })).toHaveCount(0);
  await admin.close();

  const mail = await mailTo(email, { subject: /dealer verificat/ });
  expect(mail.text).toContain(business);

  await page.goto(`/ad/${id}`);
  const seller = page.getByRole('region', { name: 'Vânzător' });
  await expect(seller.getByTestId('dealer-badge')).toHaveText('Dealer verificat');
  await expect(seller).toContainText(business);

  await page.goto('/browse?dealer=1&category=optics');
  await expect(page.getByRole('button', { name: 'Elimină filtrul Dealeri verificați' })).toBeVisible();
  const card2 = page.getByTestId('ad-card').filter({ hasText: business });
  await expect(card2.getByTestId('dealer-badge')).toBeVisible();
  for (const each of await page.getByTestId('ad-card').all())
    await expect(each.getByTestId('dealer-badge')).toBeVisible();

  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('dealer-card').getByTestId('dealer-badge')).toBeVisible();
});
