import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adImages } from './db/schema/ads';
import { startMaintenance } from './jobs';
import { uploadPhoto } from './test/ad-factories';
import { createUser, signedInClient } from './test/factories';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('startMaintenance', () => {
  it('collects day-old orphan uploads on its timer, and stops', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    const image = await uploadPhoto(ctx, client);
    await ctx.database.db.execute(
      sql`update ad_images set created_at = now() - interval '25 hours' where id = ${image.id}`,
    );
    const stop = startMaintenance(ctx.services, 20);
    try {
      await expect
        .poll(
          async () => (await ctx.database.db.select().from(adImages).where(eq(adImages.id, image.id))).length,
          {
            timeout: 5000,
          },
        )
        .toBe(0);
    } finally {
      stop();
    }
  });
});
