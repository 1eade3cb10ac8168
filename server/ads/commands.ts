import { and, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AdInputParsed } from '../../common/schemas/ads';
import { canonicalBrand } from '../../common/values';
import type { Services } from '../app-env';
import type { Database } from '../db/client';
import { adImages, ads } from '../db/schema/ads';
import { AppError } from '../errors';
import { validationMessage } from '../http/validation';
import { deleteStoredImage } from '../images/store-image';
import { SEARCH_VERSION, searchFields } from './search-document';

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
  const brand = optionalText(input.brand);
  const own = {
    title: text(input.title),
    description: text(input.description),
    category: input.category,
    subcategory: optionalText(input.subcategory),
    condition: input.condition,
    price: input.price,
    brand: brand === null ? null : canonicalBrand(brand),
    model: optionalText(input.model),
    caliber: optionalText(input.caliber),
    action: input.action,
    barrelLength: input.barrelLength,
    capacity: input.capacity,
    location: text(input.location),
    county: input.county,
  };
  return { ...own, ...searchFields(own), searchVersion: SEARCH_VERSION };
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
 * note; created_at stays. Images no longer listed are deleted with their files (files first, see
 * releaseImages).
 */
export async function updateAd(
  deps: Deps,
  adId: string,
  ownerId: string,
  input: AdInputParsed,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
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
  await deleteImages(deps, removed);
}

/** Deletes the ad, then its images' files, then their rows. */
export async function deleteAd(deps: Deps, adId: string): Promise<void> {
  const images = await deps.db.transaction(async (tx) => {
    const released = await releaseImages(tx, eq(adImages.adId, adId));
    await tx.delete(ads).where(eq(ads.id, adId));
    return released;
  });
  await deleteImages(deps, images);
}

type ReleasedImage = { id: string; storageKey: string };

/**
 * Makes `imageIds` the ad's images, in that order: each must be the owner's and either already on
 * this ad or not on any. Returns the images dropped from the ad, released for deletion.
 */
async function setImages(
  tx: Tx,
  adId: string,
  ownerId: string,
  imageIds: string[],
): Promise<ReleasedImage[]> {
  if (new Set(imageIds).size !== imageIds.length) throw imageInvalid();
  const dropped = await releaseImages(
    tx,
    and(eq(adImages.adId, adId), imageIds.length ? notInArray(adImages.id, imageIds) : undefined),
  );
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
  return dropped;
}

/**
 * Detaches images from their ad and from their owner, so that no ad can claim them again, instead
 * of deleting the rows: the rows must outlive the files. Should the process die before
 * deleteImages is done, they are unclaimed rows that the orphan collector (orphans.ts) finishes.
 */
function releaseImages(tx: Tx, where: SQL | undefined): Promise<ReleasedImage[]> {
  return tx
    .update(adImages)
    .set({ adId: null, userId: null })
    .where(where)
    .returning({ id: adImages.id, storageKey: adImages.storageKey });
}

/**
 * After the transaction: each released image's files, then its row. A file that fails to go is
 * logged, never surfaced to the user; its row stays for the orphan collector to retry.
 */
async function deleteImages(deps: Deps, images: ReleasedImage[]): Promise<void> {
  const results = await Promise.allSettled(
    images.map((image) => deleteStoredImage(deps.storage, image.storageKey)),
  );
  const gone: string[] = [];
  for (const [i, result] of results.entries()) {
    const image = images[i]!;
    if (result.status === 'fulfilled') gone.push(image.id);
    else deps.logger.warn({ err: result.reason, key: image.storageKey }, 'could not delete image files');
  }
  if (gone.length === 0) return;
  await deps.db
    .delete(adImages)
    .where(and(inArray(adImages.id, gone), isNull(adImages.adId)))
    .catch((err: unknown) => deps.logger.warn({ err }, 'could not delete released image rows'));
}
