import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_COOKIES } from '../../common/cookies';
import type { LegalInfo, LegalStatus } from '../../common/schemas/legal';
import { queryRows } from '../db/client';
import { createClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { linkIn } from '../test/mail-capture';
import { totp } from '../test/totp';

// Issue 31: registration asks 18+ and the terms; a new terms version is accepted once; the only
// cookies are the session's and the language's.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    OPERATOR_NAME: 'SC Exemplu Arme SRL',
    OPERATOR_CUI: 'RO18547290',
    OPERATOR_ADDRESS: 'Str. Exemplu nr. 1, București',
    OPERATOR_EMAIL: 'contact@example.ro',
  });
});
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `legal${++n}-${Date.now()}@example.ro`,
  password: 'a-long-password',
  firstName: 'Maria',
  lastName: 'Ionescu',
  acceptAdult: true,
  acceptTerms: true,
  ...overrides,
});

describe('registration', () => {
  it.each([
    [{ acceptAdult: undefined }, 'acceptAdult: Confirm that you are 18 or older'],
    [{ acceptAdult: false }, 'acceptAdult: Confirm that you are 18 or older'],
    [{ acceptTerms: undefined }, 'acceptTerms: Accept the terms of use and the privacy notice'],
    [{ acceptTerms: 'yes' }, 'acceptTerms: Accept the terms of use and the privacy notice'],
  ])('is refused without the confirmations (%o) and makes no account', async (overrides, message) => {
    const input = registration(overrides);
    const res = await createClient(ctx).post('/api/auth/sign-up/email', input);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation_error', message } });
    expect(await queryRows(ctx.database.db, sql`select 1 from "user" where email = ${input.email}`)).toEqual(
      [],
    );
  });

  it('records the 18+ declaration and the versions accepted, with time and address', async () => {
    const input = registration();
    const browser = createClient(ctx, { ip: '198.51.100.7' });
    expect((await browser.post('/api/auth/sign-up/email', input)).status).toBe(200);
    await browser.open(
      linkIn(await ctx.mail.waitFor(input.email), 'http://localhost:3000/api/auth/verify-email'),
    );
    const status = await browser.get<LegalStatus>('/api/me/legal');
    expect(status.status).toBe(200);
    expect(status.body.mustAccept).toBe(false);
    expect(status.body.accepted.adult?.version).toBe('1');
    expect(status.body.accepted.terms?.version).toBe(ctx.config.legalVersions.terms);
    expect(status.body.accepted.privacy?.version).toBe(ctx.config.legalVersions.privacy);
    expect(Date.now() - Date.parse(status.body.accepted.terms!.acceptedAt)).toBeLessThan(60_000);
    const rows = await queryRows(
      ctx.database.db,
      sql`select distinct a.client_ip from legal_acceptances a join "user" u on u.id = a.user_id
        where u.email = ${input.email}`,
    );
    expect(rows).toEqual([{ client_ip: '198.51.100.7' }]);
  });
});

describe('a new version of the terms', () => {
  it('asks a signed-in user once, refuses other versions, and records the new one', async () => {
    const person = await createUser(ctx);
    const client = await signedInClient(ctx, person);
    expect((await client.get<LegalStatus>('/api/me/legal')).body.mustAccept).toBe(false);
    ctx.config.legalVersions.terms = '2027-01-15';
    try {
      const asked = await client.get<LegalStatus>('/api/me/legal');
      expect(asked.body).toMatchObject({ mustAccept: true, current: { terms: '2027-01-15' } });
      const stale = await client.post('/api/me/legal/accept', {
        termsVersion: '2026-01-01',
        privacyVersion: ctx.config.legalVersions.privacy,
      });
      expect(stale.status).toBe(409);
      const accepted = await client.post<LegalStatus>('/api/me/legal/accept', {
        termsVersion: '2027-01-15',
        privacyVersion: ctx.config.legalVersions.privacy,
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.mustAccept).toBe(false);
      expect(accepted.body.accepted.terms?.version).toBe('2027-01-15');
      expect((await client.get<LegalStatus>('/api/me/legal')).body.mustAccept).toBe(false);
    } finally {
      ctx.config.legalVersions.terms = '2026-11-27';
    }
  });

  it('is for signed-in users; who runs the site is public', async () => {
    expect((await createClient(ctx).get('/api/me/legal')).status).toBe(401);
    const info = await createClient(ctx).get<LegalInfo>('/api/legal');
    expect(info.body).toEqual({
      operator: {
        name: 'SC Exemplu Arme SRL',
        cui: 'RO18547290',
        address: 'Str. Exemplu nr. 1, București',
        email: 'contact@example.ro',
      },
      versions: ctx.config.legalVersions,
    });
  });
});

describe('cookies', () => {
  it('are only the ones /cookies lists: the session (with its sign-in steps) and the language', async () => {
    const seen = new Set<string>();
    const names = (headers: Headers) => {
      for (const line of headers.getSetCookie()) {
        // Clearing a cookie (better-auth clears its unused cache cookie on sign-out) sets nothing.
        if (/max-age=0/i.test(line)) continue;
        seen.add(line.split('=')[0]!.replace(/^__Secure-/, ''));
      }
    };
    const browser = createClient(ctx);
    const input = registration();
    const steps = [
      await browser.post('/api/auth/sign-up/email', input),
      await browser.open(
        linkIn(await ctx.mail.waitFor(input.email), 'http://localhost:3000/api/auth/verify-email'),
      ),
      await browser.get('/api/viewer'),
      await browser.post('/api/auth/sign-out'),
      await browser.post('/api/auth/sign-in/email', {
        email: input.email,
        password: input.password,
        rememberMe: false,
      }),
      await browser.post('/api/me/data-exports'),
    ];
    const guarded = await createUser(ctx, { twoFactor: true });
    const second = createClient(ctx);
    steps.push(
      await second.post('/api/auth/sign-in/email', { email: guarded.email, password: guarded.password }),
    );
    steps.push(await second.post('/api/auth/two-factor/verify-totp', { code: totp(guarded.totpSecret!) }));
    steps.push(
      await second.post('/api/me/delete-account', {
        password: guarded.password,
        code: totp(guarded.totpSecret!),
      }),
    );
    for (const step of steps) names(step.headers);
    const listed = SITE_COOKIES.map((cookie) => cookie.name as string);
    expect([...seen].filter((name) => !listed.includes(name))).toEqual([]);
    expect(seen).toContain('am.session_token');
  });

  it('are written by the web app only as the language cookie', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'public' ? [] : walk(full);
        return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
      });
    const written = walk(path.join(import.meta.dirname, '../../web')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/document\.cookie\s*=\s*`([\w.-]+)=/g)].map((m) => m[1]),
    );
    expect(written).toEqual(['lang']);
    expect(SITE_COOKIES.map((cookie) => cookie.name)).toContain('lang');
  });
});
