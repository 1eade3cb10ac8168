import { type Browser, type BrowserContextOptions, expect } from '@playwright/test';

export const DEMO_MODERATOR = { email: 'moderator@armamarket.ro', password: 'moderator-parola-2026' };
const origin = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/**
 * A browser context signed in as the demo moderator. The one place that knows how staff sign in:
 * when staff need a second factor, it goes here.
 */
export async function moderatorContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({
    ...options,
    extraHTTPHeaders: {
      'x-forwarded-for': `10.9.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: DEMO_MODERATOR,
  });
  expect(signIn.status()).toBe(200);
  return context;
}

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
