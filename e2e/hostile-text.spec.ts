import type { Page } from '@playwright/test';
import { registerVerifiedUser } from './support/accounts';
import { postAd } from './support/ads';
import { ORIGIN, signedInContext } from './support/demo';
import { DEMO_MODERATOR } from './support/moderation';
import { expect, test } from './support/test';

/**
 * What users type ends up on other people's screens: the ad's title and description, the seller's and
 * buyer's names, messages and report details. Each payload below would set window.__xss (or open a
 * dialog) if the browser ran it; every page that shows it must show the characters and run nothing.
 */
const tag = () => Math.random().toString(36).slice(2, 7);

function payloads(id: string) {
  return {
    title: `Glock ${id} <script>window.__xss='title'</script>`,
    description: `Stare bună. <img src=x onerror="window.__xss='description'"> [link](javascript:window.__xss='md') ${id}`,
    sellerName: `<svg onload="window.__xss='seller'">${id}`,
    buyerName: `<img src=x onerror=alert('buyer')>${id}`,
    message: `Salut </textarea><script>window.__xss='message'</script> ${id}`,
    reportDetails: `"><iframe srcdoc="<script>parent.__xss='report'</script>"></iframe> ${id}`,
  };
}

/** Fails the test on any dialog and on any payload that ran, after checking the text is shown as typed. */
async function expectInert(page: Page, dialogs: string[], texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // Nothing the payloads name became an element.
  expect(await page.locator('main script, main iframe, main svg[onload], img[src="x"]').count()).toBe(0);
}

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test('script payloads in ads, names, messages and reports render as text and never run', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const p = payloads(tag());
  const dialogs = watchDialogs(page);

  // The seller, named with a payload, posts an ad whose title and description are payloads.
  await registerVerifiedUser(page, { firstName: p.sellerName });
  const adId = await postAd(page.request, {
    title: p.title,
    description: p.description,
    category: 'firearms',
    legalCategory: 'authorisation',
    declaration: true,
    condition: 'good',
    price: 2500,
  });

  // The moderator approves it; the same session later opens the admin panel.
  const moderatorContext = await signedInContext(browser, DEMO_MODERATOR);
  const approved = await moderatorContext.request.post(`/api/admin/ads/${adId}/approve`, {
    headers: { origin: ORIGIN },
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // A buyer, also named with a payload, writes to the seller and reports the ad.
  const buyerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `10.66.${Math.floor(Math.random() * 250)}.3` },
  });
  const buyer = await buyerContext.newPage();
  const buyerDialogs = watchDialogs(buyer);
  await registerVerifiedUser(buyer, { firstName: p.buyerName });
  const sent = await buyer.request.post(`/api/ads/${adId}/messages`, {
    headers: { origin: ORIGIN },
    data: { body: p.message, attestation: true },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const reported = await buyer.request.post(`/api/ads/${adId}/reports`, {
    headers: { origin: ORIGIN },
    data: { reason: 'other', details: p.reportDetails },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  // The buyer sees the ad page with the title, description and seller name as typed.
  await buyer.goto(`/ad/${adId}`);
  await expect(buyer.getByRole('heading', { name: p.title })).toBeVisible();
  await expectInert(buyer, buyerDialogs, [p.description, p.sellerName]);
  await buyer.goto(`/browse?q=${encodeURIComponent('Glock')}&sort=newest`);
  await expectInert(buyer, buyerDialogs, [p.title]);
  await buyer.goto('/dashboard/messages');
  await expectInert(buyer, buyerDialogs, [p.message, p.title]);
  await buyerContext.close();

  // The seller reads the message in the conversation, with the buyer's name.
  await page.goto('/dashboard/messages');
  await page.getByTestId('conversation').filter({ hasText: p.title }).click();
  await expectInert(page, dialogs, [p.message, p.buyerName]);
  await page.goto('/dashboard/listings');
  await expectInert(page, dialogs, [p.title]);

  // The moderator sees the report's details and the users' names in the admin panel.
  const moderator = await moderatorContext.newPage();
  const moderatorDialogs = watchDialogs(moderator);
  await moderator.goto('/admin/reports');
  await expectInert(moderator, moderatorDialogs, [p.reportDetails, p.title]);
  await moderator.goto('/admin/users');
  await expectInert(moderator, moderatorDialogs, [p.sellerName, p.buyerName]);
  await moderatorContext.close();
});
