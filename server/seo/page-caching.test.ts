import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createAd } from '../test/ad-factories';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness';
import { pageCacheControl } from './page-caching';

// Issue 26, item 6: a page that inlines a signed-in viewer's data is stored by no cache.

const TEMPLATE =
  '<!doctype html><html lang="ro"><head><title>ArmaMarket</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let site: ReturnType<typeof buildApp>;
let dist: string;
let user: TestUser;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(path.join(os.tmpdir(), 'page-caching-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  site = buildApp({ ...ctx.services, config: { ...ctx.config, webDist: dist } }, { web: true });
  user = await createUser(ctx);
  const client = await signedInClient(ctx, user);
  expect(
    (
      await client.patch('/api/me/profile', {
        firstName: user.firstName,
        lastName: user.lastName,
        phone: '0722123456',
      })
    ).status,
  ).toBe(200);
  cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  site.request(new URL(pathname, TEST_ORIGIN), { headers });

describe('Cache-Control of pages', () => {
  it('is no-store on every page a signed-in viewer gets that holds their e-mail or phone', async () => {
    const ad = await createAd(ctx, await createUser(ctx));
    for (const pathname of ['/', '/browse', `/ad/${ad.id}`, '/dashboard/settings', '/no-such-page']) {
      const res = await get(pathname, { cookie });
      const html = await res.text();
      const personal = html.includes(user.email) || html.includes('0722123456');
      // A page drawn on the server as for any visitor holds nothing of them; any other is stored nowhere.
      if (personal) expect(res.headers.get('cache-control'), pathname).toBe('no-store');
      if (pathname === '/dashboard/settings')
        expect(personal, 'the settings page carries the viewer').toBe(true);
    }
  });

  it('stays no-cache for visitors, with or without a cookie that is no session', async () => {
    for (const headers of [{}, { cookie: 'lang=en' }, { cookie: 'am.session_token=forged' }] as Array<
      Record<string, string>
    >) {
      for (const pathname of ['/browse', '/dashboard/settings']) {
        const res = await get(pathname, headers);
        expect(await res.text()).not.toContain(user.email);
        expect(res.headers.get('cache-control'), `${pathname} ${JSON.stringify(headers)}`).toBe('no-cache');
      }
    }
  });

  it('treats a page as personal when the viewer inline could not be read', () => {
    expect(pageCacheControl({ status: 503, body: null }, true)).toBe('no-store');
    expect(pageCacheControl({ status: 200, body: { id: 'u' } }, true)).toBe('no-store');
    expect(pageCacheControl({ status: 200, body: null }, true)).toBe('no-cache');
    expect(pageCacheControl(undefined, true)).toBe('no-cache');
    expect(pageCacheControl({ status: 503, body: null }, false)).toBe('no-cache');
  });
});
