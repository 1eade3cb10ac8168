import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { REVIEWED_FIELDS, type ReviewedField } from '../../common/ad-edit';
import type { AdImage, MyAds } from '../../common/schemas/ads';
import type { AdStatus } from '../../common/values';
import type { Database } from '../db/client';
import { adImages, adRevisions, ads } from '../db/schema/ads';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { scoreColumns } from '../deals/score';
import type { AdSubject } from '../policies/policies';
import type { Storage } from '../storage/storage';
import { isUuid } from './cursor';
import { type AdDetailRow, presentCard, presentImage } from './presenters';

/** Every column of an ad except the search document. */
export const adColumns = {
  id: ads.id,
  userId: ads.userId,
  title: ads.title,
  description: ads.description,
  category: ads.category,
  subcategory: ads.subcategory,
  condition: ads.condition,
  price: ads.price,
  brand: ads.brand,
  model: ads.model,
  caliber: ads.caliber,
  action: ads.action,
  barrelLength: ads.barrelLength,
  capacity: ads.capacity,
  location: ads.location,
  county: ads.county,
  caliberId: ads.caliberId,
  status: ads.status,
  featured: ads.featured,
  moderationReason: ads.moderationReason,
  createdAt: ads.createdAt,
  updatedAt: ads.updatedAt,
  expiresAt: ads.expiresAt,
  soldAt: ads.soldAt,
  publishedAt: ads.publishedAt,
  legalCategory: ads.legalCategory,
  sellerDealer: ads.sellerDealer,
  // Issue 28: held by an accepted offer; the seller's score (server/deals/score.ts).
  reserved: sql<boolean>`${ads.reservedAt} is not null`,
  sellerRatingCount: scoreColumns(sql`${ads.userId}`).count,
  sellerRatingTotal: scoreColumns(sql`${ads.userId}`).total,
};

/** The values an owner edits and a moderator reviews: adColumns' share named by common/ad-edit.ts. */
export const adValueColumns = Object.fromEntries(
  REVIEWED_FIELDS.map((field) => [field, adColumns[field]]),
) as Pick<typeof adColumns, ReviewedField>;

/**
 * The detail's columns, when it expired (the gone page says since when) and whether it was ever
 * public (an ad never approved is unknown to others, not gone: issue 26).
 */
const foundColumns = { ...adColumns, expiredAt: ads.expiredAt, firstApprovedAt: ads.firstApprovedAt };

export type FoundAd = {
  ad: AdDetailRow & { expiredAt: Date | null; firstApprovedAt: Date | null };
  subject: AdSubject;
  owner: { firstName: string; lastName: string; email: string };
};

/** An ad with its owner, or null for an unknown id (including ids that are not uuids). */
export async function findAd(db: Database, id: string): Promise<FoundAd | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ad: foundColumns,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      isActive: profiles.isActive,
      email: user.email,
    })
    .from(ads)
    .innerJoin(user, eq(user.id, ads.userId))
    .leftJoin(profiles, eq(profiles.id, ads.userId))
    .where(eq(ads.id, id))
    .limit(1);
  if (!row) return null;
  return {
    ad: row.ad,
    subject: {
      userId: row.ad.userId,
      status: row.ad.status as AdStatus,
      ownerActive: row.isActive === true,
      soldAt: row.ad.soldAt,
    },
    owner: { firstName: row.firstName ?? '', lastName: row.lastName ?? '', email: row.email },
  };
}

/** What the policies need to decide on an ad, or null for an unknown id. */
export async function findAdSubject(db: Database, id: string): Promise<AdSubject | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ userId: ads.userId, status: ads.status, isActive: profiles.isActive, soldAt: ads.soldAt })
    .from(ads)
    .leftJoin(profiles, eq(profiles.id, ads.userId))
    .where(eq(ads.id, id))
    .limit(1);
  return row
    ? {
        userId: row.userId,
        status: row.status as AdStatus,
        ownerActive: row.isActive === true,
        soldAt: row.soldAt,
      }
    : null;
}

/** The images of one ad, in display order. */
export async function imagesOfAd(db: Database, storage: Storage, adId: string): Promise<AdImage[]> {
  const rows = await db
    .select({ id: adImages.id, storageKey: adImages.storageKey })
    .from(adImages)
    .where(eq(adImages.adId, adId))
    .orderBy(asc(adImages.position), asc(adImages.createdAt));
  return rows.map((row) => presentImage(storage, row));
}

/** The first image of each of the ads, for cards. */
export async function firstImages(
  db: Database,
  storage: Storage,
  adIds: string[],
): Promise<Map<string, AdImage>> {
  if (adIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([adImages.adId], {
      adId: adImages.adId,
      id: adImages.id,
      storageKey: adImages.storageKey,
    })
    .from(adImages)
    .where(inArray(adImages.adId, adIds))
    .orderBy(adImages.adId, asc(adImages.position), asc(adImages.createdAt));
  return new Map(rows.map((row) => [row.adId as string, presentImage(storage, row)]));
}

/** The dashboard shows this many of an owner's ads at most (the counts still cover all of them). */
export const OWN_ADS_MAX = 500;

/** The owner's dashboard list: every status, newest first, with the total and pending counts. */
export async function listOwnAds(db: Database, storage: Storage, userId: string): Promise<MyAds> {
  const [rows, [counts]] = await Promise.all([
    db
      .select(adColumns)
      .from(ads)
      .where(eq(ads.userId, userId))
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(OWN_ADS_MAX),
    db
      .select({
        total: count(),
        pending: sql<number>`(count(*) filter (where ${ads.status} = 'pending'))::int`,
      })
      .from(ads)
      .where(eq(ads.userId, userId)),
  ]);
  const ids = rows.map((row) => row.id);
  const [images, revisions] = await Promise.all([
    firstImages(db, storage, ids),
    ids.length
      ? db
          .select({
            adId: adRevisions.adId,
            status: adRevisions.status,
            moderationReason: adRevisions.moderationReason,
          })
          .from(adRevisions)
          .where(inArray(adRevisions.adId, ids))
      : [],
  ]);
  const revisionOf = new Map(revisions.map((row) => [row.adId, row]));
  return {
    items: rows.map((row) => {
      const revision = row.status === 'approved' ? revisionOf.get(row.id) : undefined;
      return {
        ...presentCard(row, images.get(row.id) ?? null),
        moderationReason: row.moderationReason,
        expiresAt: row.expiresAt.toISOString(),
        soldAt: row.soldAt?.toISOString() ?? null,
        revision: revision
          ? {
              status: revision.status as 'pending' | 'needs_changes',
              moderationReason: revision.moderationReason,
            }
          : null,
      };
    }),
    counts: { total: Number(counts?.total ?? 0), pending: Number(counts?.pending ?? 0) },
  };
}
