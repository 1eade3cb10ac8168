import { eq } from 'drizzle-orm';
import type { UploadResult } from '../../common/schemas/ads';
import type { Services } from '../app-env';
import { adImages } from '../db/schema/ads';
import { processUpload } from '../images/process-image';
import { newImageKey, writeImageVariants } from '../images/store-image';
import { recordPhotoHash } from '../scam/photo-matching';
import { presentUpload } from './presenters';

/**
 * Checks and converts an uploaded file, records it as the user's unclaimed upload, then stores its
 * variants. A refused file (ImageRejectedError) stores nothing.
 *
 * The row goes first so that no file ever exists without a row naming it: if the process dies while
 * the files are written, the unclaimed row is left behind and the orphan collector (orphans.ts)
 * removes it with whatever files it got. The other order would leave files nothing knows about.
 * The row is invisible until its id is answered, so no ad can claim it before its files exist.
 */
export async function saveUpload(
  deps: Pick<Services, 'db' | 'storage'>,
  userId: string,
  bytes: Buffer,
): Promise<UploadResult> {
  const processed = await processUpload(bytes);
  // The photo's perceptual hash is recorded with its row (issue 30), for the reused-photo check.
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(adImages)
      .values({
        userId,
        storageKey: newImageKey(userId),
        width: processed.width,
        height: processed.height,
      })
      .returning({
        id: adImages.id,
        storageKey: adImages.storageKey,
        width: adImages.width,
        height: adImages.height,
      });
    if (!inserted) throw new Error('insert returned no row');
    if (processed.hash !== null)
      await recordPhotoHash(tx, { imageId: inserted.id, userId, hash: processed.hash });
    return inserted;
  });
  try {
    await writeImageVariants(deps.storage, row.storageKey, processed);
  } catch (err) {
    // The written files are already gone again; the row follows. Should this delete fail too, the
    // row stays unclaimed and the collector takes it.
    await deps.db
      .delete(adImages)
      .where(eq(adImages.id, row.id))
      .catch(() => {});
    throw err;
  }
  return presentUpload(deps.storage, row);
}
