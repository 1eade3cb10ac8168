import { PASSWORD, registerVerifiedUser, signedOutOnDemoAd } from './support/accounts';
import { postAd, sellerPosts } from './support/ads';
import { adIdByTitle, DEMO_AD_TITLE, ORIGIN } from './support/demo';
import { approveAsModerator } from './support/moderation';
import { clientAddress, expect, test } from './support/test';

test('a visitor who taps a heart signs in, told why, and comes back to the ad saved (issue 26)', async ({
  page,
}) => {
  const { email, adId } = await signedOutOnDemoAd(page);
  await page.getByRole('button', { name: 'Adaugă la favorite' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=login&next=%2Fad%2F[0-9a-f-]+&reason=favorite$/);
  await expect(page.getByTestId('sign-in-reason')).toHaveText(
    'Autentifică-te ca să salvezi anunțul la favorite: îl salvăm imediat după.',
  );
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Parolă', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Autentifică-te' }).click();
  await expect(page).toHaveURL(new RegExp(`/ad/${adId}$`));
  await expect(page.getByText('Anunțul a fost salvat la favorite.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Elimină din favorite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a sold ad stays in favorites, marked sold, and its conversation says so (issue 26)', async ({
  page,
  browser,
}) => {
  const title = `Lunetă Leupold VX-5 ${Math.random().toString(36).slice(2, 8)}`;
  const sellerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const sellerPage = await sellerContext.newPage();
  await registerVerifiedUser(sellerPage, { firstName: 'Sorin' });
  const adId = await postAd(sellerPage.request, { title });
  await approveAsModerator(browser, adId);

  await registerVerifiedUser(page);
  await page.goto(`/ad/${adId}`);
  // The heart turns at once; the save is waited for, or the next page load would cancel it (CI, stop 37).
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/me/favorites/') && r.ok(),
  );
  await page.getByRole('button', { name: 'Adaugă la favorite' }).click();
  await saved;
  await expect(page.getByRole('button', { name: 'Elimină din favorite' })).toBeVisible();
  const wrote = await page.request.post(`/api/ads/${adId}/messages`, {
    headers: { origin: ORIGIN },
    data: { body: 'Mai este disponibilă?', attestation: true },
  });
  expect(wrote.status()).toBe(201);

  const sold = await sellerPage.request.post(`/api/ads/${adId}/sold`, { headers: { origin: ORIGIN } });
  expect(sold.status()).toBe(200);
  await sellerContext.close();

  await page.goto('/dashboard/favorites');
  const card = page.locator('li').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('favorite-sold')).toHaveText('Vândut');

  await page.goto('/dashboard/messages');
  const conversation = page.getByTestId('conversation').filter({ hasText: title });
  await expect(conversation.getByTestId('conversation-sold')).toHaveText('Vândut');
  await conversation.click();
  await expect(page.getByTestId('conversation-sold')).toContainText('Anunțul a fost vândut.');
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
  // The heart turns at once; the save is waited for, or the next page load would cancel it.
  const savedOnAdPage = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/me/favorites/') && r.ok(),
  );
  await heart.click();
  await savedOnAdPage;
  await expect(page.getByRole('button', { name: 'Elimină din favorite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // From a card in the browse list.
  await page.goto(`/browse?q=${encodeURIComponent(cardTitle.split(' ').at(-1)!)}`);
  const card = page
    .locator('li')
    .filter({ has: page.getByRole('heading', { name: cardTitle, exact: true }) });
  const savedFromCard = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/me/favorites/') && r.ok(),
  );
  await card.getByRole('button', { name: 'Adaugă la favorite' }).click();
  await expect(card.getByRole('button', { name: 'Elimină din favorite' })).toBeVisible();
  await savedFromCard;

  await page.goto('/dashboard/favorites');
  const cards = page.getByTestId('ad-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: DEMO_AD_TITLE })).toContainText('Vânzător: Mihai P.');
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
