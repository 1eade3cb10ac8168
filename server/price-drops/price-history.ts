import { sql } from 'drizzle-orm';
import { PRICE_HISTORY_SHOWN } from '../../common/limits';
import type { AdDetail } from '../../common/schemas/ads';
import { type Database, queryRows } from '../db/client';

/** The ad's latest public price changes, newest first (issue 28; one index range, ad_price_changes_ad_idx). */
export async function priceHistoryOf(db: Database, adId: string): Promise<AdDetail['priceHistory']> {
  const rows = await queryRows<{ from: number; to: number; at: string }>(
    db,
    sql`select old_price::float8 as "from", new_price::float8 as "to", changed_at as "at"
        from ad_price_changes where ad_id = ${adId}
        order by changed_at desc, id desc limit ${PRICE_HISTORY_SHOWN}`,
  );
  return rows.map((row) => ({ from: row.from, to: row.to, at: new Date(row.at).toISOString() }));
}
