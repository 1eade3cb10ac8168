import { registerVerifiedUser } from './support/accounts';
import { signedInContext } from './support/demo';
import { DEMO_MODERATOR } from './support/moderation';
import { expect, test } from './support/test';

// Issue 12: a weapon is posted with its category under Legea 295/2004 and the seller's declaration;
// the moderator sees the declaration in the queue; the ad shows its badge and legal notice.

test('a weapon is posted with its legal category and declaration, which the moderator sees', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await registerVerifiedUser(page);
  const title = `Pistol CZ P-10 C ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto('/post-ad');
  await page.getByLabel('Titlu').fill(title);
  await page.getByLabel('Descriere').fill('Pistol CZ P-10 C cu două încărcătoare, foarte puțin folosit.');
  await page.getByLabel('Categorie').selectOption({ label: 'Arme de foc' });
  await page.getByLabel('Stare').selectOption({ label: 'Ca nou' });
  await page.getByLabel('Preț (RON)').fill('3600');
  await page.getByLabel('Localitate').fill('Arad');
  await page.getByLabel('Județ').selectOption({ label: 'Arad' });

  // A prohibited weapon is explained and refused.
  await page.getByLabel('Armă interzisă (categoria A)').check();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Armele interzise nu pot fi publicate' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Trimite spre verificare' }).click();
  await expect(page.getByText('nu pot fi vândute de persoane fizice').first()).toBeVisible();

  // Without the declaration it is refused too, naming it.
  await page.getByLabel('Armă supusă autorizării (categoria B)').check();
  await page.getByRole('button', { name: 'Trimite spre verificare' }).click();
  await expect(
    page.getByText('Confirmă declarația vânzătorului pentru a publica o armă').first(),
  ).toBeVisible();

  await page.getByLabel(/Declar că dețin legal această armă/).check();
  await page.getByRole('button', { name: 'Trimite spre verificare' }).click();
  await expect(page.getByText('Anunțul a fost trimis spre verificare!')).toBeVisible();

  const moderator = await signedInContext(browser, DEMO_MODERATOR);
  const moderatorPage = await moderator.newPage();
  await moderatorPage.goto('/admin/queue');
  const row = moderatorPage.locator('li, article').filter({ hasText: title }).last();
  await expect(row.getByTestId('queue-declaration')).toContainText('Armă supusă autorizării.');
  await expect(row.getByTestId('queue-declaration')).toContainText('Declarația vânzătorului bifată pe');
  await moderator.close();

  const mine = (await (await page.request.get('/api/me/ads')).json()) as {
    items: Array<{ id: string; title: string }>;
  };
  const id = mine.items.find((item) => item.title === title)?.id;
  await page.goto(`/ad/${id}`);
  await expect(page.getByTestId('legal-badge')).toHaveText('Supusă autorizării');
  await expect(page.getByTestId('legal-notice')).toContainText(
    'Transferul se face doar prin armurier autorizat sau cu aprobarea poliției',
  );
});
