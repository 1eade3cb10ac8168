import { randomBytes } from 'node:crypto';
import { assertValidStorageKey, type Storage } from '../storage/storage';
import type { ImageVariant, ProcessedImage, VariantFormat, VariantName } from './process-image';

export type ImageUrls = { card: string; cardJpeg: string; large: string; largeJpeg: string };

const FILES: ReadonlyArray<{ name: VariantName; format: VariantFormat; file: string; url: keyof ImageUrls }> =
  [
    { name: 'card', format: 'webp', file: 'card.webp', url: 'card' },
    { name: 'card', format: 'jpeg', file: 'card.jpg', url: 'cardJpeg' },
    { name: 'large', format: 'webp', file: 'large.webp', url: 'large' },
    { name: 'large', format: 'jpeg', file: 'large.jpg', url: 'largeJpeg' },
  ];

/** The files every stored image has under its base key. */
export const IMAGE_FILE_NAMES: readonly string[] = FILES.map((file) => file.file);

const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A fresh base key for a user's image, `ads/{userId}/{timestamp}-{random}`. Chosen before anything
 * is written so that the database can record it first (see saveUpload).
 */
export function newImageKey(userId: string, now: Date = new Date()): string {
  // The user id becomes a path segment, so it must be one segment of safe characters.
  if (!USER_ID_PATTERN.test(userId)) throw new Error('The user id cannot be part of a storage key');
  return `ads/${userId}/${now.getTime()}-${randomBytes(8).toString('hex')}`;
}

/** Writes every variant under `key`, all or nothing (the written ones are deleted again on failure). */
export async function writeImageVariants(
  storage: Storage,
  key: string,
  processed: ProcessedImage,
): Promise<void> {
  const writes = FILES.map((file) => ({ key: `${key}/${file.file}`, variant: findVariant(processed, file) }));
  const results = await Promise.allSettled(
    writes.map(({ key: fileKey, variant }) => storage.put(fileKey, variant.data, variant.contentType)),
  );
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await deleteKeys(
      storage,
      writes.map((write) => write.key),
    );
    throw failure.reason;
  }
}

/** Removes every variant of a stored image; removing one already gone is fine. */
export async function deleteStoredImage(storage: Storage, baseKey: string): Promise<void> {
  const key = trimBaseKey(baseKey);
  await Promise.all(FILES.map((file) => storage.delete(`${key}/${file.file}`)));
}

/** The public URLs of a stored image, so only the base key needs to be kept in the database. */
export function imageUrls(storage: Storage, baseKey: string): ImageUrls {
  const key = trimBaseKey(baseKey);
  const entries = FILES.map((file) => [file.url, storage.publicUrl(`${key}/${file.file}`)] as const);
  return Object.fromEntries(entries) as ImageUrls;
}

function trimBaseKey(baseKey: string): string {
  const key = baseKey.replace(/\/+$/, '');
  assertValidStorageKey(key);
  return key;
}

function findVariant(
  processed: ProcessedImage,
  file: { name: VariantName; format: VariantFormat },
): ImageVariant {
  const variant = processed.variants.find((v) => v.name === file.name && v.format === file.format);
  if (!variant) throw new Error(`The processed image has no ${file.name} ${file.format} variant`);
  return variant;
}

/** Best-effort cleanup: a failing delete must not hide the error that made us clean up. */
async function deleteKeys(storage: Storage, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}
