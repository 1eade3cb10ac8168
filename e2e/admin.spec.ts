import type { BrowserContext, Page } from '@playwright/test';
import { PASSWORD, registerVerifiedUser, signInThroughForm } from './support/accounts';
import { ORIGIN } from './support/demo';
import { moderatorContext, signInModeratorThroughForm } from './support/moderation';
import { test as base, expect } from './support/test';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The demo moderator signs in once per worker (sign-ins are limited per address, and other specs
 * sign in as the same moderator); each test opens its own context with that session.
 */
const test = base.extend<{ moderator: Page }, { moderatorState: StorageState }>({
  moderatorState: [
    // The worker's one moderator session (support/moderation.ts): sign-ins are limited per account.
    async ({ browser }, use) => {
      const context = await moderatorContext(browser);
      await use(await context.storageState());
      await context.close();
    },
    { scope: 'worker' },
  ],
  moderator: async ({ browser, moderatorState, isMobile, viewport }, use) => {
    const context = await browser.newContext({
      storageState: moderatorState,
      locale: 'ro-RO',
      extraHTTPHeaders: {
        'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      isMobile,
      viewport,
      hasTouch: isMobile,
    });
    await use(await context.newPage());
    await context.close();
  },
});

const word = () => Math.random().toString(36).slice(2, 8);

/** Posts an ad through the form, as the signed-in user of the page; returns its id. */
async function postAd(page: Page, title: string): Promise<string> {
  await page.goto('/post-ad');
  await page.getByLabel('Titlu').fill(title);
  await page
    .getByLabel('Descriere')
    .fill('Pistol în stare foarte bună, cu acte în regulă și cutia originală.');
  await page.getByLabel('Categorie').selectOption({ label: 'Arme de foc' });
  await page.getByLabel('Armă supusă autorizării (categoria B)').check();
  await page.getByLabel(/Declar că dețin legal această armă/).check();
  await page.getByLabel('Stare').selectOption({ label: 'Bună' });
  await page.getByLabel('Preț (RON)').fill('3200');
  await page.getByLabel('Județ').selectOption({ label: 'Iași' });
  await page.getByLabel('Localitate').fill('Iași');
  await page.getByRole('button', { name: 'Trimite spre verificare' }).click();
  await expect(page.getByText('Anunțul a fost trimis spre verificare!')).toBeVisible();
  const mine = (await (await page.request.get('/api/me/ads')).json()) as {
    items: Array<{ id: string; title: string }>;
  };
  return mine.items.find((item) => item.title === title)!.id;
}

test('changes requested, the owner fixes the ad, the moderator approves and features it; it is on home', async ({
  page,
  moderator,
}) => {
  test.setTimeout(180_000);
  const tag = word();
  const title = `Pistol CZ 75 ${tag} de verificat`;
  await registerVerifiedUser(page);
  const id = await postAd(page, title);

  await moderator.goto('/admin');
  await expect(moderator.getByRole('heading', { name: 'Panou de administrare' })).toBeVisible();
  const row = moderator.getByTestId('queue-item').filter({ hasText: title });
  await expect(row.getByText('În așteptare')).toBeVisible();
  await expect(row.getByText('3.200 RON')).toBeVisible();
  await row.getByRole('button', { name: 'Cere modificări' }).click();
  const dialog = moderator.getByRole('dialog', { name: 'Cere modificări' });
  await dialog.getByLabel('Motiv standard').selectOption({ label: 'Poze neclare' });
  await dialog.getByLabel('Motivul pentru proprietar').fill('Adăugați o poză cu seria armei, vă rog.');
  await dialog.getByRole('button', { name: 'Cere modificări' }).click();
  await expect(moderator.getByText('Modificări cerute')).toBeVisible();
  // It leaves the waiting list for the one of ads back with their sellers (issue 26).
  await expect(row).toHaveCount(0);
  await moderator.getByTestId('queue-view-seller').click();
  await expect(row.getByText('Necesită modificări')).toBeVisible();

  // The owner reads the reason in My Listings and on the ad, and edits the ad.
  await page.goto('/dashboard/listings');
  const listing = page.getByTestId('my-listing').filter({ hasText: title });
  await expect(listing.getByText('Adăugați o poză cu seria armei, vă rog.')).toBeVisible();
  await page.goto(`/ad/${id}`);
  await expect(page.getByTestId('status-banner')).toContainText('Adăugați o poză cu seria armei, vă rog.');
  await page.getByRole('link', { name: 'Editează anunțul' }).click();
  await page.getByLabel('Titlu').fill(`${title} cu serie`);
  // Every submission of a weapon carries the seller's declaration (issue 12).
  await page.getByLabel(/Declar că dețin legal această armă/).check();
  await page.getByRole('button', { name: 'Salvează modificările' }).click();
  await expect(page.getByText('Anunțul a fost trimis la verificare')).toBeVisible();

  // Back in the queue, pending, without the old reason; approved, it leaves the queue.
  await moderator.reload();
  const fixed = moderator.getByTestId('queue-item').filter({ hasText: `${title} cu serie` });
  await expect(fixed.getByText('În așteptare')).toBeVisible();
  await expect(fixed.getByText('Adăugați o poză')).toHaveCount(0);
  await fixed.getByRole('button', { name: 'Aprobă' }).click();
  await expect(moderator.getByText('Anunț aprobat')).toBeVisible();
  await expect(fixed).toHaveCount(0);

  // From the ad page the moderator marks it featured; home shows it with the badge.
  await moderator.goto(`/ad/${id}`);
  await moderator.getByTestId('moderation-bar').getByRole('button', { name: 'Marchează promovat' }).click();
  await expect(moderator.getByText('Anunț marcat promovat')).toBeVisible();

  await page.goto('/');
  const card = page.getByTestId('ad-card').filter({ hasText: `${title} cu serie` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Promovat')).toBeVisible();
});

test('a reported ad is taken down from the Reports tab', async ({ page, moderator, browser }) => {
  // An owner, a visitor and a moderator, each with their own pages: about 28 s on a quiet machine.
  test.setTimeout(180_000);
  const tag = word();
  const title = `Revolver Smith ${tag} raportat`;
  await registerVerifiedUser(page);
  const id = await postAd(page, title);
  const approved = await moderator.request.post(`/api/admin/ads/${id}/approve`, {
    headers: { origin: ORIGIN },
    data: {},
  });
  expect(approved.status()).toBe(200);

  // A visitor reports it.
  const visitor = await browser.newContext();
  const reported = await visitor.request.post(`/api/ads/${id}/reports`, {
    headers: { origin: ORIGIN, 'x-forwarded-for': `10.88.${Math.floor(Math.random() * 250)}.3` },
    data: { reason: 'illegal', details: 'Pare să nu aibă acte.' },
  });
  expect(reported.status()).toBe(201);

  await moderator.goto('/admin');
  await moderator.getByRole('link', { name: 'Rapoarte' }).click();
  await expect(moderator).toHaveURL(/\/admin\/reports$/);
  const group = moderator.getByTestId('report-group').filter({ hasText: title });
  // The reason's label, not its code (issue 26).
  await expect(group.getByTestId('report-reason')).toHaveText('Obiect ilegal');
  await expect(group.getByText('ILLEGAL')).toHaveCount(0);
  await expect(group.getByText('Pare să nu aibă acte.')).toBeVisible();
  await expect(group.getByText('Deschis', { exact: true })).toBeVisible();
  await expect(group.getByRole('link', { name: 'Vezi anunțul' })).toHaveAttribute('href', `/ad/${id}`);
  await group.getByRole('button', { name: 'Retrage anunțul' }).click();
  const dialog = moderator.getByRole('dialog', { name: 'Retragi acest anunț?' });
  await dialog.getByLabel('Motivul pentru proprietar').fill('Obiectul nu poate fi vândut fără acte.');
  await dialog.getByRole('button', { name: 'Retrage anunțul' }).click();
  await expect(moderator.getByText('Anunț retras')).toBeVisible();
  await expect(group.getByText('Rezolvat', { exact: true })).toBeVisible();
  await expect(group.getByText('Respins', { exact: true })).toBeVisible();

  // Gone for the public; the owner reads why.
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/ad/${id}`);
  await expect(
    visitorPage.getByRole('heading', { name: 'Acest anunț a fost eliminat de un moderator' }),
  ).toBeVisible();
  await visitor.close();
  await page.goto(`/ad/${id}`);
  await expect(page.getByTestId('status-banner')).toContainText('Obiectul nu poate fi vândut fără acte.');
});

test('a deactivated user is signed out and can no longer sign in', async ({ page, moderator }) => {
  const { email } = await registerVerifiedUser(page, { firstName: 'Dorin' });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Meniul contului' })).toBeVisible();

  await moderator.goto('/admin/users');
  await moderator.getByLabel('Caută utilizatori').fill(email);
  const row = moderator.getByTestId('user-row').filter({ hasText: email });
  await expect(row.getByText('Activ', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Dezactivează' }).click();
  const dialog = moderator.getByRole('dialog', { name: `Dezactivezi contul ${email}?` });
  await dialog.getByLabel('Notă (opțional)').fill('Anunțuri false, repetat.');
  await dialog.getByRole('button', { name: 'Dezactivează' }).click();
  await expect(moderator.getByText('Cont dezactivat')).toBeVisible();
  await expect(row.getByText('Inactiv', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reactivează' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('link', { name: 'Autentificare' })).toBeVisible();
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText('Acest cont a fost dezactivat. Contactează moderatorii.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=login$/);
});

test('the admin panel sends visitors and plain users to the home page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await registerVerifiedUser(page);
  await page.goto('/admin/reports');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Panou de administrare' })).toHaveCount(0);
});

test('the moderator signs in with the password and the code from the authenticator app', async ({ page }) => {
  await signInModeratorThroughForm(page);
  await expect(page.getByRole('button', { name: 'Meniul contului' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Panou de administrare' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Secțiunile panoului de administrare' })).toBeVisible();
});
