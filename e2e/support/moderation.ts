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
export async function moderatorContext(browser: Browser, options: BrowserContextOptions = {}) {
  moderatorSession ??= sharedSession();
  const context = await browser.newContext({
    ...options,
    // One session for the run (SESSION_FILE): the server allows 10 sign-ins per account in 15
    // minutes, fewer than the specs that act as the moderator.
    storageState: moderatorSession,
    extraHTTPHeaders: {
      'x-forwarded-for': `10.9.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  if (!moderatorSession) {
    await signInThroughApi(context.request, DEMO_MODERATOR);
    moderatorSession = await context.storageState();
    mkdirSync(path.dirname(SESSION_FILE), { recursive: true });
    // Written aside and renamed: another worker never reads half a file.
    writeFileSync(`${SESSION_FILE}.${process.pid}`, JSON.stringify(moderatorSession));
    renameSync(`${SESSION_FILE}.${process.pid}`, SESSION_FILE);
  }
  return context;
}
/**
 * Shared by every worker process of the run, through a file: workers come and go (a new one per
 * project, one after each failure), and the account allows 10 sign-ins in 15 minutes. It lives in
 * the run's output folder, which Playwright empties when a run starts, as the server's data is.
 */
const SESSION_FILE = path.resolve('test-results', '.moderator-session.json');
let moderatorSession: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
const sharedSession = (): typeof moderatorSession =>
  existsSync(SESSION_FILE) ? JSON.parse(readFileSync(SESSION_FILE, 'utf8')) : undefined;

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
