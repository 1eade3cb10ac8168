import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { adIdByTitle, DEMO_AD_TITLE } from './demo';
import { linkFromMail } from './outbox';

let counter = 0;
export const PASSWORD = 'o-parola-buna-123';

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.ro`;
}

/** Registers through the API and verifies through the mailed link, leaving the page signed in. */
export async function registerVerifiedUser(page: Page, options: { firstName?: string } = {}) {
  const email = uniqueEmail();
  const origin = new URL(
    page.url() === 'about:blank' ? `http://localhost:${process.env.E2E_PORT ?? 3100}` : page.url(),
  ).origin;
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: {
      email,
      password: PASSWORD,
      firstName: options.firstName ?? 'Vasile',
      lastName: 'Ionescu',
      locale: 'ro',
      acceptAdult: true,
      acceptTerms: true,
    },
  });
  expect(res.status()).toBe(200);
  await page.goto(await linkFromMail(email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
  return { email, password: PASSWORD };
}

/** Registration's confirmations (issue 31): 18 or older, and the terms and privacy notice accepted. */
export async function tickRegistrationConsents(page: Page) {
  await page.getByLabel('Confirm că am cel puțin 18 ani.').check();
  await page.getByLabel(/Accept termenii de utilizare/).check();
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth?mode=login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Parolă', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Autentifică-te' }).click();
}

export async function signOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: 'Meniul contului' }).click();
  await page.getByRole('menuitem', { name: 'Deconectare' }).click();
  await expect(page.getByRole('link', { name: 'Autentificare' })).toBeVisible();
}

/** A registered account, signed out again, on the demo ad's page: a visitor who can then sign in. */
export async function signedOutOnDemoAd(page: Page): Promise<{ email: string; adId: string }> {
  const { email } = await registerVerifiedUser(page);
  await page.goto('/');
  await signOutThroughMenu(page);
  const adId = await adIdByTitle(page.request, DEMO_AD_TITLE);
  await page.goto(`/ad/${adId}`);
  return { email, adId };
}
