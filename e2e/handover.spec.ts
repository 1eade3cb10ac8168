import { registerVerifiedUser } from './support/accounts';
import { postAd } from './support/ads';
import { ORIGIN, signedInContext } from './support/demo';
import { approveAsModerator } from './support/moderation';
import { mailTo } from './support/outbox';
import { clientAddress, expect, test } from './support/test';

/** The demo dealer (server/seed/demo-seed.ts) offers transfer services in București. */
const DEALER = { email: 'vanzator@armamarket.ro', password: 'vanzator-parola-2026' };
const DEALER_NAME = 'Armurieria Stan SRL';

/** YYYY-MM-DD a week from today in Romania's calendar, as the date input takes it. */
function inAWeek(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7);
  return day.toISOString().slice(0, 10);
}

/**
 * Issue 29, handover at an armurier: the guide under a weapon ad lists the dealers offering transfer
 * services in the seller's county; after the sale the buyer sends one of them a handover request from
 * the deal, the dealer accepts it in their dashboard, and both sides see it in the deal's history.
 */
test('the buyer sends a handover request that a dealer accepts', async ({ page: seller, browser }) => {
  const title = `Pistol CZ 75 SP-01 ${Math.random().toString(36).slice(2, 8)}`;
  await registerVerifiedUser(seller);
  const adId = await postAd(seller.request, {
    title,
    description: 'Pistol CZ 75 SP-01 Shadow, două încărcătoare, cutia originală și actele.',
    category: 'firearms',
    condition: 'good',
    price: '6200',
    location: 'București',
    county: 'B',
    brand: 'CZ',
    model: '75 SP-01',
    caliber: '9x19',
    imageIds: [],
    legalCategory: 'authorisation',
    declaration: true,
  });
  await approveAsModerator(browser, adId);

  const buyerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const buyer = await buyerContext.newPage();
  const buyerAccount = await registerVerifiedUser(buyer, { firstName: 'Radu' });

  // On the ad page the guide names the dealer who handles the transfer in the seller's county.
  await buyer.goto(`/ad/${adId}`);
  const dealers = buyer.getByTestId('transfer-dealers');
  await expect(dealers.getByTestId('transfer-dealer').filter({ hasText: DEALER_NAME })).toBeVisible();

  // The buyer writes with the attestation, the seller marks it sold to them, the buyer confirms
  // (through the API: those screens have specs of their own).
  const headers = { origin: ORIGIN };
  const wrote = await buyer.request.post(`/api/ads/${adId}/messages`, {
    headers,
    data: { body: 'Bună ziua, am autorizația de procurare. Facem predarea la armurier?', attestation: true },
  });
  expect(wrote.status(), await wrote.text()).toBe(201);
  const candidates = (await (await seller.request.get(`/api/ads/${adId}/buyers`)).json()) as {
    items: { id: string }[];
  };
  const sold = await seller.request.post(`/api/ads/${adId}/deal`, {
    headers,
    data: { buyerId: candidates.items[0]?.id, price: 6000 },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const dealId = ((await sold.json()) as { id: string }).id;
  const confirmed = await buyer.request.post(`/api/deals/${dealId}/answer`, {
    headers,
    data: { answer: 'confirm' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  // The buyer asks the dealer for the handover, from the deal.
  await buyer.goto('/dashboard/deals');
  const deal = buyer.getByTestId('deal').filter({ hasText: title });
  await deal.getByRole('button', { name: 'Cere predarea la un armurier' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Cere predarea la un armurier' });
  await dialog.getByRole('radio', { name: new RegExp(DEALER_NAME) }).check();
  await dialog.getByRole('radio', { name: /^Predare/ }).check();
  await dialog.getByLabel('Data dorită').fill(inAWeek());
  await dialog.getByLabel('Notă pentru armurier (opțional)').fill('Vin cu autorizația de procurare.');
  await dialog.getByRole('button', { name: 'Trimite cererea' }).click();
  await expect(buyer.getByText('Cererea a fost trimisă armurierului.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(deal.getByTestId('deal-history')).toContainText(`Cerere de predare trimisă la ${DEALER_NAME}`);
  await expect(deal.getByTestId('handover-request')).toContainText('În așteptare');

  // The dealer finds it in their dashboard and accepts it with a note.
  const dealerContext = await signedInContext(browser, DEALER);
  const dealer = await dealerContext.newPage();
  await dealer.goto('/dashboard');
  await dealer.getByRole('link', { name: 'Predări' }).click();
  await expect(dealer).toHaveURL(/\/dashboard\/handovers$/);
  const request = dealer.getByTestId('handover-request').filter({ hasText: title });
  await expect(request).toContainText('Cerut de cumpărător: Radu I.');
  await expect(request).toContainText('Vin cu autorizația de procurare.');
  await request.getByRole('button', { name: 'Acceptă' }).click();
  const answer = dealer.getByRole('dialog', { name: 'Accepți cererea?' });
  await answer.getByLabel('Notă pentru părți (opțional)').fill('Vă aștept la magazin la ora 10:00.');
  await answer.getByRole('button', { name: 'Acceptă cererea' }).click();
  await expect(dealer.getByText('Ai acceptat cererea. Părțile primesc un e-mail.')).toBeVisible();
  await expect(request).toHaveAttribute('data-status', 'accepted');
  await dealerContext.close();

  // Both sides are told by mail, and the deal's history has the answer.
  const mail = await mailTo(buyerAccount.email, { subject: /a acceptat cererea de predare/ });
  expect(mail.text).toContain('Vă aștept la magazin la ora 10:00.');
  await buyer.reload();
  const after = buyer.getByTestId('deal').filter({ hasText: title });
  await expect(after.getByTestId('deal-history')).toContainText(`${DEALER_NAME} a acceptat predarea`);
  await expect(after.getByTestId('deal-history')).toContainText('Vă aștept la magazin la ora 10:00.');
  await expect(after.getByTestId('handover-request')).toContainText('Acceptată');
  await seller.goto('/dashboard/deals');
  await expect(
    seller.getByTestId('deal').filter({ hasText: title }).getByTestId('deal-history'),
  ).toContainText(`${DEALER_NAME} a acceptat predarea`);
  await buyerContext.close();
});
