import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdDetail } from '../../common/schemas/ads';
import type { SentMessage } from '../../common/schemas/messages';
import type { SavedSearch } from '../../common/schemas/saved-searches';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { savedSearches } from '../db/schema/saved-searches';
import { adForm, createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

// Issue 26, items 8 and 9: control characters in any text are refused with a 400 naming the field
// (a NUL failed saved searches with a 500), and mails put every typed value on one line.

type ErrorBody = { error: { code: string; message: string } };

const SINGLE_LINE = 'Keep it on one line, without tabs or invisible control characters';
const CONTROLS = 'Remove the invisible control characters (paste the text as plain text)';

let ctx: TestContext;
let owner: TestUser;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx);
  client = await signedInClient(ctx, owner);
});
afterAll(() => ctx.close());

const refusal = (field: string, text = SINGLE_LINE) => ({
  error: { code: 'validation_error', message: `${field}: ${text}` },
});

const mySearches = () =>
  ctx.database.db.select().from(savedSearches).where(eq(savedSearches.userId, owner.id));

describe('saved searches', () => {
  beforeEach(async () => {
    await ctx.database.db.delete(savedSearches).where(eq(savedSearches.userId, owner.id));
  });

  it.each([
    [{ query: { q: 'glock' }, name: 'Glock\u0000 17' }, 'name'],
    [{ query: { q: 'gl\u0000ock' } }, 'query.q'],
    [{ query: { brand: 'Glock\u0000' } }, 'query.brand'],
    [{ query: { q: 'glock\n17' } }, 'query.q'],
    [{ query: { q: 'glock' }, name: 'Pistoale\u0085de vânzare' }, 'name'],
  ])('refuses to save %o, naming %s, and saves nothing', async (body, field) => {
    const res = await client.post<ErrorBody>('/api/me/saved-searches', body);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refusal(field) });
    expect(await mySearches()).toEqual([]);
  });

  it('saves a lone surrogate (which jsonb refuses: a 500) as U+FFFD', async () => {
    const res = await client.post<SavedSearch>('/api/me/saved-searches', {
      query: { q: 'glock \uD800', brand: 'CZ\uDC00' },
      name: 'Pistoale \uDBFF',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Pistoale \uFFFD',
      query: { q: 'glock \uFFFD', brand: 'CZ\uFFFD' },
    });
  });

  it('refuses a rename with NUL or a line break, and keeps the name', async () => {
    const saved = await client.post<SavedSearch>('/api/me/saved-searches', { query: { q: 'glock' } });
    expect(saved.status).toBe(201);
    for (const name of ['Glock\u0000', 'Glock\nCZ', '\u0000']) {
      const res = await client.patch<ErrorBody>(`/api/me/saved-searches/${saved.body.id}`, { name });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refusal('name') });
    }
    expect((await mySearches()).map((row) => row.name)).toEqual([saved.body.name]);
  });
});

describe('browse', () => {
  it.each([
    ['q=gl%00ock', 'q'],
    ['q=glock%0917', 'q'],
    ['brand=Glock%00', 'brand'],
    ['q=glock&brand=CZ%7F', 'brand'],
  ])('refuses ?%s, naming %s', async (query, field) => {
    const res = await createClient(ctx).get<ErrorBody>(`/api/ads?${query}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refusal(field) });
  });

  it('still trims the text searched', async () => {
    const res = await createClient(ctx).get('/api/ads?q=%20glock%20');
    expect(res.status).toBe(200);
  });
});

describe('sign-up and profile', () => {
  const registration = (overrides: Record<string, unknown>) => ({
    email: `cc-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ro`,
    password: 'a-long-password',
    firstName: 'Maria',
    lastName: 'Ionescu',
    acceptAdult: true,
    acceptTerms: true,
    ...overrides,
  });

  it.each([
    [{ firstName: 'Maria\nEchipa ArmaMarket: contul tău va fi închis' }, 'firstName'],
    [{ lastName: 'Ionescu\r\nX' }, 'lastName'],
    [{ lastName: 'Ion\u0000escu' }, 'lastName'],
    [{ password: 'a-long-pass\u0000word' }, 'password'],
  ])('refuses to register %o, naming %s, and makes no account', async (overrides, field) => {
    const input = registration(overrides);
    const res = await createClient(ctx).post<ErrorBody>('/api/auth/sign-up/email', input);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refusal(field) });
    expect(await ctx.database.db.select().from(user).where(eq(user.email, input.email))).toEqual([]);
  });

  it.each([
    [{ firstName: 'Ion\nPop' }, 'firstName'],
    [{ address: 'Str. Lungă 1\nBl. 2' }, 'address'],
    [{ phone: '0721\t234567' }, 'phone'],
  ])('refuses a profile update with %o, naming %s, and keeps the profile', async (overrides, field) => {
    const res = await client.patch<ErrorBody>('/api/me/profile', {
      firstName: owner.firstName,
      lastName: owner.lastName,
      ...overrides,
    });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refusal(field) });
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(profile).toMatchObject({ firstName: owner.firstName, address: null });
  });
});

describe('ads and messages', () => {
  it('keeps line breaks and tabs in a description, and refuses other control characters there', async () => {
    const kept = await client.post<AdDetail>(
      '/api/ads',
      adForm({ description: 'Stare excelentă.\r\n\tLunetă inclusă, două încărcătoare.' }),
    );
    expect(kept.status).toBe(201);
    expect(kept.body.description).toBe('Stare excelentă.\n\tLunetă inclusă, două încărcătoare.');

    const bell = await client.post<ErrorBody>(
      '/api/ads',
      adForm({ description: 'Stare excelentă.\u0007 Lunetă inclusă, două încărcătoare.' }),
    );
    expect(bell.body).toEqual(refusal('description', CONTROLS));
  });

  it.each([
    [{ title: 'Glock\u0000 17 Gen 5' }, 'title'],
    [{ title: 'Glock 17\nGen 5' }, 'title'],
    [{ brand: '\u0000' }, 'brand'],
    [{ location: 'Cluj\tNapoca' }, 'location'],
  ])('refuses an ad with %o, naming %s', async (overrides, field) => {
    const res = await client.post<ErrorBody>('/api/ads', adForm(overrides));
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refusal(field) });
  });

  it('refuses a message with NUL, and takes one with line breaks', async () => {
    const seller = await createUser(ctx);
    const ad = await createAd(ctx, seller);
    const nul = await client.post<ErrorBody>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Bună\u0000 ziua',
    });
    expect(nul.body).toEqual(refusal('body', CONTROLS));
    const lines = await client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Bună ziua,\nmai este?',
    });
    expect(lines.status).toBe(201);
    expect(lines.body.message.body).toBe('Bună ziua,\nmai este?');
  });
});

describe('mails', () => {
  it('put a name stored with line breaks, and the message, on one line; they come from ArmaMarket', async () => {
    const seller = await createUser(ctx);
    const buyer = await createUser(ctx, { locale: 'en' });
    // Stored before the API refused line breaks in names.
    await ctx.database.db
      .update(profiles)
      .set({ firstName: 'Ion\r\n\r\nARMAMARKET SECURITY:\tyour account is blocked, pay at evil.example\n' })
      .where(eq(profiles.id, buyer.id));
    await ctx.database.db
      .update(profiles)
      .set({ firstName: 'Vasile\nVANZATOR' })
      .where(eq(profiles.id, seller.id));
    const ad = await createAd(ctx, seller, { title: 'Glock 17\nGen 5' });
    const buyerClient = await signedInClient(ctx, buyer);
    const sent = await buyerClient.post(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Bună ziua.\n\nECHIPA ARMAMARKET: plătește aici',
    });
    expect(sent.status).toBe(201);

    const mail = await ctx.mail.waitFor(seller.email);
    expect(mail.raw).toMatch(/^From: ArmaMarket <no-reply@localhost>$/m);
    const text = mail.text.replace(/\r\n/g, '\n');
    const paragraphs = text.split('\n\n');
    expect(paragraphs.slice(0, 3)).toEqual([
      'Bună, Vasile VANZATOR,',
      'Ion ARMAMARKET SECURITY: your account is blocked, pay at evil.example Popescu ți-a trimis un mesaj despre anunțul „Glock 17 Gen 5”:',
      '> Bună ziua. ECHIPA ARMAMARKET: plătește aici',
    ]);
    expect(text).not.toMatch(/^(ARMAMARKET|ECHIPA|VANZATOR)/m);
    expect(mail.subject).toBe('Mesaj nou despre „Glock 17 Gen 5”');
    expect(mail.html).toContain(
      '<p>Ion ARMAMARKET SECURITY: your account is blocked, pay at evil.example Popescu ți-a trimis',
    );
    expect(mail.html).toContain('>Bună ziua. ECHIPA ARMAMARKET: plătește aici</blockquote>');
    expect(mail.html).not.toMatch(/(VANZATOR|SECURITY:|ECHIPA)[^<]*\n/);
  });
});
