import { sql } from 'drizzle-orm';
import type { Services } from '../app-env';
import { queryRows } from '../db/client';
import { deleteStoredImage } from '../images/store-image';

export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * Deletes uploads that no ad holds and that are older than `olderThanMs`: uploads never attached,
 * and images left behind by a deleted ad or user. The rows go first (an ad claiming one at the same
 * moment then fails cleanly instead of pointing at deleted files); then the files.
 * Returns how many were collected.
 */
export async function collectOrphanUploads(
  services: Pick<Services, 'db' | 'storage' | 'logger'>,
  olderThanMs: number = ORPHAN_AGE_MS,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  let collected = 0;
  for (;;) {
    const rows = await queryRows<{ storage_key: string }>(
      services.db,
      sql`
      delete from ad_images where id in (
        select id from ad_images
        where ad_id is null and created_at < ${cutoff}::timestamptz
        order by created_at
        limit ${BATCH}
        for update skip locked
      )
      returning storage_key`,
    );
    for (const row of rows) {
      await deleteStoredImage(services.storage, row.storage_key).catch((err: unknown) => {
        services.logger.warn({ err, key: row.storage_key }, 'could not delete orphan upload files');
      });
    }
    collected += rows.length;
    if (rows.length < BATCH) return collected;
  }
}
