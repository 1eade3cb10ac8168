import { sql } from 'drizzle-orm';
import { SELLER_ADS_PAGE_SIZE, type SellerAdsPage } from '../../common/schemas/sellers';
import { type AdCardRow, presentCard } from '../ads/presenters';
import { firstImages } from '../ads/queries';
import { type Database, queryRows } from '../db/client';
import { CARD_SCORE_COLUMNS } from '../deals/score';
import { decodePageCursor, pageOf } from '../moderation/page-cursor';
import type { Storage } from '../storage/storage';
import { LISTED } from './profile';

/**
 * One page of a seller's listed ads, newest first, by keyset on (created_at, id) like the other
 * lists. It reads ads_user_created_idx backwards from the cursor and skips the seller's ads that are
 * not listed; a seller has at most a few hundred ads, so no index of its own is needed (yet).
 */
export async function listSellerAds(
  db: Database,
  storage: Storage,
  sellerId: string,
  cursorText: string | undefined,
): Promise<SellerAdsPage> {
  const cursor = decodePageCursor(cursorText, { uuid: true });
  const after = cursor
    ? sql`and (a.created_at, a.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const rows = await queryRows<AdCardRow>(
    db,
    sql`select a.id, a.title, a.category, a.condition, a.price::float8 as price, a.location, a.county,
               a.caliber, a.caliber_id as "caliberId", a.action, a.featured, a.status,
               a.created_at as "createdAt", a.published_at as "publishedAt",
               a.legal_category as "legalCategory",
               a.seller_dealer as "sellerDealer", a.reserved_at is not null as reserved, ${CARD_SCORE_COLUMNS}
        from ads a
        where a.user_id = ${sellerId} and ${LISTED} ${after}
        order by a.created_at desc, a.id desc
        limit ${SELLER_ADS_PAGE_SIZE + 1}`,
  );
  const page = pageOf(rows, SELLER_ADS_PAGE_SIZE, (row) => ({ at: row.createdAt, id: row.id }));
  const images = await firstImages(
    db,
    storage,
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => presentCard(row, images.get(row.id) ?? null)),
    nextCursor: page.nextCursor,
  };
}
