import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

export type SitemapCacheOptions = {
  /** How long a built file is served as it is (crawlers are told max-age=3600 too). */
  ttlMs: number;
  /** The gzipped files kept at most, in bytes: the least recently read go first. */
  maxBytes: number;
  now?: () => number;
};

type Entry = { gz: Buffer; expiresAt: number };

/**
 * Built sitemap files, kept gzipped for their hour (issue 26): a file costs its queries and its
 * compression once an hour however often it is asked for, and requests that arrive while it is being
 * built wait for that one build. Bounded by `maxBytes` (least recently read dropped first); a file
 * dropped early is only built again.
 */
export function createSitemapCache({ ttlMs, maxBytes, now = Date.now }: SitemapCacheOptions) {
  // A Map keeps insertion order: re-inserting on every read makes its first key the least recent.
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.gz.length;
  };

  const store = (key: string, gz: Buffer) => {
    if (gz.length > maxBytes) return;
    drop(key);
    entries.set(key, { gz, expiresAt: now() + ttlMs });
    bytes += gz.length;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  return {
    /** The file under `key`: kept, being built, or built now by `build` (its gzipped bytes). */
    get(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) {
        entries.delete(key);
        entries.set(key, entry);
        return Promise.resolve(entry.gz);
      }
      drop(key);
      const pending = building.get(key);
      if (pending) return pending;
      const built = build()
        .then((gz) => {
          store(key, gz);
          return gz;
        })
        .finally(() => building.delete(key));
      building.set(key, built);
      return built;
    },
    /** What is kept, for tests and the bench. */
    stats: () => ({ files: entries.size, bytes }),
  };
}

/** Gzips text chunks as they come: the whole file is never held uncompressed. */
export async function gzipChunks(chunks: Iterable<string> | AsyncIterable<string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  await pipeline(Readable.from(chunks), createGzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const part of source) parts.push(part);
  });
  return Buffer.concat(parts);
}
