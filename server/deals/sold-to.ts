import { sql } from 'drizzle-orm';
import type { BuyerCandidates, SoldToInput } from '../../common/schemas/deals';
import type { Services } from '../app-env';
import { type Database, queryRows } from '../db/client';
import { deals } from '../db/schema/deals';
import { AppError } from '../errors';
import type { Tx } from '../moderation/audit';
import { displayNameOf } from '../sellers/profile';
import { supersedeOpenOffers } from './offer-steps';

type Deps = Pick<Services, 'db' | 'queue' | 'config'>;

type CandidateRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  accepted_price: number | null;
  last_price: number | null;
};

/**
 * Who "Marchează ca vândut" offers: the people who wrote about the ad (one conversation each), the
 * accepted offer's buyer first with its price, then the most recent conversations, each with their
 * last offer's amount. Never the seller themselves: they cannot write about their own ad.
 */
async function candidateRows(db: Database | Tx, adId: string, onlyBuyer?: string): Promise<CandidateRow[]> {
  return queryRows<CandidateRow>(
    db as Database,
    sql`
    select c.buyer_id as id, p.first_name, p.last_name,
      (select coalesce(o.counter_amount, o.amount) from offers o
        where o.ad_id = c.ad_id and o.buyer_id = c.buyer_id and o.status = 'accepted' limit 1) as accepted_price,
      (select coalesce(o.counter_amount, o.amount) from offers o
        where o.ad_id = c.ad_id and o.buyer_id = c.buyer_id order by o.created_at desc limit 1) as last_price
    from conversations c
    left join profiles p on p.id = c.buyer_id
    where c.ad_id = ${adId} ${onlyBuyer ? sql`and c.buyer_id = ${onlyBuyer}` : sql``}
    order by (select 1 from offers o where o.ad_id = c.ad_id and o.buyer_id = c.buyer_id
      and o.status = 'accepted' limit 1) nulls last, c.last_message_at desc, c.id desc
    limit 100`,
  );
}

export async function buyerCandidates(db: Database, adId: string): Promise<BuyerCandidates> {
  const rows = await candidateRows(db, adId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      displayName: displayNameOf(row.first_name ?? '', row.last_name ?? ''),
      price: row.accepted_price ?? row.last_price,
      accepted: row.accepted_price !== null,
    })),
  };
}

const invalid = (field: string, message: string) =>
  new AppError(400, 'validation_error', `${field}: ${message}`);
const notSellable = () =>
  new AppError(409, 'invalid_transition', 'This ad is no longer in a state that allows this action.');

/**
 * The ad was sold to one of the people who wrote about it: the ad becomes sold (as "outside the
 * site" would make it), its reservation and open offers end, and a deal waits for the buyer to
 * confirm it, in one transaction. The price is the one entered, or the accepted offer's.
 */
export async function sellToBuyer(deps: Deps, adId: string, input: SoldToInput): Promise<{ dealId: string }> {
  return deps.db.transaction(async (tx) => {
    const [ad] = await queryRows<{ id: string; title: string; user_id: string; status: string }>(
      tx as unknown as Database,
      sql`select id, title, user_id, status from ads where id = ${adId} for update`,
    );
    if (!ad || (ad.status !== 'approved' && ad.status !== 'expired')) throw notSellable();
    const [buyer] = await candidateRows(tx, ad.id, input.buyerId);
    if (!buyer || buyer.id === ad.user_id)
      throw invalid('buyerId', 'Choose someone who wrote to you about this ad');
    const price = input.price ?? buyer.accepted_price;
    if (price === null || price === undefined) throw invalid('price', 'Enter the price it was sold for');
    await tx.execute(sql`update ads set status = 'sold', sold_at = now(), featured = false, reserved_at = null
      where id = ${ad.id}`);
    const [deal] = await tx
      .insert(deals)
      .values({
        adId: ad.id,
        adTitle: ad.title,
        sellerId: ad.user_id,
        buyerId: buyer.id,
        price,
        offerId: sql`(select id from offers where ad_id = ${ad.id} and buyer_id = ${buyer.id}
          and status = 'accepted' limit 1)`,
      })
      .returning({ id: deals.id });
    if (!deal) throw new Error('deal insert returned no row');
    await supersedeOpenOffers(deps, tx, ad.id, ad.title, null);
    return { dealId: deal.id };
  });
}
