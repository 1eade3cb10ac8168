import sharp from 'sharp';
import { registerVerifiedUser, uniqueEmail } from './support/accounts';
import { expect, test } from './support/test';

// What a newcomer met on a phone (issue 14). Each test holds at 1280 px too; the phone project is the point.

test('the dashboard tabs all fit on the screen: none hides past the edge', async ({ page }) => {
  await registerVerifiedUser(page);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Secțiunile panoului' });
  const width = page.viewportSize()!.width;
  for (const name of ['Prezentare generală', 'Anunțurile mele', 'Mesaje', 'Favorite', 'Setări']) {
    const tab = nav.getByRole('link', { name });
    await expect(tab).toBeInViewport({ ratio: 1 });
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await nav.getByRole('link', { name: 'Setări' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});

test('the check-your-e-mail step keeps a long address inside its card', async ({ page }) => {
  const email = uniqueEmail('o-adresa-foarte-lunga-de-tot-pentru-un-ecran-ingust');
  await page.goto('/auth?mode=register');
  await page.getByLabel('Prenume').fill('Ana');
  await page.getByLabel('Nume', { exact: true }).fill('Pop');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Parolă', { exact: true }).fill('o-parola-buna-123');
  await page.getByRole('button', { name: 'Înregistrează-te' }).click();
  const text = page.getByText(email);
  await expect(text).toBeVisible();
  const card = page.getByRole('status').filter({ has: text });
  const [textBox, cardBox] = [(await text.boundingBox())!, (await card.boundingBox())!];
  expect(textBox.x + textBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});

test('the crop dialog is walked with Tab in the order it is seen: crop area, zoom, Crop, Cancel', async ({
  page,
}, testInfo) => {
  await registerVerifiedUser(page);
  await page.goto('/post-ad');
  const photo = testInfo.outputPath('poza.jpg');
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#6b7d4f' } })
    .jpeg()
    .toFile(photo);
  await page.getByTestId('image-input').setInputFiles(photo);
  const dialog = page.getByRole('dialog', { name: 'Decupează imaginea' });
  const area = dialog.getByRole('group', { name: 'Zona de decupare' });
  await expect(area).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('slider', { name: 'Mărire' })).toBeFocused();
  await page.keyboard.press('Tab');
  const crop = dialog.getByRole('button', { name: 'Decupează', exact: true });
  await expect(crop).toBeFocused();
  await page.keyboard.press('Tab');
  const cancel = dialog.getByRole('button', { name: 'Anulează' });
  await expect(cancel).toBeFocused();
  // On screen too, Crop comes before Cancel (above it on phones, left of it on wide screens).
  const [cropBox, cancelBox] = [(await crop.boundingBox())!, (await cancel.boundingBox())!];
  expect(cropBox.y < cancelBox.y || cropBox.x < cancelBox.x).toBe(true);
  await page.keyboard.press('Tab');
  await expect(area).toBeFocused();
});
