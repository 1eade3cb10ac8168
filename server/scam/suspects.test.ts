import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, UsersPage } from '../../common/schemas/admin';
import type { SentMessage } from '../../common/schemas/messages';
import {
  SUSPECT_MIN_RECIPIENTS,
  SUSPECT_WINDOW_HOURS,
  type SuspectList,
} from '../../common/schemas/suspects';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

// Issue 30: the suspect list and each account's risky-message counts, as moderators see them.

let ctx: TestContext;
let moderator: TestClient;
/** Sellers with a listed ad each: the different people a sender writes to. */
let sellers: Array<{ user: TestUser; adId: string }>;

beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
  sellers = [];
  for (let i = 0; i < SUSPECT_MIN_RECIPIENTS + 1; i++) {
    const user = await createUser(ctx);
    sellers.push({ user, adId: (await createAd(ctx, user, { title: `Pistol CZ 75 nr. ${i}` })).id });
  }
});
afterAll(() => ctx.close());

const RISKY = 'Plata în avans, apoi vă sun: 0723 456 789';

const person = async (overrides: Parameters<typeof createUser>[1] = {}) => {
  const user = await createUser(ctx, overrides);
  return { user, client: await signedInClient(ctx, user) };
};

/** The sender writes `body` to the first `count` sellers, one message each; the sent ids. */
async function writeToSellers(sender: TestClient, count: number, body: string): Promise<string[]> {
  const ids: string[] = [];
  for (const seller of sellers.slice(0, count)) {
    const res = await sender.post<SentMessage>(`/api/ads/${seller.adId}/messages`, {
      attestation: true,
      body,
    });
    expect(res.status).toBe(201);
    ids.push(res.body.message.id);
  }
  return ids;
}

const suspects = async () => {
  const res = await moderator.get<SuspectList>('/api/admin/suspects');
  expect(res.status).toBe(200);
  return res.body;
};
const suspectOf = async (id: string) => (await suspects()).items.find((item) => item.user.id === id);

describe('GET /api/admin/suspects', () => {
  it('is for staff: a visitor is told to sign in, a user finds nothing there, moderators and supers read it', async () => {
    expect((await createClient(ctx).get('/api/admin/suspects')).status).toBe(401);
    const user = await person();
    const refused = await user.client.get<{ error: { code: string } }>('/api/admin/suspects');
    // Admin routes do not reveal themselves to non-staff (server/routes/admin-kit.ts): 404, not 403.
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('not_found');
    expect((await moderator.get('/api/admin/suspects')).status).toBe(200);
    const superClient = await signedInClient(ctx, await createUser(ctx, { role: 'admin.super' }));
    expect((await superClient.get('/api/admin/suspects')).status).toBe(200);
  });

  it('lists a sender once their risky messages reach the threshold of different people, with the counts', async () => {
    const sender = await person();
    // Its address unconfirmed since (sign-in needs a confirmed one): the row says so.
    await ctx.database.db.execute(sql`update "user" set email_verified = false where id = ${sender.user.id}`);
    await writeToSellers(sender.client, SUSPECT_MIN_RECIPIENTS - 1, RISKY);
    expect(await suspectOf(sender.user.id)).toBeUndefined();

    // A second message to the same person adds no recipient.
    const again = await sender.client.post(`/api/ads/${sellers[0]?.adId}/messages`, {
      attestation: true,
      body: RISKY,
    });
    expect(again.status).toBe(201);
    expect(await suspectOf(sender.user.id)).toBeUndefined();

    // One more different person: listed.
    const last = sellers[SUSPECT_MIN_RECIPIENTS - 1];
    await sender.client.post(`/api/ads/${last?.adId}/messages`, {
      attestation: true,
      body: 'Western Union e mai simplu',
    });
    const list = await suspects();
    expect(list.windowHours).toBe(SUSPECT_WINDOW_HOURS);
    expect(list.minRecipients).toBe(SUSPECT_MIN_RECIPIENTS);
    const row = list.items.find((item) => item.user.id === sender.user.id);
    expect(row?.recent).toEqual({
      rules: [
        { rule: 'phone', messages: SUSPECT_MIN_RECIPIENTS },
        { rule: 'advance_payment', messages: SUSPECT_MIN_RECIPIENTS },
        { rule: 'money_transfer', messages: 1 },
      ],
      messages: SUSPECT_MIN_RECIPIENTS + 1,
      recipients: SUSPECT_MIN_RECIPIENTS,
      lastAt: expect.any(String),
    });
    expect(row?.user).toMatchObject({
      id: sender.user.id,
      email: sender.user.email,
      emailVerified: false,
      isActive: true,
      actions: ['deactivate'],
    });
    expect(Date.now() - Date.parse(row?.user.createdAt ?? '')).toBeLessThan(3600_000);
    expect(Date.now() - Date.parse(row?.recent.lastAt ?? '')).toBeLessThan(3600_000);
  });

  it('counts only the window: risky messages older than it do not list their sender', async () => {
    const sender = await person();
    const ids = await writeToSellers(sender.client, SUSPECT_MIN_RECIPIENTS, RISKY);
    expect(await suspectOf(sender.user.id)).toBeDefined();
    await ctx.database.db.execute(
      sql`update message_safety set created_at = now() - make_interval(hours => ${SUSPECT_WINDOW_HOURS + 1})
          where message_id = ${ids[0]}`,
    );
    expect(await suspectOf(sender.user.id)).toBeUndefined();

    // The users list still shows everything they ever sent.
    const users = await moderator.get<UsersPage>(
      `/api/admin/users?q=${encodeURIComponent(sender.user.email)}`,
    );
    expect(users.body.items[0]?.messageRisks).toMatchObject({
      rules: [
        { rule: 'phone', messages: SUSPECT_MIN_RECIPIENTS },
        { rule: 'advance_payment', messages: SUSPECT_MIN_RECIPIENTS },
      ],
      messages: SUSPECT_MIN_RECIPIENTS,
      recipients: SUSPECT_MIN_RECIPIENTS,
    });
  });

  it('does not list ordinary messages to many people, nor the new-account tip they carry', async () => {
    const sender = await person();
    await writeToSellers(sender.client, SUSPECT_MIN_RECIPIENTS + 1, 'Bună ziua, mai este disponibil?');
    expect(await suspectOf(sender.user.id)).toBeUndefined();
    const users = await moderator.get<UsersPage>(
      `/api/admin/users?q=${encodeURIComponent(sender.user.email)}`,
    );
    expect(users.body.items[0]?.messageRisks).toBeNull();
  });

  it('deactivates a suspect from the list as from the users list; a super suspect cannot be by a moderator', async () => {
    const sender = await person();
    await writeToSellers(sender.client, SUSPECT_MIN_RECIPIENTS, RISKY);
    const done = await moderator.post<AdminUser>(`/api/admin/users/${sender.user.id}/deactivate`, {
      reason: 'Cere avans la mulți vânzători',
    });
    expect(done.status).toBe(200);
    expect(done.body.isActive).toBe(false);
    expect(done.body.messageRisks?.recipients).toBe(SUSPECT_MIN_RECIPIENTS);
    // Its session ended: it can send nothing more.
    const after = await sender.client.post(`/api/ads/${sellers[0]?.adId}/messages`, {
      attestation: true,
      body: RISKY,
    });
    expect(after.status).toBe(401);
    // Still listed, marked inactive, with the way back.
    const row = await suspectOf(sender.user.id);
    expect(row?.user).toMatchObject({ isActive: false, actions: ['reactivate'] });

    const superSender = await person({ role: 'admin.super' });
    await writeToSellers(superSender.client, SUSPECT_MIN_RECIPIENTS, RISKY);
    expect((await suspectOf(superSender.user.id))?.user.actions).toEqual([]);
    const refused = await moderator.post(`/api/admin/users/${superSender.user.id}/deactivate`, {});
    expect(refused.status).toBe(403);
  });
});
