import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createOTP } from '@better-auth/utils/otp';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import { E2E_OUTPUT_DIR } from './paths';

/**
 * The demo moderator of the e2e server (server/seed/demo-seed.ts). Staff need two-factor, so it has
 * TOTP on: `totpSecret` is the secret as better-auth keeps it; authenticator apps take its base32 form
 * (MFZG2YLNMFZGWZLUFVSGK3LPFUZGMYJB, in the README).
 */
export const DEMO_MODERATOR = {
  email: 'moderator@armamarket.ro',
  password: 'moderator-parola-2026',
  totpSecret: 'armamarket-demo-2fa!',
};
/** The demo admin.super (the audit log, the Dealeri tab). */
export const DEMO_SUPER = {
  email: 'admin@armamarket.ro',
  password: 'admin-parola-2026',
  totpSecret: 'armamarket-admin-2fa!',
};
const origin = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

type Account = { email: string; password: string; totpSecret?: string };

/** The current code, from the same TOTP library that better-auth verifies codes with. */
export const totpCode = (secret: string): Promise<string> => createOTP(secret).totp();

/** Signs in through the API: the password, then the TOTP code when the account asks for one. */
export async function signInThroughApi(request: APIRequestContext, account: Account): Promise<void> {
  const headers = { origin };
  const res = await request.post('/api/auth/sign-in/email', {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { twoFactorRedirect?: boolean };
  if (!body.twoFactorRedirect) return;
  expect(account.totpSecret, `a TOTP secret for ${account.email}`).toBeTruthy();
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    headers,
    data: { code: await totpCode(account.totpSecret ?? '') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** Signs the demo moderator in through the form, code step included, as a person would. */
export async function signInModeratorThroughForm(page: Page): Promise<void> {
  await page.goto('/auth?mode=login');
  await page.getByLabel('E-mail').fill(DEMO_MODERATOR.email);
  await page.getByLabel('Parolă', { exact: true }).fill(DEMO_MODERATOR.password);
  await page.getByRole('button', { name: 'Autentifică-te' }).click();
  await page.getByLabel('Cod de autentificare').fill(await totpCode(DEMO_MODERATOR.totpSecret));
  await page.getByRole('button', { name: 'Verifică' }).click();
}

/**
 * A browser context signed in as the demo moderator. The one place that knows how staff sign in:
 * when staff need a second factor, it goes here.
 */
export const moderatorContext = (browser: Browser, options: BrowserContextOptions = {}) =>
  sharedSessionContext(browser, DEMO_MODERATOR, options);

/**
 * A browser context signed in as one of the demo accounts, with one session for the whole run per
 * account: the server allows 10 sign-ins per account in 15 minutes, fewer than the specs that act as
 * the demo moderator or the demo seller.
 */
export async function sharedSessionContext(
  browser: Browser,
  account: Account,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  let session = sessions.get(account.email) ?? sharedSession(account.email);
  const context = await browser.newContext({
    ...options,
    storageState: session,
    extraHTTPHeaders: {
      'x-forwarded-for': `10.9.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  if (!session) {
    await signInThroughApi(context.request, account);
    session = await context.storageState();
    const file = sessionFile(account.email);
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed: another worker never reads half a file.
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(session));
    renameSync(`${file}.${process.pid}`, file);
  }
  sessions.set(account.email, session);
  return context;
}
/**
 * Shared by every worker process of the run, through a file per account: workers come and go (a new
 * one per project, one after each failure). The files live in the run's output folder, which
 * Playwright empties when a run starts, as the server's data is.
 */
const sessionFile = (email: string) => path.join(E2E_OUTPUT_DIR, `.session-${email}.json`);
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<string, StorageState>();
const sharedSession = (email: string): StorageState | undefined =>
  existsSync(sessionFile(email)) ? JSON.parse(readFileSync(sessionFile(email), 'utf8')) : undefined;

/** A moderator session (the demo moderator of the e2e server) approves the ad through the API. */
export async function approveAsModerator(browser: Browser, adId: string) {
  const context = await moderatorContext(browser);
  const approved = await context.request.post(`/api/admin/ads/${adId}/approve`, {
    headers: { origin },
    data: {},
  });
  expect(approved.status()).toBe(200);
  await context.close();
}
