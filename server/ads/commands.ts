import { and, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { AdInputParsed } from '../../common/schemas/ads';
import type { Services } from '../app-env';
import type { Database } from '../db/client';
import { adImages, ads } from '../db/schema/ads';
import { AppError } from '../errors';
import { validationMessage } from '../http/validation';
import { deleteStoredImage } from '../images/store-image';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Deps = Pick<Services, 'db' | 'storage' | 'logger'>;

const imageInvalid = () =>
  new AppError(
    400,
    'validation_error',
    validationMessage({ code: 'custom', message: 'imageInvalid', path: ['imageIds'], input: undefined }),
  );

/** PostgreSQL text cannot hold NUL; a pasted one is dropped rather than failing the request. */
const text = (value: string) => value.replaceAll('\u0000', '');
const optionalText = (value: string | null) => (value === null ? null : text(value) || null);

/** The ad's own columns from the form; status, owner and featured are never taken from the client. */
function formColumns(input: AdInputParsed) {
  return {
    title: text(input.title),
    description: text(input.description),
    category: input.category,
    subcategory: optionalText(input.subcategory),
    condition: input.condition,
    price: input.price,
    brand: optionalText(input.brand),
    model: optionalText(input.model),
    caliber: optionalText(input.caliber),
    action: optionalText(input.action),
    barrelLength: input.barrelLength,
    capacity: input.capacity,
    location: text(input.location),
  };
}

/** Creates the ad for review (always pending) and attaches the owner's uploads in order. */
export async function createAd(deps: Deps, ownerId: string, input: AdInputParsed): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(ads)
      .values({ ...formColumns(input), userId: ownerId, status: 'pending' })
      .returning({ id: ads.id });
    if (!created) throw new Error('insert returned no row');
    await setImages(tx, created.id, ownerId, input.imageIds);
    return created.id;
  });
}

/**
 * Replaces the ad's fields and image list. The ad goes back to review and loses the moderator's
 * note; created_at stays. Images no longer listed are deleted with their files.
 */
export async function updateAd(
  deps: Deps,
  adId: string,
  ownerId: string,
  input: AdInputParsed,
): Promise<void> {
  const removedKeys = await deps.db.transaction(async (tx) => {
    await tx
      .update(ads)
      .set({
        ...formColumns(input),
        status: 'pending',
        moderationReason: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(ads.id, adId), eq(ads.userId, ownerId)));
    return setImages(tx, adId, ownerId, input.imageIds);
  });
  await deleteFiles(deps, removedKeys);
}

/** Deletes the ad, its image rows and then their files. */
export async function deleteAd(deps: Deps, adId: string): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(adImages)
      .where(eq(adImages.adId, adId))
      .returning({ storageKey: adImages.storageKey });
    await tx.delete(ads).where(eq(ads.id, adId));
    return removed.map((row) => row.storageKey);
  });
  await deleteFiles(deps, keys);
}

/**
 * Makes `imageIds` the ad's images, in that order: each must be the owner's and either already on
 * this ad or not on any. Returns the storage keys of the images dropped from the ad (rows deleted).
 */
async function setImages(tx: Tx, adId: string, ownerId: string, imageIds: string[]): Promise<string[]> {
  if (new Set(imageIds).size !== imageIds.length) throw imageInvalid();
  const dropped = await tx
    .delete(adImages)
    .where(and(eq(adImages.adId, adId), imageIds.length ? notInArray(adImages.id, imageIds) : undefined))
    .returning({ storageKey: adImages.storageKey });
  for (const [position, id] of imageIds.entries()) {
    const claimed = await tx
      .update(adImages)
      .set({ adId, position })
      .where(
        and(
          eq(adImages.id, id),
          eq(adImages.userId, ownerId),
          or(isNull(adImages.adId), eq(adImages.adId, adId)),
        ),
      )
      .returning({ id: adImages.id });
    if (claimed.length === 0) throw imageInvalid();
  }
  return dropped.map((row) => row.storageKey);
}

/** After the rows are gone: a file that fails to go is logged, never surfaced to the user. */
async function deleteFiles(deps: Deps, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deleteStoredImage(deps.storage, key)));
  for (const [i, result] of results.entries()) {
    if (result.status === 'rejected') {
      deps.logger.warn({ err: result.reason, key: keys[i] }, 'could not delete image files');
    }
  }
}
