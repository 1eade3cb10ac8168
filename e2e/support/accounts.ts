import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
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
    },
  });
  expect(res.status()).toBe(200);
  await page.goto(await linkFromMail(email));
  await expect(page).toHaveURL(/\/auth\/verified$/);
  return { email, password: PASSWORD };
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
