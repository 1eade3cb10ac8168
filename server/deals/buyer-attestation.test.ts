import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_ATTESTATION_VERSION } from '../../common/legal';
import type { Offer } from '../../common/schemas/deals';
import type { ConversationDetail, SentMessage } from '../../common/schemas/messages';
import { queryRows } from '../db/client';
import { createAd } from '../test/ad-factories';
import type { TestClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

// Issue 29: before a first message or offer on an ad in the authorisation category, the buyer attests
// holding, or going to obtain before the handover, the purchase authorisation.

let ctx: TestContext;
let seller: TestClient;
let sellerId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx);
  sellerId = user.id;
  seller = await signedInClient(ctx, user);
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };
const buyer = async () => signedInClient(ctx, await createUser(ctx));
const weapon = async () =>
  (await createAd(ctx, { id: sellerId }, { legalCategory: 'authorisation', price: 5000 })).id;

const attestations = (adId: string) =>
  queryRows<{ version: string; clientIp: string; attestedAt: string }>(
    ctx.database.db,
    sql`select version, client_ip as "clientIp", attested_at as "attestedAt" from buyer_attestations where ad_id = ${adId}`,
  );

describe('the buyer’s attestation', () => {
  it('is required with a first message about a weapon needing authorisation, kept, and shown to the seller', async () => {
    const adId = await weapon();
    const client = await buyer();
    const refused = await client.post<ErrorBody>(`/api/ads/${adId}/messages`, {
      body: 'Mai este disponibil?',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^attestation: /);
    expect(await attestations(adId)).toEqual([]);

    const wrongType = await client.post<ErrorBody>(`/api/ads/${adId}/messages`, {
      body: 'Mai este disponibil?',
      attestation: 'da',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toMatch(/^attestation: /);

    const sent = await client.post<SentMessage>(`/api/ads/${adId}/messages`, {
      body: 'Mai este disponibil?',
      attestation: true,
    });
    expect(sent.status).toBe(201);
    const [kept] = await attestations(adId);
    expect(kept).toMatchObject({ version: BUYER_ATTESTATION_VERSION });
    expect(kept?.clientIp).toBeTruthy();
    // The conversation goes on without asking again.
    const more = await client.post(`/api/ads/${adId}/messages`, { body: 'Și cutia originală?' });
    expect(more.status).toBe(201);

    const thread = await seller.get<ConversationDetail>(`/api/conversations/${sent.body.conversationId}`);
    expect(Date.parse(thread.body.buyerAttestedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is required with a first offer too, and once given is not asked again', async () => {
    const adId = await weapon();
    const client = await buyer();
    const refused = await client.post<ErrorBody>(`/api/ads/${adId}/offers`, { amount: 4500 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^attestation: /);
    const made = await client.post<Offer>(`/api/ads/${adId}/offers`, { amount: 4500, attestation: true });
    expect(made.status).toBe(201);
    const message = await client.post(`/api/ads/${adId}/messages`, { body: 'Aștept răspunsul.' });
    expect(message.status).toBe(201);
    expect(await attestations(adId)).toHaveLength(1);
  });

  it('is not asked for other legal categories, accessories or optics', async () => {
    const client = await buyer();
    for (const overrides of [
      { legalCategory: 'declaration' },
      { legalCategory: 'non-lethal' },
      { category: 'optics', legalCategory: 'not-a-weapon' },
    ] as const) {
      const adId = (await createAd(ctx, { id: sellerId }, overrides)).id;
      const sent = await client.post(`/api/ads/${adId}/messages`, { body: 'Mai este disponibil?' });
      expect(sent.status).toBe(201);
      const thread = await client.get<{ conversation: ConversationDetail | null }>(
        `/api/ads/${adId}/conversation`,
      );
      expect(thread.body.conversation?.buyerAttestedAt).toBeNull();
    }
  });
});
