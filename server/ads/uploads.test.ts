import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adImages } from '../db/schema/ads';
import type { Storage } from '../storage/storage';
import { testPhoto } from '../test/ad-factories';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { saveUpload } from './uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('saveUpload', () => {
  it('records the row before any file is written', async () => {
    const owner = await createUser(ctx);
    const rowsSeenByPut: number[] = [];
    const watching: Storage = {
      ...ctx.services.storage,
      put: async (key, data, contentType) => {
        const base = key.slice(0, key.lastIndexOf('/'));
        const rows = await ctx.database.db.select().from(adImages).where(eq(adImages.storageKey, base));
        rowsSeenByPut.push(rows.length);
        await ctx.services.storage.put(key, data, contentType);
      },
    };

    const saved = await saveUpload({ db: ctx.database.db, storage: watching }, owner.id, await testPhoto());

    expect(rowsSeenByPut).toEqual([1, 1, 1, 1]);
    const [row] = await ctx.database.db.select().from(adImages).where(eq(adImages.id, saved.id));
    expect(row).toMatchObject({ userId: owner.id, adId: null, width: 800, height: 600 });
  });

  it('removes the row and the written files when a write fails', async () => {
    const owner = await createUser(ctx);
    const written: string[] = [];
    const failing: Storage = {
      ...ctx.services.storage,
      put: async (key, data, contentType) => {
        if (key.endsWith('large.webp')) throw new Error('disk full');
        await ctx.services.storage.put(key, data, contentType);
        written.push(key);
      },
    };

    await expect(
      saveUpload({ db: ctx.database.db, storage: failing }, owner.id, await testPhoto()),
    ).rejects.toThrow('disk full');

    expect(await ctx.database.db.select().from(adImages).where(eq(adImages.userId, owner.id))).toEqual([]);
    expect(written.length).toBeGreaterThan(0);
    for (const key of written) expect(await ctx.services.storage.exists(key), key).toBe(false);
  });
});
