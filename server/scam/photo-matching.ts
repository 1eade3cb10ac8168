import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ReusedPhoto } from '../../common/scam/safety';
import { type Database, queryRows } from '../db/client';
import { photoHashes, photoMatches } from '../db/schema/scam';
import { hammingDistance } from './photo-hash';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Two photos at most this many bits apart are taken for one photo (95% of the copies of the photo-pair
 * test set stay within it, distinct photos were 10 bits apart or more; photo-matching.test.ts). The
 * bands find everything within 5 bits, so this stays within what the index is sure to find.
 */
export const PHOTO_MATCH_DISTANCE = 4;
/** A removed (rejected, sold, expired or deleted) ad's photos are compared this long after it ended. */
export const REMOVED_AD_DAYS = 180;

/** The hash's three bands (22, 21 and 21 bits), as the band indexes of migration 0026 compute them. */
export const BANDS = [
  { shift: 42n, bits: 22 },
  { shift: 21n, bits: 21 },
  { shift: 0n, bits: 21 },
] as const;

/**
 * Each band's value and its one-bit neighbours. Two hashes within 5 bits differ by at most one bit on
 * some band (three bands each 2 bits off would be 6 bits), so these probes miss no match.
 */
export function bandProbes(hashes: readonly bigint[]): [number[], number[], number[]] {
  const probes: [number[], number[], number[]] = [[], [], []];
  for (const hash of hashes) {
    const unsigned = BigInt.asUintN(64, hash);
    BANDS.forEach((band, i) => {
      const value = Number((unsigned >> band.shift) & ((1n << BigInt(band.bits)) - 1n));
      probes[i]?.push(value);
      for (let bit = 0; bit < band.bits; bit++) probes[i]?.push(value ^ (1 << bit));
    });
  }
  return probes;
}

/** Stores an upload's hash with it (server/ads/uploads.ts), before any ad claims it. */
export async function recordPhotoHash(tx: Tx, values: { imageId: string; userId: string; hash: bigint }) {
  await tx.insert(photoHashes).values(values).onConflictDoNothing();
}

type Candidate = { image_id: string; ad_id: string; user_id: string; hash: string };

/** The candidates' query: every band probe in one statement, each `= any` walking its band index. */
export function nearPhotosQuery(ownerId: string, hashes: readonly bigint[]): SQL {
  const [b0, b1, b2] = bandProbes(hashes);
  return sql`select c.image_id, c.ad_id, c.user_id, c.hash::text as hash from photo_hashes c
        where c.ad_id is not null and c.user_id <> ${ownerId}
          and (((c.hash >> 42) & 4194303) = any(${sql.raw(`'{${b0.join(',')}}'::bigint[]`)})
            or ((c.hash >> 21) & 2097151) = any(${sql.raw(`'{${b1.join(',')}}'::bigint[]`)})
            or (c.hash & 2097151) = any(${sql.raw(`'{${b2.join(',')}}'::bigint[]`)}))`;
}

/**
 * The photos of other users' ads near any of `hashes`, found through the band indexes: candidates by
 * band, then the exact distance. Eligibility (listed, pending, removed lately) is decided after, on
 * the few that are near.
 */
export async function nearPhotos(
  db: Database | Tx,
  ownerId: string,
  hashes: readonly bigint[],
): Promise<Array<{ queryIndex: number; imageId: string; adId: string; distance: number }>> {
  if (hashes.length === 0) return [];
  const candidates = await queryRows<Candidate>(db as Database, nearPhotosQuery(ownerId, hashes));
  const near: Array<{ queryIndex: number; imageId: string; adId: string; distance: number }> = [];
  for (const candidate of candidates) {
    const hash = BigInt(candidate.hash);
    hashes.forEach((query, queryIndex) => {
      const distance = hammingDistance(query, hash);
      if (distance <= PHOTO_MATCH_DISTANCE)
        near.push({ queryIndex, imageId: candidate.image_id, adId: candidate.ad_id, distance });
    });
  }
  return near;
}

/**
 * When an ad is submitted or edited: its photos are recorded as the ad's, and each is compared with
 * the photos of other users' ads that are listed, pending, or were removed in the last 180 days. The
 * matches replace the ad's previous ones and show in the moderation queue. One's own photos, on any
 * of one's ads, are never a match.
 */
export async function matchAdPhotos(
  tx: Tx,
  ad: { id: string; ownerId: string; imageIds: readonly string[] },
): Promise<void> {
  await tx.delete(photoMatches).where(eq(photoMatches.adId, ad.id));
  if (ad.imageIds.length === 0) return;
  const own = await tx
    .update(photoHashes)
    .set({ adId: ad.id })
    .where(and(inArray(photoHashes.imageId, [...ad.imageIds]), eq(photoHashes.userId, ad.ownerId)))
    .returning({ imageId: photoHashes.imageId, hash: photoHashes.hash });
  const near = await nearPhotos(
    tx,
    ad.ownerId,
    own.map((photo) => photo.hash),
  );
  const otherAds = [...new Set(near.map((match) => match.adId))];
  if (otherAds.length === 0) return;
  const eligible = await queryRows<{ image_id: string; title: string | null }>(
    tx as unknown as Database,
    sql`select ph.image_id, a.title from photo_hashes ph left join ads a on a.id = ph.ad_id
        where ph.image_id = any(${sql.raw(`'{${near.map((m) => m.imageId).join(',')}}'::uuid[]`)})
          and ph.ad_id <> ${ad.id}
          and (a.status in ('approved', 'pending', 'needs_changes')
            or greatest(a.updated_at, a.sold_at, a.expired_at, ph.gone_at)
               > now() - make_interval(days => ${REMOVED_AD_DAYS}))`,
  );
  const titleOf = new Map(eligible.map((row) => [row.image_id, row.title ?? '']));
  const rows = near
    .filter((match) => titleOf.has(match.imageId))
    .map((match) => ({
      adId: ad.id,
      imageId: own[match.queryIndex]?.imageId ?? '',
      otherAdId: match.adId,
      otherImageId: match.imageId,
      otherAdTitle: titleOf.get(match.imageId) ?? '',
      distance: match.distance,
    }));
  if (rows.length > 0) await tx.insert(photoMatches).values(rows).onConflictDoNothing();
}

/** Rows the hourly purge deletes at most per statement, so one pass never holds a long lock. */
const PURGE_BATCH = 5000;

/**
 * The hourly maintenance forgets the hashes of deleted ads' photos REMOVED_AD_DAYS after the deletion:
 * past that they are never compared again (matchAdPhotos), so they would only grow the band indexes.
 * The hashes of ads that still exist (sold, expired, rejected) stay: such an ad can be renewed or
 * resubmitted, and its photos have no other hash; matchAdPhotos leaves them out once ended 180 days.
 */
export async function purgeGonePhotoHashes(db: Database): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await queryRows<{ image_id: string }>(
      db,
      sql`delete from photo_hashes where image_id in (
            select image_id from photo_hashes
            where gone_at < now() - make_interval(days => ${REMOVED_AD_DAYS})
            limit ${PURGE_BATCH})
          returning image_id`,
    );
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
}

/** The reused-photo flags of the queue's ads, each with the other ad (null title: deleted since). */
export async function reusedPhotosOf(db: Database, adIds: string[]): Promise<Map<string, ReusedPhoto[]>> {
  if (adIds.length === 0) return new Map();
  const rows = await queryRows<{
    ad_id: string;
    image_id: string;
    other_ad_id: string;
    other_ad_title: string;
    distance: number;
    exists: boolean;
  }>(
    db,
    sql`select m.ad_id, m.image_id, m.other_ad_id, coalesce(a.title, m.other_ad_title) as other_ad_title,
               m.distance, a.id is not null as exists
        from photo_matches m left join ads a on a.id = m.other_ad_id
        where m.ad_id in (${sql.join(
          adIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by m.ad_id, m.distance, m.other_ad_id`,
  );
  const result = new Map<string, ReusedPhoto[]>();
  for (const row of rows) {
    const list = result.get(row.ad_id) ?? [];
    list.push({
      imageId: row.image_id,
      distance: Number(row.distance),
      otherAd: { id: row.other_ad_id, title: row.exists ? row.other_ad_title : null },
    });
    result.set(row.ad_id, list);
  }
  return result;
}
