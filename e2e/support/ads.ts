import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { registerVerifiedUser } from './accounts';
import { ORIGIN } from './demo';
import { clientAddress } from './test';

/** An optics ad: no weapon, so no legal category or declaration to give. */
const OPTICS_AD = {
  description: 'Lunetă în stare foarte bună, cu capace și cutia originală, fără zgârieturi.',
  category: 'optics',
  condition: 'like-new',
  price: '3200',
  location: 'Cluj-Napoca',
  county: 'CJ',
  imageIds: [],
};

/**
 * Posts an ad through the API as the account signed in on `request`; its id. The ad waits for review.
 * `fields` replace those of an optics ad.
 */
export async function postAd(
  request: APIRequestContext,
  fields: { title: string } & Record<string, unknown>,
): Promise<string> {
  const created = await request.post('/api/ads', {
    headers: { origin: ORIGIN },
    data: { ...OPTICS_AD, ...fields },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** A seller of its own (a new account, in a browser context and from a client address of its own) posts an optics ad; its id. */
export async function sellerPosts(
  browser: Browser,
  title: string,
  options: { firstName?: string } = {},
): Promise<string> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const page = await context.newPage();
  await registerVerifiedUser(page, options);
  const id = await postAd(page.request, { title });
  await context.close();
  return id;
}
