import { createHmac } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../common/lifecycle';
import type { SavedSearch } from '../../common/schemas/saved-searches';
import { savedSearches } from '../db/schema/saved-searches';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { buildDigest } from './alerts';
import { matchAd, sweepAdMatches } from './matching';
import { signUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS, verifyUnsubscribeToken } from './unsubscribe-token';

// Issue 26, item 7: an unsubscribe link names the searches of its mail, expires in 14 days and
// shows nothing of the user.

let ctx: TestContext;
let buyer: TestUser;
let buyerClient: TestClient;
let seller: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createUser(ctx);
  buyerClient = await signedInClient(ctx, buyer);
  seller = await createUser(ctx);
});
afterAll(() => ctx.close());

async function saveDaily(q: string): Promise<SavedSearch> {
  const res = await buyerClient.post<SavedSearch>('/api/me/saved-searches', { query: { q } });
  expect(res.status).toBe(201);
  expect(
    (await buyerClient.patch(`/api/me/saved-searches/${res.body.id}`, { frequency: 'daily' })).status,
  ).toBe(200);
  return res.body;
}

const header = (raw: string, name: string) =>
  raw
    .replace(/\r?\n[ \t]+/g, '')
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();

async function frequencies(ids: string[]) {
  const rows = await ctx.database.db
    .select({ id: savedSearches.id, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(inArray(savedSearches.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.frequency]));
}

const tokenPath = (token: string) => `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`;

describe('the digest’s unsubscribe link', () => {
  it('turns off exactly the searches of that mail, one click, and names no user or search in clear', async () => {
    const walther = await saveDaily('walther');
    const browning = await saveDaily('browning');
    const quiet = await saveDaily('mannlicher'); // daily too, but nothing new for it in this mail
    for (const title of ['Walther PPQ M2', 'Browning Maral']) {
      const ad = await createAd(ctx, seller, { title });
      await matchAd(ctx.services, ad.id);
    }
    await sweepAdMatches(ctx.services);
    expect((await buildDigest(ctx.services)).mails).toBeGreaterThanOrEqual(1);
    const digest = await ctx.mail.waitFor(buyer.email, (m) => m.subject.startsWith('Anunțuri noi din'));
    const later = await saveDaily('sauer'); // saved after the mail

    const oneClick = header(digest.raw, 'List-Unsubscribe')?.slice(1, -1) ?? '';
    expect(oneClick).toMatch(/^http:\/\/localhost:3000\/api\/saved-searches\/unsubscribe\?token=u2\./);
    const token = new URL(oneClick).searchParams.get('token') ?? '';
    // The mail's own link to the page carries the same token (each search's section has one of its own).
    expect(digest.text).toContain(`${ctx.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`);
    for (const secret of [buyer.id, walther.id, browning.id, walther.id.replaceAll('-', '')])
      expect(digest.raw).not.toContain(secret);

    const visitor = createClient(ctx);
    const info = await visitor.get(tokenPath(token));
    expect(info.body).toEqual({ kind: 'digest', name: 'Walther, Browning', frequency: 'daily' });
    // RFC 8058: the mail client posts the form to the header's URL, without a session.
    const res = await ctx.app.request(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'digest', name: 'Walther, Browning', frequency: 'off' });
    expect(await frequencies([walther.id, browning.id, quiet.id, later.id])).toEqual({
      [walther.id]: 'off',
      [browning.id]: 'off',
      [quiet.id]: 'daily',
      [later.id]: 'daily',
    });
    // Replayed, it finds them off already and turns nothing else off.
    expect((await visitor.post(tokenPath(token))).body).toMatchObject({ frequency: 'off' });
    expect(await frequencies([quiet.id, later.id])).toEqual({ [quiet.id]: 'daily', [later.id]: 'daily' });
  });

  it('leaves alone a search of the mail switched to instant alerts since', async () => {
    const one = await saveDaily('sako');
    const two = await saveDaily('tikka');
    const token = signUnsubscribeToken(ctx.config, { kind: 'd', savedSearchIds: [one.id, two.id] });
    await buyerClient.patch(`/api/me/saved-searches/${two.id}`, { frequency: 'instant' });
    expect((await createClient(ctx).post(tokenPath(token))).status).toBe(200);
    expect(await frequencies([one.id, two.id])).toEqual({ [one.id]: 'off', [two.id]: 'instant' });
  });
});

describe('unsubscribe tokens', () => {
  it(`work for ${UNSUBSCRIBE_LINK_DAYS} days, instant alerts’ too`, async () => {
    expect(UNSUBSCRIBE_LINK_DAYS).toBe(14);
    const search = await saveDaily('beretta');
    const sent = (days: number) =>
      signUnsubscribeToken(
        ctx.config,
        { kind: 's', savedSearchId: search.id },
        new Date(Date.now() - days * DAY_MS),
      );
    expect(verifyUnsubscribeToken(ctx.config, sent(13))).toEqual({
      ok: true,
      target: { kind: 's', savedSearchId: search.id },
    });
    const expired = await createClient(ctx).post<{ error: { code: string } }>(tokenPath(sent(15)));
    expect([expired.status, expired.body.error.code]).toEqual([400, 'unsubscribe_link_expired']);
    expect((await frequencies([search.id]))[search.id]).toBe('daily');
  });

  it('refuse the links of mails sent before (user id in clear) as expired, turning nothing off', async () => {
    const search = await saveDaily('glock');
    // The old format: `d.<user id>.<expiry>.<HMAC signature>`, still within its 60 days.
    const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    const signature = createHmac('sha256', 'any').update(`d.${buyer.id}.${expires}`).digest('base64url');
    const old = `d.${buyer.id}.${expires}.${signature}`;
    const res = await createClient(ctx).post<{ error: { code: string } }>(tokenPath(old));
    expect([res.status, res.body.error.code]).toEqual([400, 'unsubscribe_link_expired']);
    const [row] = await ctx.database.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row?.frequency).toBe('daily');
  });

  it('refuse a token altered anywhere, or sealed under another key', async () => {
    const search = await saveDaily('cz');
    const token = signUnsubscribeToken(ctx.config, { kind: 'd', savedSearchIds: [search.id] });
    const bytes = Buffer.from(token.slice(3), 'base64url');
    for (const at of [0, 14, 30, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] = (altered[at] ?? 0) ^ 1;
      expect(verifyUnsubscribeToken(ctx.config, `u2.${altered.toString('base64url')}`)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    const other = signUnsubscribeToken(
      { ...ctx.config, authSecret: 'another-secret-of-32-characters!!' },
      {
        kind: 's',
        savedSearchId: search.id,
      },
    );
    expect(verifyUnsubscribeToken(ctx.config, other)).toEqual({ ok: false, reason: 'invalid' });
    expect(token.length).toBeLessThan(200);
  });
});
