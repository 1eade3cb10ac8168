import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '../../common/schemas/ads';
import { adImages } from '../db/schema/ads';
import { user as users } from '../db/schema/auth';
import { newImageKey } from '../images/store-image';
import type { Storage } from '../storage/storage';
import { adForm, uploadPhoto } from '../test/ad-factories';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { deleteAd } from './commands';
import { collectOrphanUploads, ORPHAN_AGE_MS } from './orphans';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const VARIANTS = ['card.webp', 'card.jpg', 'large.webp', 'large.jpg'];
async function filesOf(imageId: string): Promise<boolean[] | null> {
  const [row] = await ctx.database.db.select().from(adImages).where(eq(adImages.id, imageId));
  if (!row) return null;
  return Promise.all(VARIANTS.map((file) => ctx.services.storage.exists(`${row.storageKey}/${file}`)));
}
async function keyOf(imageId: string): Promise<string> {
  const [row] = await ctx.database.db.select().from(adImages).where(eq(adImages.id, imageId));
  return row!.storageKey;
}
const backdate = (imageId: string, hours: number) =>
  ctx.database.db.execute(
    sql`update ad_images set created_at = now() - make_interval(hours => ${hours}) where id = ${imageId}`,
  );
const filesExist = (key: string) =>
  Promise.all(VARIANTS.map((file) => ctx.services.storage.exists(`${key}/${file}`)));

describe('collectOrphanUploads', () => {
  it('deletes unattached uploads older than a day with their files, and nothing else', async () => {
    const owner = await createUser(ctx);
    const client = await signedInClient(ctx, owner);
    const old = await uploadPhoto(ctx, client);
    const fresh = await uploadPhoto(ctx, client);
    const attached = await uploadPhoto(ctx, client);
    expect((await client.post('/api/ads', adForm({ imageIds: [attached.id] }))).status).toBe(201);
    await backdate(old.id, 25);
    await backdate(fresh.id, 23);
    await backdate(attached.id, 48);
    const oldKey = await keyOf(old.id);

    expect(await collectOrphanUploads(ctx.services, ORPHAN_AGE_MS)).toBe(1);

    expect(await filesOf(old.id)).toBeNull();
    expect(await filesExist(oldKey)).toEqual([false, false, false, false]);
    expect(await filesOf(fresh.id)).toEqual([true, true, true, true]);
    expect(await filesOf(attached.id)).toEqual([true, true, true, true]);
    // An ad can no longer claim the collected upload.
    const late = await client.post('/api/ads', adForm({ imageIds: [old.id] }));
    expect(late.status).toBe(400);
    expect(await collectOrphanUploads(ctx.services, ORPHAN_AGE_MS)).toBe(0);
  });

  it('collects the images left behind when an account is deleted', async () => {
    const owner = await createUser(ctx);
    const client = await signedInClient(ctx, owner);
    const image = await uploadPhoto(ctx, client);
    const ad = await client.post<AdDetail>('/api/ads', adForm({ imageIds: [image.id] }));
    expect(ad.status).toBe(201);
    const key = await keyOf(image.id);
    await ctx.database.db.delete(users).where(eq(users.id, owner.id));

    const [left] = await ctx.database.db.select().from(adImages).where(eq(adImages.id, image.id));
    expect(left).toMatchObject({ adId: null, userId: null });
    await backdate(image.id, 25);
    expect(await collectOrphanUploads(ctx.services)).toBe(1);
    expect(await filesExist(key)).toEqual([false, false, false, false]);
  });

  it('works through more orphans than one batch', async () => {
    const owner = await createUser(ctx);
    await ctx.database.db.execute(sql`
      insert into ad_images (user_id, storage_key, width, height, created_at)
      select ${owner.id}, 'ads/' || ${owner.id} || '/1-' || lpad(n::text, 16, '0'), 10, 10, now() - interval '2 days'
      from generate_series(1, 450) as n`);
    expect(await collectOrphanUploads(ctx.services)).toBe(450);
  });

  it('collects an upload the process died writing: its row, and the files it got', async () => {
    // saveUpload writes the row first: a crash during the file writes leaves the row and some files.
    const owner = await createUser(ctx);
    const key = newImageKey(owner.id);
    const [row] = await ctx.database.db
      .insert(adImages)
      .values({ userId: owner.id, storageKey: key, width: 800, height: 600 })
      .returning();
    await ctx.services.storage.put(`${key}/card.webp`, Buffer.from('half done'), 'image/webp');
    await ctx.services.storage.put(`${key}/card.jpg`, Buffer.from('half done'), 'image/jpeg');
    await backdate(row!.id, 25);

    expect(await collectOrphanUploads(ctx.services)).toBe(1);
    expect(await filesOf(row!.id)).toBeNull();
    expect(await filesExist(key)).toEqual([false, false, false, false]);
  });

  it('keeps an orphan whose files cannot be deleted, out of reach of ads, for the next run', async () => {
    const owner = await createUser(ctx);
    const client = await signedInClient(ctx, owner);
    const stuck = await uploadPhoto(ctx, client);
    const other = await uploadPhoto(ctx, client);
    await backdate(stuck.id, 25);
    await backdate(other.id, 25);
    const stuckKey = await keyOf(stuck.id);
    const failing: Storage = {
      ...ctx.services.storage,
      delete: async (key) => {
        if (key.startsWith(stuckKey)) throw new Error('disk unavailable');
        await ctx.services.storage.delete(key);
      },
    };

    expect(await collectOrphanUploads({ ...ctx.services, storage: failing })).toBe(1);
    const [left] = await ctx.database.db.select().from(adImages).where(eq(adImages.id, stuck.id));
    expect(left).toMatchObject({ adId: null, userId: null });
    expect(await filesOf(other.id)).toBeNull();
    // Marked for collection, it can no longer be put on an ad (whose images would then vanish).
    expect((await client.post('/api/ads', adForm({ imageIds: [stuck.id] }))).status).toBe(400);

    expect(await collectOrphanUploads(ctx.services)).toBe(1);
    expect(await filesExist(stuckKey)).toEqual([false, false, false, false]);
  });

  it('leaves the rows of a deleted ad whose files could not go to the collector', async () => {
    const owner = await createUser(ctx);
    const client = await signedInClient(ctx, owner);
    const image = await uploadPhoto(ctx, client);
    const ad = await client.post<AdDetail>('/api/ads', adForm({ imageIds: [image.id] }));
    const key = await keyOf(image.id);
    const failing: Storage = {
      ...ctx.services.storage,
      delete: async () => {
        throw new Error('disk unavailable');
      },
    };

    await deleteAd({ ...ctx.services, storage: failing }, ad.body.id);
    // The ad is gone; the image row outlives its files, released (no ad, no owner: nobody can reuse it).
    const [left] = await ctx.database.db.select().from(adImages).where(eq(adImages.id, image.id));
    expect(left).toMatchObject({ adId: null, userId: null });
    expect(await filesExist(key)).toEqual([true, true, true, true]);

    await backdate(image.id, 25);
    expect(await collectOrphanUploads(ctx.services)).toBe(1);
    expect(await filesExist(key)).toEqual([false, false, false, false]);
  });
});
