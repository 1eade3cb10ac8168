import { eq, sql } from 'drizzle-orm';
import type { Overview } from '../../common/schemas/overview';
import type { Database } from '../db/client';
import { ads } from '../db/schema/ads';
import { unreadMessages } from './conversations';
import { countFavorites } from './favorites';

/** The dashboard's Overview counters for one user, in one round of queries. */
export async function loadOverview(db: Database, userId: string): Promise<Overview> {
  const [[listings], unread, favorites] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where ${ads.status} = 'pending'))::int`,
      })
      .from(ads)
      .where(eq(ads.userId, userId)),
    unreadMessages(db, userId),
    countFavorites(db, userId),
  ]);
  return {
    totalListings: Number(listings?.total ?? 0),
    pendingReview: Number(listings?.pending ?? 0),
    unreadMessages: unread,
    favorites,
  };
}
