import { registerVerifiedUser } from './support/accounts';
import { postAd } from './support/ads';
import { ORIGIN } from './support/demo';
import { approveAsModerator } from './support/moderation';
import { clientAddress, expect, test } from './support/test';

/** A pistol that needs the buyer's purchase authorisation (issue 29's guide applies). */
const WEAPON = {
  description: 'Pistol în stare foarte bună, cu două încărcătoare și cutia originală.',
  category: 'firearms',
  condition: 'good',
  price: '3500',
  location: 'Cluj-Napoca',
  county: 'CJ',
  brand: 'CZ',
  model: '75 B',
  caliber: '9x19',
  imageIds: [],
  legalCategory: 'authorisation',
  declaration: true,
};

/**
 * Issue 29 after the sale: the seller of a weapon sold on the site sees, in the deal, the legal guide
 * with their own steps first, downloads the sale contract and ticks "Am făcut radierea"; the buyer's
 * deal shows their steps.
 */
test('a weapon’s deal shows each side its legal steps; the seller downloads the contract and ticks the deregistration done', async ({
  page: seller,
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const title = `Pistol CZ 75 B ${tag}`;
  await registerVerifiedUser(seller);
  const adId = await postAd(seller.request, { ...WEAPON, title });
  await approveAsModerator(browser, adId);

  // A buyer writes about it, the seller marks it sold to them, the buyer confirms (through the API:
  // the screens of these steps have specs of their own).
  const buyerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const buyer = await buyerContext.newPage();
  await registerVerifiedUser(buyer);
  const headers = { origin: ORIGIN };
  const wrote = await buyer.request.post(`/api/ads/${adId}/messages`, {
    headers,
    data: {
      body: 'Bună ziua, am autorizația de procurare. Putem face predarea la armurier?',
      attestation: true,
    },
  });
  expect(wrote.status(), await wrote.text()).toBe(201);
  const candidates = (await (await seller.request.get(`/api/ads/${adId}/buyers`)).json()) as {
    items: { id: string }[];
  };
  const sold = await seller.request.post(`/api/ads/${adId}/deal`, {
    headers,
    data: { buyerId: candidates.items[0]?.id, price: 3400 },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const dealId = ((await sold.json()) as { id: string }).id;
  const confirmed = await buyer.request.post(`/api/deals/${dealId}/answer`, {
    headers,
    data: { answer: 'confirm' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await seller.goto('/dashboard/deals');
  const deal = seller.getByTestId('deal').filter({ hasText: title });
  await expect(deal).toContainText('Confirmată');
  // The guide, the seller's side first.
  await deal.getByText('Ce ai de făcut legal după vânzare').click();
  await expect(deal).toContainText('radierea armei din permisul său de armă');
  // The sale contract, filled in at download time.
  await deal.getByRole('button', { name: 'Descarcă contractul' }).click();
  const form = seller.getByRole('dialog');
  for (const [side, values] of [
    ['Vânzătorul', ['Ion Popescu', '1800101123456', 'Cluj-Napoca, str. Fânarului 3', 'CJ-123456']],
    ['Cumpărătorul', ['Maria Ionescu', 'CJ 654321', 'Turda, str. Șincai 7', 'AP-2026-77']],
  ] as const) {
    const group = form.getByRole('group', { name: side });
    const labels = [
      'Nume și prenume',
      'CNP sau seria și numărul actului de identitate',
      'Domiciliul',
      /^Nr\. permisului/,
    ];
    for (const [index, label] of labels.entries()) await group.getByLabel(label).fill(values[index] ?? '');
  }
  await form.getByLabel('Seria armei').fill('CZ-B-998877');
  const [download] = await Promise.all([
    seller.waitForEvent('download'),
    form.getByRole('button', { name: 'Descarcă PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contract-vanzare-[0-9a-f]{8}\.pdf$/);
  const pdf = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(seller.getByText('Contractul a fost descărcat.')).toBeVisible();
  await expect(form).toBeHidden();

  await deal.getByRole('button', { name: 'Am făcut radierea' }).click();
  await expect(seller.getByText('Am notat: radierea e făcută.')).toBeVisible();
  await expect(deal.getByTestId('deregistered')).toContainText('Radierea armei din permis: făcută');
  await seller.reload();
  await expect(
    seller.getByTestId('deal').filter({ hasText: title }).getByTestId('deregistered'),
  ).toBeVisible();

  // The buyer's deal shows the guide from the buyer's side, and no deregistration step.
  await buyer.goto('/dashboard/deals');
  const bought = buyer.getByTestId('deal').filter({ hasText: title });
  await expect(bought.getByText('Cum se cumpără legal')).toBeVisible();
  await expect(bought.getByRole('button', { name: 'Am făcut radierea' })).toHaveCount(0);
  await buyerContext.close();
});
