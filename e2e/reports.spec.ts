import { adIdByTitle, DEMO_AD_TITLE } from './support/demo';
import { expect, test } from './support/test';

test('a visitor reports an ad: a reason is required, details are optional', async ({ page }) => {
  const adId = await adIdByTitle(page.request, DEMO_AD_TITLE);
  await page.goto(`/ad/${adId}`);
  await page.getByRole('button', { name: 'Raportează anunțul' }).click();
  const dialog = page.getByRole('dialog', { name: 'Raportează acest anunț' });
  await expect(dialog).toBeVisible();
  for (const label of ['Spam sau înșelătorie', 'Conținut nepotrivit', 'Obiect ilegal', 'Altceva']) {
    await expect(dialog.getByRole('radio', { name: label })).toBeVisible();
  }
  // The corner ✕ and the Cancel button have names of their own.
  await expect(dialog.getByRole('button', { name: 'Închide' })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Anulează' })).toHaveCount(1);
  // Without a reason nothing can be sent.
  await expect(dialog.getByRole('button', { name: 'Trimite raportul' })).toBeDisabled();

  await dialog.getByRole('radio', { name: 'Spam sau înșelătorie' }).check();
  await dialog.getByLabel('Detalii').fill('Același anunț apare de mai multe ori, cu alt preț.');
  const response = page.waitForResponse(
    (res) => res.url().endsWith(`/api/ads/${adId}/reports`) && res.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Trimite raportul' }).click();
  expect((await response).status()).toBe(201);
  await expect(page.getByText('Mulțumim! Moderatorii îți vor analiza raportul.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Opened again, the form is empty.
  await page.getByRole('button', { name: 'Raportează anunțul' }).click();
  await expect(dialog.getByRole('button', { name: 'Trimite raportul' })).toBeDisabled();
  await expect(dialog.getByLabel('Detalii')).toHaveValue('');
});
