import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * The headers every response carries — API answers, errors, media and the app's HTML alike — and the
 * session cookie's flags, over plain http (local use) and behind https (production).
 */

const HTTPS_URL = 'https://armamarket.test';
let http: TestContext;
let https: TestContext;
const webDist = mkdtempSync(path.join(os.tmpdir(), 'headers-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

beforeAll(async () => {
  http = await createTestContext({ WEB_DIST: webDist });
  https = await createTestContext({ PUBLIC_URL: HTTPS_URL, WEB_DIST: webDist });
});
afterAll(async () => {
  await http.close();
  await https.close();
  rmSync(webDist, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** One request of each kind of response the server gives. */
async function sampleResponses(ctx: TestContext): Promise<Array<[string, Response]>> {
  const web = buildApp(ctx.services, { web: true });
  const origin = new URL(ctx.config.publicUrl).origin;
  const headers = { origin };
  return [
    ['API answer', await ctx.request('/api/health', { headers })],
    ['API list', await ctx.request('/api/ads', { headers })],
    ['API 404', await ctx.request('/api/nope', { headers })],
    [
      'API 400',
      await ctx.request('/api/ads?sort=%3Cscript%3E', {
        headers: { ...headers, 'x-forwarded-for': '10.1.1.1' },
      }),
    ],
    ['API 401', await ctx.request('/api/me', { headers })],
    ['media 404', await ctx.request('/media/ads/x/y/card.webp', { headers })],
    ['app HTML', await web.request(new URL('/browse', ctx.config.publicUrl))],
  ];
}

describe('security headers', () => {
  it('sends a CSP without inline or eval scripts, framing denied, on every kind of response', async () => {
    for (const [kind, res] of await sampleResponses(http)) {
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp.get('script-src'), kind).toEqual(["'self'"]);
      expect(csp.get('default-src'), kind).toEqual(["'self'"]);
      expect(csp.get('object-src'), kind).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), kind).toEqual(["'none'"]);
      expect(csp.get('base-uri'), kind).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options'), kind).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), kind).toBe('DENY');
      expect(res.headers.get('referrer-policy'), kind).toBe('strict-origin-when-cross-origin');
      // Over plain http a browser ignores HSTS; sending it would only mislead.
      expect(res.headers.get('strict-transport-security'), kind).toBeNull();
    }
  });

  it('adds HSTS for a year, subdomains included, when PUBLIC_URL is https', async () => {
    for (const [kind, res] of await sampleResponses(https)) {
      expect(res.headers.get('strict-transport-security'), kind).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.headers.get('content-security-policy') ?? '').get('script-src'), kind).toEqual([
        "'self'",
      ]);
    }
  });
});

describe('session cookie flags', () => {
  async function signInCookies(ctx: TestContext) {
    const user = await createUser(ctx);
    const res = await ctx.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        origin: new URL(ctx.config.publicUrl).origin,
        'content-type': 'application/json',
        'x-forwarded-for': `10.2.${Math.floor(Math.random() * 250)}.9`,
      },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie();
  }

  it('over https: __Secure- prefixed, Secure, HttpOnly, SameSite=Lax, whole site', async () => {
    const cookies = await signInCookies(https);
    const session = cookies.find((line) => line.startsWith('__Secure-am.session_token='));
    expect(session, cookies.join('\n')).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    // Every cookie the server sets over https is Secure and HttpOnly, none readable by page script.
    for (const line of cookies) {
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/;\s*HttpOnly/i);
    }
  });

  it('over plain http: HttpOnly and SameSite=Lax, without Secure so local sign-in works', async () => {
    const cookies = await signInCookies(http);
    const session = cookies.find((line) => line.startsWith('am.session_token='));
    expect(session, cookies.join('\n')).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });
});
