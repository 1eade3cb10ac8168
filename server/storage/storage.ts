/** One stored file as read back. */
export type StoredObject = { data: Buffer; contentType: string };

/**
 * Where uploaded files live. The local-disk driver implements it today; an S3-compatible
 * driver can implement the same five calls later without the callers changing (and leave out
 * the optional housekeeping one).
 */
export type Storage = {
  /** Writes the whole file or nothing: a reader never sees half a file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The URL the browser loads the file from. */
  publicUrl(key: string): string;
  /**
   * Removes what writes interrupted by a crash left behind (the local-disk driver's temp files)
   * once older than `olderThanMs`; returns how many. A store whose writes are atomic on their own,
   * like S3's PUT, has nothing to sweep and leaves this out.
   */
  sweepInterruptedWrites?(olderThanMs: number): Promise<number>;
};

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

const MAX_KEY_LENGTH = 512;
const KEY_PATTERN = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/**
 * Keys are relative paths of safe characters. A segment may not start with a dot, which rules out
 * `.` and `..` and keeps the drivers' hidden temp files out of reach of any key.
 */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  if (!KEY_PATTERN.test(key) || key.includes('..')) return false;
  return key.split('/').every((segment) => !segment.startsWith('.'));
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type a key's extension stands for; unknown extensions are served as opaque bytes. */
export function contentTypeForKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot < 0) return 'application/octet-stream';
  return CONTENT_TYPES[name.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream';
}
