import { and, asc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type AdValues,
  adValuesOf,
  changedFields,
  type EditOutcome,
  editOutcome,
  weaponIdentityChanged,
} from '../../common/ad-edit';
import { DECLARATION_VERSION, isWeaponCategory } from '../../common/legal';
import type { AdInputParsed } from '../../common/schemas/ads';
import type { AdStatus } from '../../common/values';
import type { Services } from '../app-env';
import type { Database } from '../db/client';
import { adDeclarations, adImages, adRevisions, ads } from '../db/schema/ads';
import { AppError, notFound } from '../errors';
import { validationMessage } from '../http/validation';
import { deleteStoredImage } from '../images/store-image';
import type { JobQueue } from '../jobs/queue';
import { recordAction } from '../moderation/audit';
import { recordPriceChange } from '../price-drops/price-drops';
import { matchAdPhotos } from '../scam/photo-matching';
import { adValueColumns } from './queries';
import { SEARCH_VERSION, searchFields } from './search-document';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Deps = Pick<Services, 'db' | 'storage' | 'logger'>;
type EditDeps = Deps & Pick<Services, 'queue'>;

const imageInvalid = () =>
  new AppError(
    400,
    'validation_error',
    validationMessage({ code: 'custom', message: 'imageInvalid', path: ['imageIds'], input: undefined }),
  );

/** PostgreSQL text cannot hold NUL; a pasted one is dropped rather than failing the request. */
const text = (value: string) => value.replaceAll('\u0000', '');
const optionalText = (value: string | null) => (value === null ? null : text(value) || null);

/** The ad's values from the form, as the row stores them (NUL dropped: PostgreSQL text cannot hold it). */
function formValues(input: AdInputParsed): AdValues {
  const values = adValuesOf(input);
  return {
    ...values,
    title: text(values.title),
    description: text(values.description),
    subcategory: optionalText(values.subcategory),
    brand: optionalText(values.brand),
    model: optionalText(values.model),
    caliber: optionalText(values.caliber),
    location: text(values.location),
  };
}

/** The ad's own columns from its values; status, owner and featured are never taken from the client. */
function columnsOf(values: AdValues) {
  return {
    ...values,
    county: values.county as AdInputParsed['county'],
    ...searchFields(values),
    searchVersion: SEARCH_VERSION,
  };
}

/** Who submits, from where: a weapon's declaration is stored with both (issue 12). */
export type Submitter = { id: string; email: string; clientIp: string };

/** Creates the ad for review (always pending) and attaches the owner's uploads in order. */
export async function createAd(deps: Deps, owner: Submitter, input: AdInputParsed): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(ads)
      .values({ ...columnsOf(formValues(input)), userId: owner.id, status: 'pending' })
      .returning({ id: ads.id, title: ads.title });
    if (!created) throw new Error('insert returned no row');
    await setImages(tx, created.id, owner.id, input.imageIds);
    if (isWeaponCategory(input.category)) await recordDeclaration(tx, owner, created, 'pending');
    await matchAdPhotos(tx, { id: created.id, ownerId: owner.id, imageIds: input.imageIds });
    return created.id;
  });
}

/**
 * A weapon's submission carries the seller's declaration: one row with the time and client address,
 * and an audit entry with the seller as the actor, in the same transaction as the ad itself.
 */
async function recordDeclaration(
  tx: Tx,
  owner: Submitter,
  ad: { id: string; title: string },
  statusAfter: AdStatus,
): Promise<void> {
  await tx
    .insert(adDeclarations)
    .values({ adId: ad.id, userId: owner.id, version: DECLARATION_VERSION, clientIp: owner.clientIp });
  await recordAction(tx, owner, {
    action: 'ad.declare',
    targetType: 'ad',
    targetId: ad.id,
    targetLabel: ad.title,
    // Read back as a declaration (version, address) by the audit log: see moderation/audit.ts.
    reason: `${DECLARATION_VERSION}, ${owner.clientIp}`,
    statusBefore: null,
    statusAfter,
  });
}

const declarationRequired = () =>
  new AppError(
    400,
    'validation_error',
    validationMessage({
      code: 'custom',
      message: 'declarationRequired',
      path: ['declaration'],
      input: undefined,
    }),
  );

/**
 * Whether an edit needs the seller's declaration again (issue 26): a weapon whose identity (category,
 * legal category, brand, model, caliber) the edit changes, or that has none on record yet.
 */
async function needsDeclaration(tx: Tx, adId: string, before: AdValues, after: AdValues): Promise<boolean> {
  if (!isWeaponCategory(after.category)) return false;
  if (weaponIdentityChanged(before, after)) return true;
  const [given] = await tx
    .select({ id: adDeclarations.id })
    .from(adDeclarations)
    .where(eq(adDeclarations.adId, adId))
    .limit(1);
  return !given;
}

/** The owner's ad, held until the transaction ends, with its values and images; null if not theirs. */
async function lockOwnAd(tx: Tx, adId: string, ownerId: string) {
  const [row] = await tx
    .select({ ...adValueColumns, status: ads.status })
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.userId, ownerId)))
    .for('update');
  if (!row) return null;
  const images = await tx
    .select({ id: adImages.id })
    .from(adImages)
    .where(eq(adImages.adId, adId))
    .orderBy(asc(adImages.position), asc(adImages.createdAt));
  return {
    ...row,
    price: Number(row.price),
    status: row.status as AdStatus,
    imageIds: images.map((i) => i.id),
  };
}

/**
 * Saves the owner's edit (issue 26). A published ad stays public as approved: a lower price goes live
 * at once, anything else waits as the ad's revision (ad_revisions) for a moderator. An ad that is not
 * public goes back to review in place, as before, losing the moderator's note; created_at stays.
 * Images no longer listed are deleted with their files (files first, see releaseImages) once applied.
 */
export async function updateAd(
  deps: EditDeps,
  adId: string,
  owner: Submitter,
  input: AdInputParsed,
): Promise<EditOutcome> {
  const after = formValues(input);
  const { outcome, removed } = await deps.db.transaction(async (tx) => {
    const current = await lockOwnAd(tx, adId, owner.id);
    if (!current) throw notFound();
    const [revision] = await tx.select().from(adRevisions).where(eq(adRevisions.adId, adId)).for('update');
    // The declaration on record is for the version last submitted: the waiting edit, if any.
    const declare = await needsDeclaration(tx, adId, revision ? revision.fields : current, after);
    if (declare && input.declaration !== true) throw declarationRequired();
    const ad = { id: adId, title: after.title };
    if (current.status !== 'approved') {
      await tx
        .update(ads)
        .set({ ...columnsOf(after), status: 'pending', moderationReason: null, updatedAt: sql`now()` })
        .where(eq(ads.id, adId));
      await tx.delete(adRevisions).where(eq(adRevisions.adId, adId));
      if (declare) await recordDeclaration(tx, owner, ad, 'pending');
      const removed = await setImages(tx, adId, owner.id, input.imageIds);
      await matchAdPhotos(tx, { id: adId, ownerId: owner.id, imageIds: input.imageIds });
      return { outcome: 'resubmit' as const, removed };
    }
    const changed = changedFields(current, { ...after, imageIds: input.imageIds });
    const outcome = editOutcome(current.status, changed, current, after);
    if (outcome === 'live' || outcome === 'liveAndReview') {
      await tx.update(ads).set({ price: after.price, updatedAt: sql`now()` }).where(eq(ads.id, adId));
      await recordPriceChange(deps.queue, tx, {
        adId,
        oldPrice: Number(current.price),
        newPrice: after.price,
      });
    }
    if (outcome === 'review' || outcome === 'liveAndReview') {
      await checkImages(tx, adId, owner.id, input.imageIds);
      const pending = {
        fields: after,
        imageIds: input.imageIds,
        status: 'pending',
        moderationReason: null,
        submittedAt: sql`now()`,
      };
      await tx
        .insert(adRevisions)
        .values({ adId, ...pending })
        .onConflictDoUpdate({ target: adRevisions.adId, set: pending });
      await matchAdPhotos(tx, { id: adId, ownerId: owner.id, imageIds: input.imageIds });
    } else {
      // Back to the public version (or only a lower price): no edit is left waiting.
      await tx.delete(adRevisions).where(eq(adRevisions.adId, adId));
    }
    if (declare) await recordDeclaration(tx, owner, ad, current.status);
    return { outcome, removed: [] };
  });
  await deleteImages(deps, removed);
  return outcome;
}

/** An edit's images must be the owner's, each on this ad already or on none (as setImages claims). */
async function checkImages(tx: Tx, adId: string, ownerId: string, imageIds: string[]): Promise<void> {
  if (new Set(imageIds).size !== imageIds.length) throw imageInvalid();
  if (imageIds.length === 0) return;
  const usable = await tx
    .select({ id: adImages.id })
    .from(adImages)
    .where(
      and(
        inArray(adImages.id, imageIds),
        eq(adImages.userId, ownerId),
        or(isNull(adImages.adId), eq(adImages.adId, adId)),
      ),
    );
  if (usable.length !== imageIds.length) throw imageInvalid();
}

/**
 * Makes the approved revision the ad's public version (server/moderation/revision-moderation.ts):
 * its values, and its images where they can still be claimed (one the owner put on another ad
 * since is left out rather than failing the approval). Returns the images the ad dropped.
 */
export async function applyRevision(
  tx: Tx,
  queue: JobQueue,
  ad: { id: string; userId: string; price: number | string },
  revision: { fields: AdValues; imageIds: string[] },
): Promise<ReleasedImage[]> {
  await tx
    .update(ads)
    .set({ ...columnsOf(revision.fields), updatedAt: sql`now()` })
    .where(eq(ads.id, ad.id));
  await recordPriceChange(queue, tx, {
    adId: ad.id,
    oldPrice: Number(ad.price),
    newPrice: revision.fields.price,
  });
  const claimable = await tx
    .select({ id: adImages.id })
    .from(adImages)
    .where(
      and(
        revision.imageIds.length ? inArray(adImages.id, revision.imageIds) : sql`false`,
        eq(adImages.userId, ad.userId),
        or(isNull(adImages.adId), eq(adImages.adId, ad.id)),
      ),
    );
  const ok = new Set(claimable.map((row) => row.id));
  await tx.delete(adRevisions).where(eq(adRevisions.adId, ad.id));
  return setImages(
    tx,
    ad.id,
    ad.userId,
    revision.imageIds.filter((id) => ok.has(id)),
  );
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

export type ReleasedImage = { id: string; storageKey: string };

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
export async function deleteImages(deps: Deps, images: ReleasedImage[]): Promise<void> {
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
