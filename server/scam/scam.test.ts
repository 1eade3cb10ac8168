import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuePage } from '../../common/schemas/admin';
import type { AdDetail, UploadResult } from '../../common/schemas/ads';
import type { ConversationDetail, SentMessage } from '../../common/schemas/messages';
import { messageSafety, photoHashes } from '../db/schema/scam';
import { adForm, createAd, sendUpload, testPhoto } from '../test/ad-factories';
import type { TestClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { drawPhoto, seededRandom } from './photo-test-set';

let ctx: TestContext;
let moderator: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
});
afterAll(() => ctx.close());

const person = async () => {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
};

async function upload(client: TestClient, bytes: Buffer): Promise<UploadResult> {
  const res = await sendUpload(ctx, client, bytes);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
  return res.body as UploadResult;
}

async function postAd(client: TestClient, title: string, imageIds: string[]): Promise<string> {
  const res = await client.post<AdDetail>('/api/ads', adForm({ title, imageIds }));
  expect(res.status).toBe(201);
  return res.body.id;
}

const queueItem = async (adId: string) => {
  const res = await moderator.get<QueuePage>('/api/admin/queue');
  expect(res.status).toBe(200);
  return res.body.items.find((item) => item.id === adId);
};

describe('reused photos', () => {
  it('hashes every upload, and flags another user’s copy of a photo in the queue with both ads', async () => {
    const original = await drawPhoto(seededRandom(3001));
    const owner = await person();
    const first = await upload(owner.client, original);
    const [stored] = await ctx.database.db
      .select()
      .from(photoHashes)
      .where(eq(photoHashes.imageId, first.id));
    expect(stored?.userId).toBe(owner.user.id);
    const ownerAd = await postAd(owner.client, 'Carabină CZ 457 Varmint originală', [first.id]);

    // Someone else posts the same photo, re-encoded and slightly cropped.
    const copier = await person();
    const sharp = (await import('sharp')).default;
    const { width = 0, height = 0 } = await sharp(original).metadata();
    const copy = await sharp(original)
      .extract({ left: Math.round(width * 0.03), top: 0, width: Math.round(width * 0.95), height })
      .jpeg({ quality: 60 })
      .toBuffer();
    const copied = await upload(copier.client, copy);
    const copierAd = await postAd(copier.client, 'Carabină CZ 457 ca nouă', [copied.id]);

    const flagged = await queueItem(copierAd);
    expect(flagged?.reusedPhotos).toEqual([
      {
        imageId: copied.id,
        distance: expect.any(Number),
        otherAd: { id: ownerAd, title: 'Carabină CZ 457 Varmint originală' },
      },
    ]);
    // The first ad was there before: it is not the copy.
    expect((await queueItem(ownerAd))?.reusedPhotos).toEqual([]);
  });

  it('does not flag one’s own photo uploaded again for another ad, nor a different photo', async () => {
    const seller = await person();
    const photo = await drawPhoto(seededRandom(3002));
    const once = await upload(seller.client, photo);
    await postAd(seller.client, 'Pistol Glock 17 Gen 5', [once.id]);
    const again = await upload(seller.client, photo);
    const second = await postAd(seller.client, 'Pistol Glock 17 Gen 5, din nou', [again.id]);
    expect((await queueItem(second))?.reusedPhotos).toEqual([]);

    const other = await person();
    const different = await upload(other.client, await drawPhoto(seededRandom(3003)));
    const otherAd = await postAd(other.client, 'Pistol Glock 19', [different.id]);
    expect((await queueItem(otherAd))?.reusedPhotos).toEqual([]);
  });

  it('gives a picture without structure (one colour) no hash, so blank pictures match nothing', async () => {
    const seller = await person();
    const blank = await upload(seller.client, await testPhoto());
    expect(await ctx.database.db.select().from(photoHashes).where(eq(photoHashes.imageId, blank.id))).toEqual(
      [],
    );
  });

  it('still compares a deleted ad’s photo for 180 days, and no longer after', async () => {
    const owner = await person();
    const photo = await drawPhoto(seededRandom(3004));
    const image = await upload(owner.client, photo);
    const adId = await postAd(owner.client, 'Lunetă Hawke Vantage', [image.id]);
    expect((await owner.client.delete(`/api/ads/${adId}`)).status).toBe(204);

    const copier = await person();
    const copyAd = await postAd(copier.client, 'Lunetă Hawke', [(await upload(copier.client, photo)).id]);
    expect((await queueItem(copyAd))?.reusedPhotos).toEqual([
      { imageId: expect.any(String), distance: 0, otherAd: { id: adId, title: null } },
    ]);

    await ctx.database.db.execute(
      sql`update photo_hashes set gone_at = now() - interval '181 days' where ad_id = ${adId}`,
    );
    const later = await person();
    const lateAd = await postAd(later.client, 'Lunetă Hawke 4-12', [(await upload(later.client, photo)).id]);
    expect((await queueItem(lateAd))?.reusedPhotos.map((match) => match.otherAd.id)).not.toContain(adId);
  });
});

describe('risky messages', () => {
  it('stores the warning and shows it to the recipient only; the sender of contact details gets the note', async () => {
    const seller = await person();
    const buyer = await person();
    const ad = await createAd(ctx, seller.user, { title: 'Pistol CZ 75 B' });
    const first = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Bună ziua, mai este disponibil?',
    });
    expect(first.status).toBe(201);
    const conversationId = first.body.conversationId;

    const risky = await seller.client.post<SentMessage>(`/api/conversations/${conversationId}/messages`, {
      body: 'Da. Plata în avans în contul RO49 AAAA 1B31 0075 9384 0000 sau sună la 0723 456 789',
    });
    expect(risky.status).toBe(201);
    // The sender hears only that the record protects both sides.
    expect(risky.body.message.safety).toEqual({ warnings: [], newAccountTip: false, senderNote: true });

    const [row] = await ctx.database.db
      .select()
      .from(messageSafety)
      .where(eq(messageSafety.messageId, risky.body.message.id));
    expect(row).toMatchObject({ senderId: seller.user.id, receiverId: buyer.user.id });
    expect(row?.rules).toEqual(['phone', 'iban', 'advance_payment']);

    const seenByBuyer = await buyer.client.get<ConversationDetail>(`/api/conversations/${conversationId}`);
    const received = seenByBuyer.body.messages.find((message) => message.id === risky.body.message.id);
    expect(received?.body).toContain('Plata în avans');
    expect(received?.safety).toEqual({
      warnings: ['phone', 'iban', 'advance_payment'],
      newAccountTip: false,
      senderNote: false,
    });

    const seenBySeller = await seller.client.get<ConversationDetail>(`/api/conversations/${conversationId}`);
    const sent = seenBySeller.body.messages.find((message) => message.id === risky.body.message.id);
    expect(sent?.safety?.warnings ?? []).toEqual([]);
    // An ordinary message warns of nothing (the buyer's account is new: the seller only gets the tip).
    expect(seenBySeller.body.messages.find((m) => m.id === first.body.message.id)?.safety).toEqual({
      warnings: [],
      newAccountTip: true,
      senderNote: false,
    });
  });

  it('does not take a link to the site’s own pages (PUBLIC_URL) for a link to another site', async () => {
    const seller = await person();
    const buyer = await person();
    const ad = await createAd(ctx, seller.user, { title: 'Pușcă Beretta 686' });
    const rulesOf = async (body: string) => {
      const sent = await buyer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
        attestation: true,
        body,
      });
      expect(sent.status).toBe(201);
      const [row] = await ctx.database.db
        .select()
        .from(messageSafety)
        .where(eq(messageSafety.messageId, sent.body.message.id));
      return row?.rules ?? [];
    };
    expect(await rulesOf(`E ca aceasta? ${ctx.config.publicUrl}/ad/${ad.id}`)).toEqual([]);
    expect(await rulesOf(`Plătește aici: ${ctx.config.publicUrl}.plata-sigura.com/confirm`)).toEqual([
      'link',
    ]);
  });

  it('gives the seller a safety tip on the first message from an account younger than 30 days', async () => {
    const seller = await person();
    const ad = await createAd(ctx, seller.user);
    const newcomer = await person();
    const veteran = await person();
    await ctx.database.db.execute(
      sql`update "user" set created_at = now() - interval '31 days' where id = ${veteran.user.id}`,
    );
    const fromNew = await newcomer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Salut',
    });
    const fromOld = await veteran.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Salut',
    });
    const again = await newcomer.client.post<SentMessage>(`/api/ads/${ad.id}/messages`, {
      attestation: true,
      body: 'Mai e?',
    });

    const tipOf = async (conversationId: string, messageId: string) =>
      (
        await seller.client.get<ConversationDetail>(`/api/conversations/${conversationId}`)
      ).body.messages.find((message) => message.id === messageId)?.safety?.newAccountTip ?? false;
    expect(await tipOf(fromNew.body.conversationId, fromNew.body.message.id)).toBe(true);
    expect(await tipOf(fromNew.body.conversationId, again.body.message.id)).toBe(false);
    expect(await tipOf(fromOld.body.conversationId, fromOld.body.message.id)).toBe(false);
    // The newcomer, who sent it, is told nothing about it.
    const own = await newcomer.client.get<ConversationDetail>(
      `/api/conversations/${fromNew.body.conversationId}`,
    );
    expect(own.body.messages[0]?.safety).toBeUndefined();
  });
});
