import { type APIRequestContext, type Browser, type BrowserContext, expect } from '@playwright/test';
import { DEMO_MODERATOR, DEMO_SUPER, sharedSessionContext, signInThroughApi } from './moderation';
import { clientAddress } from './test';

/** The e2e server starts with the demo data (DEMO_DATA=on): approved ads owned by these two sellers. */
export const DEMO_SELLER = {
  email: 'demo@armamarket.ro',
  password: 'demo-parola-2026',
  name: 'Mihai Popescu',
};
/** One of DEMO_SELLER's approved demo ads (server/seed/demo-ads.ts). */
export const DEMO_AD_TITLE = 'Pistol Glock 17 Gen 5, stare impecabilă';

export const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/**
 * A browser context of its own (its own cookies and client address), signed in through the API. The
 * demo accounts share one session for the run (sign-ins are limited per account).
 */
export async function signedInContext(
  browser: Browser,
  account: { email: string; password: string; totpSecret?: string },
): Promise<BrowserContext> {
  if ([DEMO_MODERATOR.email, DEMO_SUPER.email, DEMO_SELLER.email].includes(account.email))
    return sharedSessionContext(browser, account);
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  await signInThroughApi(context.request, account);
  return context;
}

/** The id of an approved ad found by its exact title. */
export async function adIdByTitle(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.get(`/api/ads?q=${encodeURIComponent(title)}&limit=48`);
  expect(res.status()).toBe(200);
  const page = (await res.json()) as { items: Array<{ id: string; title: string }> };
  const found = page.items.find((item) => item.title === title);
  expect(found, `an approved ad titled ${title}`).toBeTruthy();
  return found!.id;
}
