import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FavoriteList } from '../../common/schemas/favorites';
import { isUuid } from '../ads/cursor';
import { presentCard } from '../ads/presenters';
import { findAdSubject, firstImages } from '../ads/queries';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { ads } from '../db/schema/ads';
import { favorites } from '../db/schema/interactions';
import { profiles } from '../db/schema/profiles';
import { scoreColumns } from '../deals/score';
import { notFound } from '../errors';
import { enforceRateLimits } from '../http/rate-limit';
import { authorize } from '../policies/policies';
import { displayNameOf } from '../sellers/profile';
import type { Storage } from '../storage/storage';

/** Saving and unsaving, per user: generous for people, a wall for scripts. */
export const FAVORITE_WRITES = { max: 300, windowSeconds: 3600 } as const;
/** The most favorites listed or sent to the heart buttons. */
export const FAVORITES_MAX = 1000;

/**
 * Listed ads, and sold ones (marked sold on their card: issue 26), with an active owner. Rows without
 * an ad are ignored (spec section 3).
 */
const listed = and(
  isNotNull(favorites.adId),
  inArray(ads.status, ['approved', 'sold']),
  eq(profiles.isActive, true),
);

/** The caller's saved ads that are still listed or sold, last saved first, as cards with the seller's name. */
export async function listFavorites(db: Database, storage: Storage, userId: string): Promise<FavoriteList> {
  const rows = await db
    .select({
      favoritedAt: favorites.createdAt,
      ad: {
        id: ads.id,
        title: ads.title,
        category: ads.category,
        condition: ads.condition,
        price: ads.price,
        location: ads.location,
        county: ads.county,
        caliber: ads.caliber,
        caliberId: ads.caliberId,
        action: ads.action,
        featured: ads.featured,
        status: ads.status,
        createdAt: ads.createdAt,
        publishedAt: ads.publishedAt,
        legalCategory: ads.legalCategory,
        sellerDealer: ads.sellerDealer,
        reserved: sql<boolean>`${ads.reservedAt} is not null`,
        sellerRatingCount: scoreColumns(sql`${ads.userId}`).count,
        sellerRatingTotal: scoreColumns(sql`${ads.userId}`).total,
      },
      sellerId: ads.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(favorites)
    .innerJoin(ads, eq(ads.id, favorites.adId))
    .innerJoin(profiles, eq(profiles.id, ads.userId))
    .where(and(eq(favorites.userId, userId), listed))
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(FAVORITES_MAX);
  const images = await firstImages(
    db,
    storage,
    rows.map((row) => row.ad.id),
  );
  return {
    items: rows.map((row) => ({
      ...presentCard(row.ad, images.get(row.ad.id) ?? null),
      seller: { id: row.sellerId, displayName: displayNameOf(row.firstName, row.lastName) },
      favoritedAt: new Date(row.favoritedAt).toISOString(),
    })),
  };
}

/** The ids of the caller's saved ads, for the heart buttons of the cards and the detail page. */
export async function favoriteIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ adId: favorites.adId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), isNotNull(favorites.adId)))
    .orderBy(desc(favorites.createdAt))
    .limit(FAVORITES_MAX);
  return rows.flatMap((row) => (row.adId ? [row.adId] : []));
}

/** How many listed ads the user saved (the Overview's counter). */
export async function countFavorites(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(favorites)
    .innerJoin(ads, eq(ads.id, favorites.adId))
    .innerJoin(profiles, eq(profiles.id, ads.userId))
    .where(and(eq(favorites.userId, userId), listed));
  return Number(row?.n ?? 0);
}

const writeLimit = (db: Database, userId: string) =>
  enforceRateLimits(db, [{ key: `favorite:user:${userId}`, ...FAVORITE_WRITES }]);

/** Saves a listed ad; saving it again changes nothing. */
export async function addFavorite(db: Database, viewer: Viewer | null, adId: string): Promise<void> {
  const ad = await findAdSubject(db, adId);
  if (!ad) throw notFound();
  authorize(viewer, 'ad.favorite', ad);
  await writeLimit(db, viewer.id);
  await db.insert(favorites).values({ userId: viewer.id, adId }).onConflictDoNothing();
}

/** Forgets a saved ad, whatever its status now; forgetting one that is not saved changes nothing. */
export async function removeFavorite(db: Database, viewer: Viewer | null, adId: string): Promise<void> {
  authorize(viewer, 'favorite.remove');
  await writeLimit(db, viewer.id);
  if (!isUuid(adId)) return;
  await db.delete(favorites).where(and(eq(favorites.userId, viewer.id), eq(favorites.adId, adId)));
}
