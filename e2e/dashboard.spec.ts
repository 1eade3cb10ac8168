import { registerVerifiedUser } from './support/accounts';
import { postAd } from './support/ads';
import { expect, test } from './support/test';

test('My Listings: empty, then an own pending ad with its counters, deleted after confirming', async ({
  page,
}) => {
  await registerVerifiedUser(page);
  await page.goto('/dashboard/listings');
  await expect(page.getByText('Nu ai publicat încă niciun anunț.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Publică primul tău anunț' })).toHaveAttribute(
    'href',
    '/post-ad',
  );

  const title = `Lunetă Zeiss Conquest ${Math.random().toString(36).slice(2, 7)}`;
  const id = await postAd(page.request, {
    title,
    description: 'Lunetă în stare foarte bună, cu capace și inele de prindere incluse.',
    condition: 'good',
    price: '4500.5',
    location: 'Sibiu',
    county: 'SB',
  });

  await page.goto('/dashboard');
  await expect(page.getByTestId('totalListings')).toContainText('1');
  await expect(page.getByTestId('pendingReview')).toContainText('1');
  await expect(page.getByTestId('unreadMessages')).toContainText('0');
  await expect(page.getByTestId('favorites')).toContainText('0');
  await expect(page.getByRole('link', { name: 'Adaugă un anunț nou' })).toHaveAttribute('href', '/post-ad');
  await expect(page.getByRole('link', { name: 'Vezi mesajele' })).toHaveAttribute(
    'href',
    '/dashboard/messages',
  );
  await page.getByRole('link', { name: 'Gestionează anunțurile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings$/);

  const row = page.getByTestId('my-listing').filter({ hasText: title });
  await expect(row).toContainText('4.500,50 RON');
  await expect(row).toContainText('În așteptare');
  await expect(row.getByRole('img', { name: 'Fără imagine' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Vezi' })).toHaveAttribute('href', `/ad/${id}`);
  await expect(row.getByRole('link', { name: 'Editează' })).toHaveAttribute('href', `/ad/${id}/edit`);

  // Cancelling keeps it; confirming deletes it.
  await row.getByRole('button', { name: 'Șterge' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Sigur vrei să ștergi acest anunț?');
  await dialog.getByRole('button', { name: 'Anulează' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Șterge' }).click();
  await dialog.getByRole('button', { name: 'Șterge' }).click();
  await expect(page.getByText('Anunț șters')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('Nu ai publicat încă niciun anunț.')).toBeVisible();
  expect((await page.request.get(`/api/ads/${id}`)).status()).toBe(404);
});
