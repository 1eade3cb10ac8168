import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adImages } from '../db/schema/ads';
import { mailDeliveries } from '../db/schema/mail';
import { photoHashes } from '../db/schema/scam';
import { createAd, uploadPhoto } from '../test/ad-factories';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { runMaintenance } from './maintenance';
import { QUEUES } from './queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the maintenance job', () => {
  it('is scheduled hourly on the queue, once for the cluster', async () => {
    const schedules = await ctx.services.queue.boss.getSchedules(QUEUES.maintenance);
    expect(schedules.map((s) => [s.cron, s.timezone])).toEqual([['0 * * * *', 'UTC']]);
  });

  it('collects day-old orphan uploads when its job comes up', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    const image = await uploadPhoto(ctx, client);
    await ctx.database.db.execute(
      sql`update ad_images set created_at = now() - interval '25 hours' where id = ${image.id}`,
    );
    // What the cron does on the hour, done now.
    await ctx.services.queue.boss.send(QUEUES.maintenance, {});
    await expect
      .poll(
        async () => (await ctx.database.db.select().from(adImages).where(eq(adImages.id, image.id))).length,
        { timeout: 10_000 },
      )
      .toBe(0);
  });
});

describe('runMaintenance', () => {
  it('sweeps the temp files of writes a crash interrupted, once older than a quarter of an hour', async () => {
    const dir = path.join(ctx.config.dataDir, 'uploads', 'ads', 'u1', '1700000000000-abc');
    await mkdir(dir, { recursive: true });
    const stale = path.join(dir, '.card.jpg.0123456789ab.tmp');
    const fresh = path.join(dir, '.large.jpg.ba9876543210.tmp');
    await writeFile(stale, 'half');
    await writeFile(fresh, 'half');
    const twentyMinutesAgo = Date.now() / 1000 - 20 * 60;
    await utimes(stale, twentyMinutesAgo, twentyMinutesAgo);

    await runMaintenance(ctx.services);
    expect(await readdir(dir)).toEqual(['.large.jpg.ba9876543210.tmp']);
    await runMaintenance(ctx.services, { interruptedWritesMs: 0 });
    expect(await readdir(path.join(ctx.config.dataDir, 'uploads'))).toEqual([]);
  });

  it('forgets mail deliveries after 30 days', async () => {
    await ctx.database.db.insert(mailDeliveries).values([
      { key: 'old', sentAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) },
      { key: 'recent', sentAt: new Date(Date.now() - 29 * 24 * 3600 * 1000) },
    ]);
    await runMaintenance(ctx.services);
    const keys = (await ctx.database.db.select().from(mailDeliveries)).map((row) => row.key);
    expect(keys).toContain('recent');
    expect(keys).not.toContain('old');
  });

  it('forgets the photo hashes of ads deleted more than 180 days ago, and keeps every other', async () => {
    const owner = await createUser(ctx);
    const kept = await createAd(ctx, owner, { status: 'sold' });
    const hash = (n: number) => ({ imageId: crypto.randomUUID(), userId: owner.id, hash: BigInt(n) });
    const [old, recent, live, unclaimed] = [hash(1), hash(2), hash(3), hash(4)];
    const goneAd = crypto.randomUUID();
    await ctx.database.db.insert(photoHashes).values([
      { ...old, adId: goneAd, goneAt: new Date(Date.now() - 181 * 24 * 3600 * 1000) },
      { ...recent, adId: goneAd, goneAt: new Date(Date.now() - 179 * 24 * 3600 * 1000) },
      // An ad that still exists, ended long ago: it may be renewed, so its hashes stay.
      { ...live, adId: kept.id, createdAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) },
      unclaimed,
    ]);
    await runMaintenance(ctx.services);
    const left = (
      await ctx.database.db.select().from(photoHashes).where(eq(photoHashes.userId, owner.id))
    ).map((row) => row.imageId);
    expect(left.sort()).toEqual([recent.imageId, live.imageId, unclaimed.imageId].sort());
  });
});
