import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Services } from '../app-env';
import { type Database, queryRows } from '../db/client';
import { adImages } from '../db/schema/ads';
import { deleteStoredImage } from '../images/store-image';

export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

type Orphan = { id: string; storage_key: string };

/**
 * Deletes uploads that no ad holds and that are older than `olderThanMs`: uploads never attached,
 * uploads whose files were being written when the process died, and images left behind by a
 * deleted ad or user. Returns how many were collected.
 *
 * Rows and files go in the order that survives a crash at any point: first the rows are made
 * unclaimable (user_id null: no ad can take them any more, so none ends up pointing at deleted
 * files), then the files are deleted, and only then the rows. Dying in between leaves unclaimed
 * rows, which the next run picks up again; a file is never left without a row naming it.
 */
export async function collectOrphanUploads(
  services: Pick<Services, 'db' | 'storage' | 'logger'>,
  olderThanMs: number = ORPHAN_AGE_MS,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  let collected = 0;
  // Rows whose files could not be deleted stay for the next run; this one does not retry them.
  const failed: string[] = [];
  for (;;) {
    const rows = await claimOrphans(services.db, cutoff, failed);
    const deleted: string[] = [];
    for (const row of rows) {
      try {
        await deleteStoredImage(services.storage, row.storage_key);
        deleted.push(row.id);
      } catch (err) {
        failed.push(row.id);
        services.logger.warn({ err, key: row.storage_key }, 'could not delete orphan upload files');
      }
    }
    if (deleted.length > 0) {
      await services.db.delete(adImages).where(and(isNull(adImages.adId), inArray(adImages.id, deleted)));
    }
    collected += deleted.length;
    if (rows.length < BATCH) return collected;
  }
}

/** Takes the next batch of orphans out of reach of ads (rows locked by an ad being saved are skipped). */
function claimOrphans(db: Database, cutoff: string, skip: string[]): Promise<Orphan[]> {
  const notFailed = skip.length
    ? sql`and id not in (${sql.join(
        skip.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<Orphan>(
    db,
    sql`
    update ad_images set user_id = null where id in (
      select id from ad_images
      where ad_id is null and created_at < ${cutoff}::timestamptz ${notFailed}
        -- The photos of an edit waiting for review (issue 26) are claimed when it is approved.
        and not exists (select 1 from ad_revisions r where ad_images.id = any(r.image_ids))
      order by created_at
      limit ${BATCH}
      for update skip locked
    )
    returning id, storage_key`,
  );
}
