import type { UploadResult } from '../../common/schemas/ads';
import type { Services } from '../app-env';
import { adImages } from '../db/schema/ads';
import { processUpload } from '../images/process-image';
import { deleteStoredImage, storeProcessedImage } from '../images/store-image';
import { presentUpload } from './presenters';

/**
 * Checks and converts an uploaded file, stores its variants and records it as the user's unclaimed
 * upload. A refused file (ImageRejectedError) stores nothing; a failed insert removes the files.
 */
export async function saveUpload(
  deps: Pick<Services, 'db' | 'storage'>,
  userId: string,
  bytes: Buffer,
): Promise<UploadResult> {
  const processed = await processUpload(bytes);
  const stored = await storeProcessedImage(deps.storage, userId, processed);
  try {
    const [row] = await deps.db
      .insert(adImages)
      .values({ userId, storageKey: stored.key, width: processed.width, height: processed.height })
      .returning({
        id: adImages.id,
        storageKey: adImages.storageKey,
        width: adImages.width,
        height: adImages.height,
      });
    if (!row) throw new Error('insert returned no row');
    return presentUpload(deps.storage, row);
  } catch (err) {
    await deleteStoredImage(deps.storage, stored.key).catch(() => {});
    throw err;
  }
}
