import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountMarks } from '../../common/scam/safety';
import type { AdDetail } from '../../common/schemas/ads';
import type { ConversationDetail, ConversationList, SentMessage } from '../../common/schemas/messages';
import type { SellerProfile } from '../../common/schemas/sellers';
import { user } from '../db/schema/auth';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ageDays = (who: TestUser, days: number) =>
  ctx.database.db.execute(
    sql`update "user" set created_at = now() - make_interval(days => ${days}) where id = ${who.id}`,
  );

const marksOf = ({ newAccount, emailVerified }: AccountMarks) => ({ newAccount, emailVerified });

/** What the ad page, the seller page and the buyer's thread (detail and list) say of `seller`. */
async function seenByBuyer(buyer: TestClient, seller: TestUser) {
  const ad = await createAd(ctx, seller, { title: 'Carabină Tikka T3x' });
  const sent = await buyer.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
    attestation: true,
    body: 'Bună ziua, mai este?',
  });
  expect(sent.status).toBe(201);
  const visitor = createClient(ctx);
  const [adPage, sellerPage, thread, list] = await Promise.all([
    visitor.get<AdDetail>(`/api/ads/${ad.id}`),
    visitor.get<SellerProfile>(`/api/sellers/${seller.id}`),
    buyer.get<ConversationDetail>(`/api/conversations/${sent.body.conversationId}`),
    buyer.get<ConversationList>('/api/conversations'),
  ]);
  for (const res of [adPage, sellerPage, thread, list]) expect(res.status).toBe(200);
  const listed = list.body.items.find((item) => item.id === sent.body.conversationId);
  return {
    conversationId: sent.body.conversationId,
    ad: marksOf(adPage.body.seller),
    sellerPage: marksOf(sellerPage.body),
    thread: marksOf(thread.body.otherParty),
    list: listed ? marksOf(listed.otherParty) : null,
  };
}

// Issue 30: "Cont nou / New account" under 30 days, and whether the e-mail is verified.
describe('new-account and verified-e-mail marks', () => {
  it('marks a seller younger than 30 days, with an unverified e-mail, on every surface', async () => {
    const buyer = await createUser(ctx);
    const buyerClient = await signedInClient(ctx, buyer);
    const seller = await createUser(ctx);
    await ageDays(seller, 29);
    await ctx.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, seller.id));

    const expected = { newAccount: true, emailVerified: false };
    expect(await seenByBuyer(buyerClient, seller)).toMatchObject({
      ad: expected,
      sellerPage: expected,
      thread: expected,
      list: expected,
    });
  });

  it('does not mark an account of 30 days or more; the seller sees the new buyer marked', async () => {
    const buyer = await createUser(ctx);
    const buyerClient = await signedInClient(ctx, buyer);
    const seller = await createUser(ctx);
    const sellerClient = await signedInClient(ctx, seller);
    await ageDays(seller, 31);

    const expected = { newAccount: false, emailVerified: true };
    const seen = await seenByBuyer(buyerClient, seller);
    expect(seen).toMatchObject({ ad: expected, sellerPage: expected, thread: expected, list: expected });

    const sellerSide = await sellerClient.get<ConversationDetail>(
      `/api/conversations/${seen.conversationId}`,
    );
    expect(marksOf(sellerSide.body.otherParty)).toEqual({ newAccount: true, emailVerified: true });
    // Thirty days on, the buyer is no longer new.
    await ageDays(buyer, 30);
    const later = await sellerClient.get<ConversationDetail>(`/api/conversations/${seen.conversationId}`);
    expect(marksOf(later.body.otherParty)).toEqual({ newAccount: false, emailVerified: true });
  });
});
