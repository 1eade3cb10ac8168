import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdConversation,
  ConversationDetail,
  ConversationList,
  SentMessage,
  UnreadCount,
} from '../../common/schemas/messages';
import { conversations, messages } from '../db/schema/interactions';
import { profiles } from '../db/schema/profiles';
import { AD_CONVERSATION_PREVIEW, MESSAGE_LIMITS } from '../interactions/conversations';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { linkIn } from '../test/mail-capture';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.mail.clear());

type ErrorBody = { error: { code: string; message: string } };
const NOT_FOUND = { error: { code: 'not_found', message: 'Not found' } };

async function person(
  options: { locale?: 'ro' | 'en' } = {},
): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createUser(ctx, options);
  return { user, client: await signedInClient(ctx, user) };
}

/** A seller with an approved ad, and a buyer. */
async function sellerAndBuyer(options: { sellerLocale?: 'ro' | 'en' } = {}) {
  const seller = await person({ locale: options.sellerLocale });
  const buyer = await person();
  const ad = await createAd(ctx, seller.user, { title: 'Glock 17 Gen 5' });
  return { seller, buyer, ad };
}

const messagesOf = (conversationId: string) =>
  ctx.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));

describe('POST /api/ads/{id}/messages', () => {
  it('opens a conversation with the ad’s owner as receiver, whatever the client sends', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    const intruder = await createUser(ctx);
    const res = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: '  Bună ziua, mai este disponibil?  ',
      receiverId: intruder.id,
      receiver_id: intruder.id,
      senderId: intruder.id,
      adId: crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({
      body: 'Bună ziua, mai este disponibil?',
      direction: 'sent',
      readAt: null,
    });
    const [row] = await messagesOf(res.body.conversationId);
    expect(row).toMatchObject({ senderId: buyer.user.id, receiverId: seller.user.id, adId: ad.id });
    const [conversation] = await ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, res.body.conversationId));
    expect(conversation).toMatchObject({
      adId: ad.id,
      adTitle: 'Glock 17 Gen 5',
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
    });
  });

  it('keeps one conversation per ad and buyer', async () => {
    const { buyer, ad } = await sellerAndBuyer();
    const first = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Unu',
    });
    const second = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Doi',
    });
    expect(second.body.conversationId).toBe(first.body.conversationId);
    expect(await messagesOf(first.body.conversationId)).toHaveLength(2);

    const other = await person();
    const third = await other.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Trei',
    });
    expect(third.body.conversationId).not.toBe(first.body.conversationId);
  });

  it('refuses the owner’s own ad and ads that are not listed, as if they did not exist', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    expect(
      await seller.client.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Eu' }),
    ).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    for (const status of ['pending', 'rejected', 'needs_changes', 'expired'] as const) {
      const hidden = await createAd(ctx, seller.user, { status });
      expect(
        await buyer.client.post(`/api/ads/${hidden.id}/messages`, { attestation: true, body: 'Salut' }),
      ).toMatchObject({
        status: 404,
        body: NOT_FOUND,
      });
    }
    const quitter = await person();
    const orphaned = await createAd(ctx, quitter.user);
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, quitter.user.id));
    expect(
      (await buyer.client.post(`/api/ads/${orphaned.id}/messages`, { attestation: true, body: 'Salut' }))
        .status,
    ).toBe(404);
    expect(
      (await buyer.client.post(`/api/ads/${crypto.randomUUID()}/messages`, { attestation: true, body: 'x' }))
        .status,
    ).toBe(404);
    expect((await buyer.client.post('/api/ads/not-a-uuid/messages', { body: 'x' })).status).toBe(404);
    expect(
      await ctx.database.db.select().from(messages).where(eq(messages.senderId, seller.user.id)),
    ).toEqual([]);
  });

  it('asks visitors to sign in before reading the body', async () => {
    const { ad } = await sellerAndBuyer();
    const res = await createClient(ctx).post<ErrorBody>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Salut',
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('refuses an empty or blank body and one over 2,000 characters', async () => {
    const { buyer, ad } = await sellerAndBuyer();
    for (const body of ['', '   \n\t ', undefined]) {
      const res = await buyer.client.post<ErrorBody>(`/api/ads/${ad.id}/messages`, {
        attestation: true,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'validation_error', message: 'body: Write a message' });
    }
    const long = await buyer.client.post<ErrorBody>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'a'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('body: A message can be at most 2000 characters');
    const exact = await buyer.client.post(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: `${'a'.repeat(2000)}   `,
    });
    expect(exact.status).toBe(201);
  });

  it('limits how many messages a user sends', async () => {
    const { buyer, ad } = await sellerAndBuyer();
    for (let i = 0; i < MESSAGE_LIMITS.burst.max; i++) {
      expect(
        (await buyer.client.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: `Mesaj ${i}` }))
          .status,
      ).toBe(201);
    }
    const refused = await buyer.client.post<ErrorBody>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Încă unul',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Counted per user, not per address: another user on the same address is not affected.
    const { user: neighbour } = await person();
    const sameIp = createClient(ctx, { ip: buyer.client.ip });
    await sameIp.post('/api/auth/sign-in/email', { email: neighbour.email, password: neighbour.password });
    expect(
      (await sameIp.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Salut' })).status,
    ).toBe(201);
  });
});

describe('conversations', () => {
  it('lists the caller’s conversations newest first, with the other side, last message and unread count', async () => {
    const buyer = await person();
    const sellerA = await person();
    const sellerB = await person();
    const adA = await createAd(ctx, sellerA.user, { title: 'Anunț A' });
    const adB = await createAd(ctx, sellerB.user, { title: 'Anunț B' });
    const a = await buyer.client.post<SentMessage>(`/api/ads/${adA.id}/messages`, {
      attestation: true,
      body: 'Către A',
    });
    const b = await buyer.client.post<SentMessage>(`/api/ads/${adB.id}/messages`, {
      attestation: true,
      body: 'Către B',
    });
    await sellerA.client.post(`/api/conversations/${a.body.conversationId}/messages`, { body: 'Răspuns A' });

    const list = await buyer.client.get<ConversationList>('/api/conversations');
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.id)).toEqual([a.body.conversationId, b.body.conversationId]);
    expect(list.body.items[0]).toMatchObject({
      ad: { id: adA.id, title: 'Anunț A' },
      role: 'buyer',
      otherParty: { id: sellerA.user.id, firstName: sellerA.user.firstName, lastName: 'Popescu' },
      lastMessage: { body: 'Răspuns A', direction: 'received' },
      unread: 1,
    });
    expect(list.body.items[1]).toMatchObject({
      lastMessage: { body: 'Către B', direction: 'sent' },
      unread: 0,
    });

    const sellerView = await sellerB.client.get<ConversationList>('/api/conversations');
    expect(sellerView.body.items).toHaveLength(1);
    expect(sellerView.body.items[0]).toMatchObject({
      role: 'seller',
      otherParty: { id: buyer.user.id, firstName: buyer.user.firstName },
      unread: 1,
    });
    expect((await createClient(ctx).get('/api/conversations')).status).toBe(401);
  });

  it('shows the messages oldest first, labelled from the caller’s side, and changes nothing by reading', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    const sent = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Întrebare',
    });
    const id = sent.body.conversationId;
    await seller.client.post(`/api/conversations/${id}/messages`, { body: 'Răspuns' });

    const mine = await buyer.client.get<ConversationDetail>(`/api/conversations/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.messages.map((m) => [m.body, m.direction])).toEqual([
      ['Întrebare', 'sent'],
      ['Răspuns', 'received'],
    ]);
    const theirs = await seller.client.get<ConversationDetail>(`/api/conversations/${id}`);
    expect(theirs.body.messages.map((m) => m.direction)).toEqual(['received', 'sent']);
    expect(theirs.body.unread).toBe(1);
    expect((await seller.client.get<ConversationDetail>(`/api/conversations/${id}`)).body.unread).toBe(1);
  });

  it('sets read_at only on the messages the caller received', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    const first = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Unu',
    });
    const id = first.body.conversationId;
    await buyer.client.post(`/api/conversations/${id}/messages`, { body: 'Doi' });
    await seller.client.post(`/api/conversations/${id}/messages`, { body: 'Răspuns' });

    // The buyer opening it marks the seller's reply only; their own two messages stay unread.
    expect(await buyer.client.post(`/api/conversations/${id}/read`)).toMatchObject({
      status: 200,
      body: { updated: 1 },
    });
    const rows = await messagesOf(id);
    const readBodies = rows.filter((row) => row.readAt !== null).map((row) => row.body);
    expect(readBodies).toEqual(['Răspuns']);
    expect((await seller.client.get<UnreadCount>('/api/me/unread')).body).toEqual({ messages: 2 });

    expect((await seller.client.post(`/api/conversations/${id}/read`)).body).toEqual({ updated: 2 });
    expect((await seller.client.get<UnreadCount>('/api/me/unread')).body).toEqual({ messages: 0 });
    expect((await seller.client.post(`/api/conversations/${id}/read`)).body).toEqual({ updated: 0 });
  });

  it('counts the unread messages a user received', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    expect((await seller.client.get<UnreadCount>('/api/me/unread')).body).toEqual({ messages: 0 });
    await buyer.client.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Unu' });
    await buyer.client.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Doi' });
    expect((await seller.client.get<UnreadCount>('/api/me/unread')).body).toEqual({ messages: 2 });
    expect((await buyer.client.get<UnreadCount>('/api/me/unread')).body).toEqual({ messages: 0 });
    expect((await createClient(ctx).get('/api/me/unread')).status).toBe(401);
  });

  it('lets nobody but its two sides read, answer or mark a conversation', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    const sent = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Privat',
    });
    const id = sent.body.conversationId;
    const outsider = await person();
    const moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.super' }));

    for (const client of [outsider.client, moderator]) {
      expect(await client.get(`/api/conversations/${id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await client.post(`/api/conversations/${id}/messages`, { body: 'Intrus' })).toMatchObject({
        status: 404,
        body: NOT_FOUND,
      });
      expect(await client.post(`/api/conversations/${id}/read`)).toMatchObject({ status: 404 });
      expect((await client.get<ConversationList>('/api/conversations')).body.items).toEqual([]);
    }
    const visitor = createClient(ctx);
    expect((await visitor.get(`/api/conversations/${id}`)).status).toBe(401);
    expect((await visitor.post(`/api/conversations/${id}/messages`, { body: 'x' })).status).toBe(401);
    expect((await visitor.post(`/api/conversations/${id}/read`)).status).toBe(401);
    expect((await outsider.client.get(`/api/conversations/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await outsider.client.get('/api/conversations/not-a-uuid')).status).toBe(404);

    const rows = await messagesOf(id);
    expect(rows.map((row) => [row.body, row.readAt])).toEqual([['Privat', null]]);
    expect((await seller.client.get<UnreadCount>('/api/me/unread')).body.messages).toBe(1);
  });

  it('sends a reply to the other side, the buyer’s to the seller and the seller’s to the buyer', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    const sent = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Întrebare',
    });
    const id = sent.body.conversationId;
    const reply = await seller.client.post<SentMessage>(`/api/conversations/${id}/messages`, {
      body: 'Da',
      receiverId: seller.user.id,
    });
    expect(reply.status).toBe(201);
    const again = await buyer.client.post<SentMessage>(`/api/conversations/${id}/messages`, {
      body: 'Mersi',
    });
    expect(again.status).toBe(201);
    const rows = await ctx.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, id))
      .orderBy(messages.createdAt);
    expect(rows.map((row) => [row.body, row.senderId, row.receiverId])).toEqual([
      ['Întrebare', buyer.user.id, seller.user.id],
      ['Da', seller.user.id, buyer.user.id],
      ['Mersi', buyer.user.id, seller.user.id],
    ]);
  });

  it('keeps the thread with the ad’s title after the ad is deleted', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    const sent = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Mai e?',
    });
    expect((await seller.client.delete(`/api/ads/${ad.id}`)).status).toBe(204);
    const thread = await buyer.client.get<ConversationDetail>(
      `/api/conversations/${sent.body.conversationId}`,
    );
    expect(thread.status).toBe(200);
    expect(thread.body.ad).toEqual({ id: null, title: 'Glock 17 Gen 5', sold: false });
    expect(thread.body.messages).toHaveLength(1);
  });
});

describe('GET /api/ads/{id}/conversation (the ad page’s contact box, issue 14 item 19)', () => {
  const ofAd = (client: TestClient, adId: string) =>
    client.get<AdConversation>(`/api/ads/${adId}/conversation`);

  it('is null before the buyer writes, then their conversation with its newest messages, oldest first', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    expect(await ofAd(buyer.client, ad.id)).toMatchObject({ status: 200, body: { conversation: null } });

    const sent = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Unu',
    });
    const conversationId = sent.body.conversationId;
    await seller.client.post(`/api/conversations/${conversationId}/messages`, { body: 'Doi' });
    await buyer.client.post(`/api/conversations/${conversationId}/messages`, { body: 'Trei' });
    await seller.client.post(`/api/conversations/${conversationId}/messages`, { body: 'Patru' });

    const res = await ofAd(buyer.client, ad.id);
    expect(res.status).toBe(200);
    const conversation = res.body.conversation!;
    expect(conversation).toMatchObject({
      id: conversationId,
      ad: { id: ad.id, title: 'Glock 17 Gen 5' },
      role: 'buyer',
      otherParty: { id: seller.user.id },
      unread: 2,
    });
    expect(AD_CONVERSATION_PREVIEW).toBe(3);
    expect(conversation.messages.map((m) => [m.body, m.direction])).toEqual([
      ['Doi', 'received'],
      ['Trei', 'sent'],
      ['Patru', 'received'],
    ]);
    // Looking changes nothing: the seller's messages stay unread until the thread is opened.
    expect((await ofAd(buyer.client, ad.id)).body.conversation?.unread).toBe(2);
  });

  it('is only ever the caller’s own, as buyer: not another buyer’s, not the seller’s many', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    await buyer.client.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Al meu' });
    const other = await person();
    expect((await ofAd(other.client, ad.id)).body).toEqual({ conversation: null });
    expect((await ofAd(seller.client, ad.id)).body).toEqual({ conversation: null });
    const moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
    expect((await ofAd(moderator, ad.id)).body).toEqual({ conversation: null });
  });

  it('answers 404 for an ad the caller may not see, 401 to a visitor', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    for (const status of ['pending', 'rejected', 'needs_changes', 'expired'] as const) {
      const hidden = await createAd(ctx, seller.user, { status });
      expect(await ofAd(buyer.client, hidden.id)).toMatchObject({ status: 404, body: NOT_FOUND });
      // Its owner may see the page, and has no conversation as buyer.
      expect((await ofAd(seller.client, hidden.id)).body).toEqual({ conversation: null });
    }
    expect((await ofAd(buyer.client, crypto.randomUUID())).status).toBe(404);
    expect((await ofAd(buyer.client, 'not-a-uuid')).status).toBe(404);
    const visitor = await createClient(ctx).get<ErrorBody>(`/api/ads/${ad.id}/conversation`);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.code).toBe('unauthorized');
  });

  it('a message sent from the box into that conversation continues it: still one conversation', async () => {
    const { buyer, ad } = await sellerAndBuyer();
    await buyer.client.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Bună ziua' });
    const { conversation } = (await ofAd(buyer.client, ad.id)).body;
    const reply = await buyer.client.post<SentMessage>(`/api/conversations/${conversation!.id}/messages`, {
      body: 'Revin cu o întrebare',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.conversationId).toBe(conversation!.id);
    const rows = await ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.buyerId, buyer.user.id));
    expect(rows).toHaveLength(1);
    expect((await ofAd(buyer.client, ad.id)).body.conversation?.messages.map((m) => m.body)).toEqual([
      'Bună ziua',
      'Revin cu o întrebare',
    ]);
  });
});

describe('new-message mail', () => {
  it('tells the receiver in their language, with a link to the conversation', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer({ sellerLocale: 'en' });
    const sent = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Is it still <b>available</b>?',
    });
    const mail = await ctx.mail.waitFor(seller.user.email);
    expect(mail.subject).toBe('New message about “Glock 17 Gen 5”');
    expect(mail.text).toContain(`${buyer.user.firstName} Popescu sent you a message about the ad`);
    expect(mail.text).toContain('> Is it still <b>available</b>?');
    expect(mail.html).toContain('Is it still &#60;b&#62;available&#60;/b&#62;?');
    expect(linkIn(mail, ctx.config.publicUrl)).toBe(
      `${ctx.config.publicUrl}/dashboard/messages/${sent.body.conversationId}`,
    );

    await seller.client.post(`/api/conversations/${sent.body.conversationId}/messages`, { body: 'Da' });
    const toBuyer = await ctx.mail.waitFor(buyer.user.email);
    expect(toBuyer.subject).toBe('Mesaj nou despre „Glock 17 Gen 5”');
    expect(toBuyer.text).toContain(`${seller.user.firstName} Popescu ți-a trimis un mesaj`);
  });

  it('sends at most one mail per conversation and receiver every 15 minutes', async () => {
    const { seller, buyer, ad } = await sellerAndBuyer();
    const first = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Unu',
    });
    const id = first.body.conversationId;
    await ctx.mail.waitFor(seller.user.email);
    await buyer.client.post(`/api/ads/${ad.id}/messages`, { attestation: true, body: 'Doi' });
    await buyer.client.post(`/api/conversations/${id}/messages`, { body: 'Trei' });
    // A mail the other way is sent meanwhile, and after it nothing more came for the seller.
    await seller.client.post(`/api/conversations/${id}/messages`, { body: 'Răspuns' });
    await ctx.mail.waitFor(buyer.user.email);
    expect(ctx.mail.mails.filter((mail) => mail.to.includes(seller.user.email))).toHaveLength(1);

    // A quarter of an hour later the next message is mailed again.
    await ctx.database.db
      .update(conversations)
      .set({ sellerNotifiedAt: sql`now() - interval '16 minutes'` })
      .where(eq(conversations.id, id));
    await buyer.client.post(`/api/conversations/${id}/messages`, { body: 'Patru' });
    await expect
      .poll(() => ctx.mail.mails.filter((mail) => mail.to.includes(seller.user.email)).length)
      .toBe(2);
    expect(ctx.mail.mails.at(-1)?.text).toContain('> Patru');
  });
});
