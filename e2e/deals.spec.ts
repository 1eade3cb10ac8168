import type { Locator } from '@playwright/test';
import { registerVerifiedUser } from './support/accounts';
import { postAd } from './support/ads';
import { approveAsModerator } from './support/moderation';
import { clientAddress, expect, test } from './support/test';

/** The fifth star of a rating form: its radio is read by its name, the label is what a finger taps. */
const fiveStars = (form: Locator) =>
  form.locator('label').filter({ has: form.page().getByRole('radio', { name: '5 stele' }) });

/**
 * Issue 28, the whole way: a buyer offers, the seller counters, the buyer accepts and the ad shows
 * Rezervat; the seller marks it sold to that buyer, the buyer confirms; both rate, and the ratings
 * show only after the second one; the seller page then shows the score.
 */
test('offer, counter, reservation, sale to the buyer, double-blind ratings and the seller’s score', async ({
  page: buyer,
  browser,
}) => {
  test.setTimeout(480_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const title = `Lunetă Leupold VX-3 ${tag}`;

  // A seller of their own, in a browser of their own, with an approved ad at 3,200 lei.
  const sellerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const seller = await sellerContext.newPage();
  await registerVerifiedUser(seller, { firstName: `Vânzător${tag}` });
  const adId = await postAd(seller.request, { title });
  await approveAsModerator(browser, adId);

  // The buyer offers 2,800 lei from the ad page.
  await registerVerifiedUser(buyer, { firstName: `Cumpărător${tag}` });
  await buyer.goto(`/ad/${adId}`);
  await expect(buyer.getByRole('heading', { name: title })).toBeVisible();
  await buyer.getByTestId('make-offer').click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByLabel('Suma oferită (lei)').fill('2800');
  await dialog.getByLabel('Mesaj pentru vânzător (opțional)').fill('Pot ridica mâine.');
  await dialog.getByRole('button', { name: 'Trimite oferta' }).click();
  await expect(buyer.getByText('Oferta a fost trimisă vânzătorului.')).toBeVisible();

  // The seller finds it as a card in the conversation and counters with 3,000 lei.
  await seller.goto('/dashboard/messages');
  await seller.getByTestId('conversation').filter({ hasText: title }).click();
  const made = seller.getByTestId('offer-card').filter({ hasText: 'Ai primit o ofertă.' });
  await expect(made).toContainText('2.800');
  await expect(made).toContainText('Pot ridica mâine.');
  await made.getByRole('button', { name: 'Contraofertă' }).click();
  await made.getByLabel('Suma ta (lei)').fill('3000');
  await made.getByRole('button', { name: 'Trimite contraoferta' }).click();
  await expect(seller.getByTestId('offer-card').last()).toHaveAttribute('data-kind', 'countered');

  // The buyer accepts the counter in the same thread; the ad is reserved, on its page and its card.
  await buyer.getByRole('link', { name: 'Vezi oferta în conversație' }).click();
  const counter = buyer.getByTestId('offer-card').last();
  await expect(counter).toHaveAttribute('data-kind', 'countered');
  await expect(counter).toContainText('3.000');
  await counter.getByRole('button', { name: 'Acceptă' }).click();
  await expect(buyer.getByTestId('offer-card').last()).toHaveAttribute('data-kind', 'accepted');
  await buyer.goto(`/ad/${adId}`);
  await expect(buyer.getByTestId('reserved-badge')).toHaveText('Rezervat');
  await buyer.goto(`/browse?q=${tag}`);
  await expect(
    buyer.getByTestId('ad-card').filter({ hasText: title }).getByTestId('reserved-badge'),
  ).toBeVisible();

  // The seller marks it sold: the buyer is offered first, at the accepted price.
  await seller.goto(`/ad/${adId}`);
  await seller.getByTestId('mark-sold').click();
  const sale = seller.getByRole('dialog');
  await expect(sale.getByRole('radio', { name: /Cumpărător/ })).toBeChecked();
  await expect(sale.getByLabel('Prețul de vânzare (lei)')).toHaveValue('3000');
  await sale.getByRole('button', { name: 'Marchează ca vândut' }).click();
  await expect(seller.getByText('Anunțul e vândut.', { exact: false })).toBeVisible();

  // The buyer confirms the deal in the dashboard and rates first: nothing shows yet.
  await buyer.goto('/dashboard/deals');
  const bought = buyer.getByTestId('deal').filter({ hasText: title });
  await bought.getByRole('button', { name: 'Confirm tranzacția' }).click();
  await expect(bought).toContainText('Confirmată');
  await fiveStars(bought).click();
  await bought.getByLabel(/Comentariu/).fill('Vânzător serios, lunetă ca nouă.');
  await bought.getByRole('button', { name: 'Trimite evaluarea' }).click();
  await expect(bought.getByTestId('my-rating')).toContainText('Se arată când evaluează și cealaltă parte');

  const sellerId = await seller.evaluate(async () => {
    const res = await fetch('/api/me');
    return ((await res.json()) as { id: string }).id;
  });
  await buyer.goto(`/seller/${sellerId}`);
  await expect(buyer.getByTestId('seller-ratings')).toContainText('Încă nicio evaluare.');

  // The seller rates the buyer: both ratings show now, and the seller page has the score.
  await seller.goto('/dashboard/deals');
  const sold = seller.getByTestId('deal').filter({ hasText: title });
  await expect(sold).toContainText('Cealaltă parte te-a evaluat');
  await fiveStars(sold).click();
  await sold.getByRole('button', { name: 'Trimite evaluarea' }).click();
  await expect(sold.getByTestId('their-rating')).toContainText('Vânzător serios, lunetă ca nouă.');

  await buyer.reload();
  await expect(buyer.getByTestId('seller-score')).toContainText('5,0 ★ dintr-o tranzacție');
  await expect(buyer.getByTestId('rating')).toContainText('Vânzător serios, lunetă ca nouă.');
  await sellerContext.close();
});
