import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExport } from '../../common/schemas/legal';
import { queryRows } from '../db/client';
import { deals, ratings } from '../db/schema/deals';
import { accountDeletions, dataExports } from '../db/schema/legal';
import { workAccountDeletions } from '../jobs/account-data';
import { QUEUES } from '../jobs/queue';
import { adForm, approveAd, createAd, uploadPhoto } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { listUploads } from '../test/stored-uploads';
import { totp } from '../test/totp';
import { readZip } from './zip';

// Issue 31: a user's copy of their data (GDPR art. 15, 20) and the deletion of their account (art. 17).

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;
let ownerClient: TestClient;
let otherClient: TestClient;
const ids = { pendingAd: '', publicAd: '', othersAd: '', conversation: '' };
const PHONE = '0721 555 019';
const ADDRESS = 'Strada Zăvoiului 17, Sibiu';

const waitUntil = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** The ZIP as bytes: the JSON client would read it as text. */
const download = async (client: TestClient, id: string) => {
  const res = await ctx.request(`/api/me/data-exports/${id}/download`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
};

beforeAll(async () => {
  ctx = await createTestContext();
  // Names no other row could hold by chance, so the scan after deletion finds only theirs.
  owner = await createUser(ctx, { email: `zarnescu-${Date.now()}@example.ro` });
  other = await createUser(ctx);
  ownerClient = await signedInClient(ctx, owner);
  otherClient = await signedInClient(ctx, other);
  const firstName = 'Iulius';
  const lastName = 'Zărnescu';
  owner.firstName = firstName;
  owner.lastName = lastName;
  expect(
    (await ownerClient.patch('/api/me/profile', { firstName, lastName, phone: PHONE, address: ADDRESS }))
      .status,
  ).toBe(200);

  // An ad in review and a public one, each with a photo.
  const photo1 = await uploadPhoto(ctx, ownerClient);
  const pending = await ownerClient.post<{ id: string }>('/api/ads', adForm({ imageIds: [photo1.id] }));
  expect(pending.status).toBe(201);
  ids.pendingAd = pending.body.id;
  const photo2 = await uploadPhoto(ctx, ownerClient);
  const published = await ownerClient.post<{ id: string }>(
    '/api/ads',
    adForm({ title: 'Pușcă Beretta de vânătoare', imageIds: [photo2.id] }),
  );
  ids.publicAd = published.body.id;
  await approveAd(ctx, ids.publicAd);

  // Messages both ways, a favorite, a saved search, a report.
  ids.othersAd = (await createAd(ctx, other)).id;
  const asked = await otherClient.post<{ conversationId: string }>(`/api/ads/${ids.publicAd}/messages`, {
    attestation: true,
    body: 'Bună ziua, mai este disponibilă?',
  });
  expect(asked.status).toBe(201);
  ids.conversation = asked.body.conversationId;
  expect(
    (await ownerClient.post(`/api/conversations/${ids.conversation}/messages`, { body: 'Da, este.' })).status,
  ).toBe(201);
  expect((await ownerClient.put(`/api/me/favorites/${ids.othersAd}`, {})).status).toBe(204);
  expect(
    (await ownerClient.post('/api/me/saved-searches', { query: { q: 'beretta', category: 'long-guns' } }))
      .status,
  ).toBe(201);
  expect((await ownerClient.post(`/api/ads/${ids.othersAd}/reports`, { reason: 'spam' })).status).toBe(201);
  // A confirmed deal on the public ad and the buyer's rating of the seller (issue 28's tables).
  const [deal] = await ctx.database.db
    .insert(deals)
    .values({
      adId: ids.publicAd,
      adTitle: 'Pușcă Beretta de vânătoare',
      sellerId: owner.id,
      buyerId: other.id,
      price: 4500,
      confirmedAt: new Date(),
    })
    .returning({ id: deals.id });
  await ctx.database.db
    .insert(ratings)
    .values({ dealId: deal!.id, raterId: other.id, ratedId: owner.id, ratedRole: 'seller', stars: 5 });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('Descarcă datele mele', () => {
  let exportId = '';

  it('queues the export, mails when it is ready, and lists it as ready for 24 hours', async () => {
    const queued = await ownerClient.post<DataExport>('/api/me/data-exports');
    expect(queued.status).toBe(202);
    expect(queued.body.status).toBe('queued');
    exportId = queued.body.id;
    const mail = await ctx.mail.waitFor(owner.email, (m) => m.subject.includes('Datele tale'));
    expect(mail.subject).toBe('Datele tale ArmaMarket sunt gata de descărcat');
    expect(mail.text).toContain('http://localhost:3000/dashboard/settings');
    const listed = await ownerClient.get<{ items: DataExport[] }>('/api/me/data-exports');
    const ready = listed.body.items.find((item) => item.id === exportId)!;
    expect(ready.status).toBe('ready');
    const hours = (Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)) / 3_600_000;
    expect(hours).toBe(24);
  });

  it('holds everything kept about the user, their photos, and no credential', async () => {
    const res = await download(ownerClient, exportId);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    const entries = readZip(res.body);
    const data = JSON.parse(entries.find((entry) => entry.name === 'data.json')!.data.toString('utf8'));
    expect(data.account).toMatchObject({ id: owner.id, email: owner.email });
    const t = data.tables;
    expect(t.profiles[0]).toMatchObject({
      first_name: 'Iulius',
      last_name: 'Zărnescu',
      phone: PHONE,
      address: ADDRESS,
    });
    expect(t.ads.map((ad: { id: string }) => ad.id).sort()).toEqual([ids.pendingAd, ids.publicAd].sort());
    expect(t.ad_declarations).toHaveLength(2);
    const bodies = t.messages.map((m: { body: string }) => m.body).sort();
    expect(bodies).toEqual(['Bună ziua, mai este disponibilă?', 'Da, este.']);
    expect(t.conversations.map((c: { id: string }) => c.id)).toEqual([ids.conversation]);
    expect(t.favorites.map((f: { ad_id: string }) => f.ad_id)).toEqual([ids.othersAd]);
    expect(t.saved_searches).toHaveLength(1);
    expect(t.reports.map((r: { ad_id: string }) => r.ad_id)).toEqual([ids.othersAd]);
    // Declarations and consents with their times and addresses.
    expect(t.legal_acceptances.map((a: { document: string }) => a.document).sort()).toEqual([
      'adult',
      'privacy',
      'terms',
    ]);
    expect(t.ad_declarations[0]).toHaveProperty('client_ip');
    expect(t.session[0]).toHaveProperty('ip_address');
    // Deals and ratings (issue 28): every table naming the user is there, found by its foreign keys.
    expect(t.deals.map((d: { price: number }) => d.price)).toEqual([4500]);
    expect(t.ratings.map((r: { stars: number; rated_id: string }) => [r.stars, r.rated_id])).toEqual([
      [5, owner.id],
    ]);
    const raw = entries.find((entry) => entry.name === 'data.json')!.data.toString('utf8');
    expect(raw).not.toMatch(/"(password|token|secret|backup_codes)"/);
    const photos = entries.filter((entry) => entry.name.startsWith('photos/'));
    expect(photos.map((p) => p.name.split('/')[1]).sort()).toEqual([ids.pendingAd, ids.publicAd].sort());
    expect(photos.every((p) => p.data.subarray(0, 2).equals(Buffer.from([0xff, 0xd8])))).toBe(true);
  });

  it('is the owner’s alone, and gone after its 24 hours', async () => {
    expect((await download(otherClient, exportId)).status).toBe(404);
    expect((await download(createClient(ctx), exportId)).status).toBe(401);
    await ctx.database.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataExports.id, exportId));
    expect((await download(ownerClient, exportId)).status).toBe(404);
    const listed = await ownerClient.get<{ items: DataExport[] }>('/api/me/data-exports');
    expect(listed.body.items[0]?.status).toBe('expired');
  });
});

/** Every text column of every table of the app's schema holding one of the values, as table.column. */
async function rowsHolding(values: string[]): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    ctx.database.db,
    sql`select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const value of values) {
      const [hit] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
          where ${sql.identifier(column_name)}::text ilike ${`%${value}%`}`,
      );
      if ((hit?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
    }
  }
  return [...new Set(found)].sort();
}

describe('Șterge contul', () => {
  it('asks for the password, and the code where two-factor is on', async () => {
    const wrong = await ownerClient.post<{ error: { code: string } }>('/api/me/delete-account', {
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(403);
    const guarded = await createUser(ctx, { twoFactor: true });
    const guardedClient = await signedInClient(ctx, guarded);
    const noCode = await guardedClient.post('/api/me/delete-account', { password: guarded.password });
    expect(noCode.status).toBe(400);
    const badCode = await guardedClient.post('/api/me/delete-account', {
      password: guarded.password,
      code: '000000',
    });
    expect(badCode.status).toBe(403);
    // No worker for deletions, as while the server is down: the request still closes the account, and
    // its job waits in the queue until a worker (the restarted server) takes it.
    await ctx.services.queue.boss.offWork(QUEUES.accountDelete);
    const ok = await guardedClient.post('/api/me/delete-account', {
      password: guarded.password,
      code: totp(guarded.totpSecret!),
    });
    expect(ok.status).toBe(202);
    expect((await guardedClient.get('/api/me')).status).toBe(401);
    const waiting = await ctx.services.queue.boss.findJobs<{ userId: string }>(QUEUES.accountDelete);
    expect(waiting.map((job) => [job.data.userId, job.state])).toEqual([[guarded.id, 'created']]);
    await workAccountDeletions(ctx.services);
    await waitUntil(async () => {
      const [row] = await ctx.database.db
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.userId, guarded.id));
      return row?.completedAt != null;
    }, 'the deletion after the restart');
  });

  it('erases the account but what is kept by design, leaves the conversation readable, frees the address', async () => {
    const before = await listUploads(`${ctx.config.dataDir}/uploads`);
    expect(before.files.length).toBeGreaterThanOrEqual(8);
    const res = await ownerClient.post('/api/me/delete-account', { password: owner.password });
    expect(res.status).toBe(202);
    // Signed out at once.
    expect((await ownerClient.get('/api/me')).status).toBe(401);
    await waitUntil(async () => {
      const [row] = await ctx.database.db
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.userId, owner.id));
      return row?.completedAt != null;
    }, 'the deletion job');

    const mail = await ctx.mail.waitFor(owner.email, (m) => m.subject.includes('șters'));
    expect(mail.subject).toBe('Contul tău ArmaMarket a fost șters');

    // The scan: no table holds the address, the names, the phone or the address, but the audit log.
    const held = await rowsHolding([owner.email, 'Iulius', 'Zărnescu', PHONE, ADDRESS]);
    expect(held.filter((place) => !place.startsWith('moderation_actions.'))).toEqual([]);

    // The other side still reads the whole conversation; the sender is nobody by name.
    const thread = await otherClient.get<{
      otherParty: { firstName: string; lastName: string };
      messages: Array<{ body: string }>;
    }>(`/api/conversations/${ids.conversation}`);
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((m) => m.body)).toEqual([
      'Bună ziua, mai este disponibilă?',
      'Da, este.',
    ]);
    expect(thread.body.otherParty).toMatchObject({ firstName: '', lastName: '' });

    // The photos are gone from storage; the ad in review is gone, the public one hidden.
    const after = await listUploads(`${ctx.config.dataDir}/uploads`);
    expect(after.files.filter((file) => file.includes(owner.id))).toEqual([]);
    expect((await createClient(ctx).get(`/api/ads/${ids.pendingAd}`)).status).toBe(404);
    expect([404, 410]).toContain((await createClient(ctx).get(`/api/ads/${ids.publicAd}`)).status);

    // The address registers again, as a new account.
    const again = await createClient(ctx).post('/api/auth/sign-up/email', {
      email: owner.email,
      password: 'a-new-long-password',
      firstName: 'Iulius',
      lastName: 'Zărnescu',
      acceptAdult: true,
      acceptTerms: true,
    });
    expect(again.status).toBe(200);
    const rows = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from "user" where email = ${owner.email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(owner.id);
  });

  it('stays closed: a moderator cannot reactivate a deleted account', async () => {
    const moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
    const res = await moderator.post(`/api/admin/users/${owner.id}/reactivate`, {});
    expect(res.status).toBe(409);
    expect([404, 410]).toContain((await createClient(ctx).get(`/api/ads/${ids.publicAd}`)).status);
  });

  it('purges the formerly public ads 30 days later', async () => {
    await ctx.database.db
      .update(accountDeletions)
      .set({ adsPurgeAfter: sql`now() - interval '1 second'` })
      .where(eq(accountDeletions.userId, owner.id));
    const { purgeDeletedAccountAds } = await import('./deletion');
    expect(await purgeDeletedAccountAds(ctx.services, owner.id)).toBe(1);
    const left = await queryRows(ctx.database.db, sql`select id from ads where user_id = ${owner.id}`);
    expect(left).toEqual([]);
  });
});
