import { type SQL, sql } from 'drizzle-orm';
import {
  PRICE_INSIGHT_MIN_COMPARABLES,
  PRICE_INSIGHT_MONTHS,
  type PriceInsight,
} from '../../common/schemas/price-insight';
import { type Database, preparedRows } from '../db/client';

/** What comparables share: brand and model as typed (ad_match_key evens them out), the caliber's id. */
export type Comparing = {
  brand: string | null;
  model: string | null;
  caliberId: string | null;
  /** The ad whose page asks: it is no comparable of itself. */
  excludeAdId?: string;
};

/**
 * Issue 28: the median price of the ads of the same brand, model and caliber first listed in the last
 * PRICE_INSIGHT_MONTHS months (approved, sold or expired: they were on the market). A sold ad with a
 * deal counts once, at the deal's price, unless its buyer denied the deal (then no sale at that price
 * is known). Null when something to compare by is missing or there are too few comparables, since a
 * median of two ads would mislead more than it tells.
 *
 * ads_price_insight_idx holds every column read here, so this is an index-only scan of the
 * comparables alone; only sold ones look up their deal. It runs on every ad page, prepared once per
 * connection: at a million ads, planning it took longer than running it (10.3 against 4.1 ms).
 */
export async function findPriceInsight(db: Database, comparing: Comparing): Promise<PriceInsight | null> {
  const query = priceInsightQuery(comparing);
  if (!query) return null;
  const [row] = await preparedRows<{ count: number; median: number | null }>(db, 'price-insight', query);
  if (!row || row.count < PRICE_INSIGHT_MIN_COMPARABLES || row.median === null) return null;
  return { median: Math.round(Number(row.median)), count: row.count, months: PRICE_INSIGHT_MONTHS };
}

/** The statement findPriceInsight runs (the bench explains it), or null when there is nothing to compare by. */
export function priceInsightQuery({ brand, model, caliberId, excludeAdId }: Comparing): SQL | null {
  if (!brand || !model || !caliberId) return null;
  return sql`select count(*)::int as count, percentile_cont(0.5) within group (order by c.price) as median
    from (
      select case when a.status = 'sold'
               then coalesce((select d.price from deals d where d.ad_id = a.id and d.denied_at is null), a.price)
               else a.price end as price
        from ads a
       where a.brand_key = ad_match_key(${brand}::text)
         and a.model_key = ad_match_key(${model}::text)
         and a.caliber_id = ${caliberId}
         and a.status in ('approved', 'sold', 'expired')
         and a.brand_key is not null and a.model_key is not null
         and a.first_approved_at >= now() - make_interval(months => ${PRICE_INSIGHT_MONTHS})
         and a.id is distinct from ${excludeAdId ?? null}::uuid
    ) c`;
}
