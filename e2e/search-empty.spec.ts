import { registerVerifiedUser } from './support/accounts';
import { expect, test } from './support/test';

// Issue 26, items 25 and 26: a search whose words all match nothing offers to save it (and be told
// when something comes) and to clear the filters; below, the ads matching all of its words but one
// (here the demo's shotguns, for "pușcă" and a word no ad has), under their own heading.

test('an empty search offers to save it and to clear the filters, and shows near matches below', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const word = `zx${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`;
  await registerVerifiedUser(page);
  // The app may keep a hidden copy of a page it can return to: only what is on screen counts.
  const shown = (testId: string) => page.getByTestId(testId).filter({ visible: true });
  await page.goto(`/browse?q=pusca+${word}&category=long-guns`);

  const empty = shown('no-results');
  await expect(empty).toBeVisible();
  const save = empty.getByRole('button', { name: 'Salvează căutarea și anunță-mă' });
  const clear = empty.getByRole('button', { name: 'Șterge filtrele' });
  await expect(save).toBeVisible();
  await expect(clear).toBeVisible();

  const near = shown('near-matches');
  await expect(near.getByRole('heading', { name: 'Se potrivesc cu majoritatea cuvintelor' })).toBeVisible();
  await expect(near.getByTestId('ad-card').first()).toContainText(/Pușcă/);

  // Saved from the empty list, as the header's button saves it.
  await save.click();
  await expect(page.getByText(new RegExp(`Căutare salvată: „.*${word}”`, 'i'))).toBeVisible();
  const saved = await page.request.get('/api/me/saved-searches');
  expect(JSON.stringify(await saved.json())).toContain(word);

  // Clearing takes the filters off first (the text stays), then, with none left, the text.
  await clear.click();
  await expect(page).toHaveURL(new RegExp(`/browse\\?q=pusca\\+${word}$`));
  await expect(empty).toBeVisible();
  await empty.getByRole('button', { name: 'Șterge filtrele' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(shown('no-results')).toHaveCount(0);
  await expect(shown('ad-card').first()).toBeVisible();
});
