import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../server/db/client';

// bench:deals' data on top of the synthetic ads (bench-stats.ts seedBenchAds), by SQL only, once
// (a second run finds the bench sellers and keeps what is there).

/** Sellers with a skewed share of the ads: seller k of SELLERS holds about (k/S)^(1/3) - ((k-1)/S)^(1/3). */
export const BENCH_SELLERS = 5_000;
/** Buyers: the other side of the deals, and those who keep the fan-out's ad in favorites. */
export const BENCH_BUYERS = 50_000;
/** The share of ads (per cent) handed to the bench sellers, most of their listed ones then sold. */
const REASSIGNED_PERCENT = 35;
/** Of a bench seller's listed ads, the share (per cent) sold with a deal: about 200,000 deals in all. */
const SOLD_PERCENT = 71;

/** A stable number in [0, n) from a row's uuid and a salt. */
const hashOf = (column: string, salt: string, n: number) =>
  sql.raw(`(abs(hashtext(${column}::text || '${salt}')) % ${n})`);

export async function seedDealsData(db: Database, log: (line: string) => void) {
  const [done] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from profiles where id = 'bench-seller-1'`,
  );
  if ((done?.n ?? 0) > 0) {
    // A database seeded before spreadRatingTimes existed: many ratings at one instant.
    const [ties] = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(max(n), 0)::int as n from (select count(*) as n from ratings group by created_at) t`,
    );
    if ((ties?.n ?? 0) <= 20) return { seeded: false };
    const t = Date.now();
    await db.execute(spreadRatingTimes);
    await db.execute(sql`vacuum analyze ratings`);
    log(`  rating times spread: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return { seeded: false, ratingTimesSpread: true };
  }
  const started = Date.now();
  // One transaction: a run stopped halfway leaves nothing, and the next one starts over.
  await db.transaction(async (tx) => {
    const step = async (label: string, query: ReturnType<typeof sql>) => {
      const t = Date.now();
      await tx.execute(query);
      log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    // Accounts made over three years, so that "member since" and the new-account mark vary.
    for (const [kind, count] of [
      ['seller', BENCH_SELLERS],
      ['buyer', BENCH_BUYERS],
    ] as const) {
      await step(
        `${count} ${kind}s`,
        sql`insert into "user" (id, name, email, email_verified, role, created_at)
          select ${`bench-${kind}-`} || g, 'Bench ' || g, ${`bench-${kind}-`} || g || '@seed.armamarket.ro', true, 'user',
                 now() - make_interval(days => 30 + (hashint4(g) & 1023))
          from generate_series(1, ${count}) g on conflict do nothing`,
      );
      await step(
        `${kind} profiles`,
        sql`insert into profiles (id, first_name, last_name, locale, created_at)
          select ${`bench-${kind}-`} || g, 'Bench', 'Nr. ' || g, case when g % 10 = 0 then 'en' else 'ro' end,
                 now() - make_interval(days => 30 + (hashint4(g) & 1023))
          from generate_series(1, ${count}) g on conflict do nothing`,
      );
    }
    // A third of the ads change hands to the skewed sellers (a few with tens of thousands of ads, most
    // with a dozen), and most of their listed ones are sold, at some date after they were posted.
    await step(
      `ads to bench sellers (${REASSIGNED_PERCENT}%), sold (${SOLD_PERCENT}% of their listed)`,
      sql`update ads a set
          user_id = 'bench-seller-' || (1 + floor(${BENCH_SELLERS} * power(${hashOf('a.id', 'u', 1_000_000)} / 1000000.0, 3)))::int,
          status = case when a.status = 'approved' and ${hashOf('a.id', 's', 100)} < ${SOLD_PERCENT} then 'sold' else a.status end,
          sold_at = case when a.status = 'approved' and ${hashOf('a.id', 's', 100)} < ${SOLD_PERCENT}
            then least(now() - interval '1 hour', a.created_at + make_interval(days => 1 + ${hashOf('a.id', 'd', 40)})) else a.sold_at end
        where ${hashOf('a.id', 'r', 100)} < ${REASSIGNED_PERCENT}`,
    );
    // On a database bench:price-insight did not seed: its deals first (one listed ad in 20 sold), so
    // that both databases hold the same.
    const [deals] = await queryRows<{ n: number }>(
      tx as unknown as Database,
      sql`select count(*)::int as n from deals`,
    );
    if ((deals?.n ?? 0) === 0)
      await step(
        "bench:price-insight's deals",
        sql`with sold as (
            update ads a set status = 'sold', sold_at = now()
            where a.status = 'approved' and abs(hashtext(a.id::text)) % 20 = 0
            returning a.id, a.title, a.user_id, a.price
          )
          insert into deals (ad_id, ad_title, seller_id, buyer_id, price, confirmed_at)
          select id, title, user_id, 'bench-buyer-1', greatest(1, round(price * 0.9))::int, now() from sold`,
      );
    // Deals already there (bench:price-insight's) follow their ad's owner and get varied buyers.
    await step(
      'existing deals follow their ads',
      sql`update deals d set seller_id = a.user_id,
          buyer_id = 'bench-buyer-' || (1 + ${hashOf('d.id', 'b', BENCH_BUYERS)})
        from ads a where a.id = d.ad_id`,
    );
    // One deal per sold ad: 97% confirmed a day later, 1% denied, 2% still waiting for the buyer.
    await step(
      'deals',
      sql`insert into deals (ad_id, ad_title, seller_id, buyer_id, price, created_at, confirmed_at, denied_at)
        select a.id, a.title, a.user_id,
               'bench-buyer-' || (1 + floor(${BENCH_BUYERS} * power(${hashOf('a.id', 'b', 1_000_000)} / 1000000.0, 2)))::int,
               greatest(1, round(a.price * 0.93))::int, a.sold_at,
               case when ${hashOf('a.id', 'c', 100)} < 97 then least(now(), a.sold_at + interval '1 day') end,
               case when ${hashOf('a.id', 'c', 100)} = 97 then least(now(), a.sold_at + interval '1 day') end
        from ads a where a.status = 'sold' and a.sold_at is not null
          and not exists (select 1 from deals d where d.ad_id = a.id)`,
    );
    // About 1.5 ratings a confirmed deal: the buyer rates the seller (88%), the seller the buyer
    // (67%). Both given: revealed; one only: revealed once the 30 days are over. 1.5% hidden.
    await step(
      'ratings',
      sql`with d as (
          select d.*, ${hashOf('d.id', 'x', 100)} < 88 as buyer_rates, ${hashOf('d.id', 'y', 100)} < 67 as seller_rates
          from deals d where d.confirmed_at is not null
        ), sides as (
          select d.id as deal_id, d.buyer_id as rater_id, d.seller_id as rated_id, 'seller' as rated_role,
                 d.confirmed_at, d.buyer_rates and d.seller_rates as both_rated, 1 as side
          from d where d.buyer_rates
          union all
          select d.id, d.seller_id, d.buyer_id, 'buyer', d.confirmed_at, d.buyer_rates and d.seller_rates, 2
          from d where d.seller_rates
        ), s as (
          select sides.*, abs(hashtext(deal_id::text || side)) % 1000 as h,
                 least(now(), confirmed_at + make_interval(hours => 1 + abs(hashtext(deal_id::text || side || 't')) % 500)) as rated_at
          from sides
        )
        insert into ratings (deal_id, rater_id, rated_id, rated_role, stars, comment, created_at, revealed_at,
          reply, replied_at, hidden_at, hidden_reason)
        select deal_id, rater_id, rated_id, rated_role,
               case when h < 700 then 5 when h < 850 then 4 when h < 920 then 3 when h < 960 then 2 else 1 end,
               case when h % 5 < 3 then 'Tranzacție corectă, predare conform anunțului. Recomand.' end,
               rated_at,
               case when both_rated then rated_at + interval '2 hours'
                    when confirmed_at < now() - interval '30 days' then confirmed_at + interval '30 days' end,
               case when h % 10 = 7 and (both_rated or confirmed_at < now() - interval '30 days') then 'Mulțumesc!' end,
               case when h % 10 = 7 and (both_rated or confirmed_at < now() - interval '30 days') then rated_at + interval '1 day' end,
               case when h % 67 = 3 then rated_at + interval '3 days' end,
               case when h % 67 = 3 then 'Limbaj nepotrivit' end
        from s`,
    );
    await step('rating times', spreadRatingTimes);
    await step(
      'rating summaries',
      sql`insert into rating_summaries (user_id, count, total)
        select rated_id, count(*)::int, sum(stars)::int from ratings
        where revealed_at is not null and hidden_at is null group by rated_id
        on conflict (user_id) do update set count = excluded.count, total = excluded.total`,
    );
  });
  const t = Date.now();
  await db.execute(sql`vacuum analyze`);
  log(`  vacuum analyze: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return { seeded: true, seconds: (Date.now() - started) / 1000 };
}

/**
 * Each rating at its own instant between its deal's confirmation and now (at most 21 days after it),
 * its reveal, reply and hiding after it: the ratings list reads a seller's newest in created_at
 * order, and thousands of ratings at one instant (deals confirmed as the database was seeded) would
 * make it sort them all.
 */
const spreadRatingTimes = sql`
  update ratings r set
    created_at = t.at,
    revealed_at = case when r.revealed_at is not null then least(now(), t.at + interval '2 hours') end,
    replied_at = case when r.replied_at is not null then least(now(), t.at + interval '1 day') end,
    hidden_at = case when r.hidden_at is not null then least(now(), t.at + interval '3 days') end
  from (
    select r2.id, d.confirmed_at + (least(now(), d.confirmed_at + interval '21 days') - d.confirmed_at)
             * ((abs(hashtext(r2.id::text)) % 1000000) / 1000000.0) as at
    from ratings r2 join deals d on d.id = r2.deal_id
  ) t
  where t.id = r.id`;

/**
 * The fan-out's ad: a listed ad of a bench seller kept in favorites by FANS buyers (bench-buyer-1..),
 * its favorites added once. Returns its id and price.
 */
export async function fanOutAd(db: Database, fans: number): Promise<{ id: string; price: number }> {
  const [ad] = await queryRows<{ id: string; price: number }>(
    db,
    sql`select id, price::float8 as price from ads
        where status = 'approved' and owner_active and user_id like 'bench-seller-%' and price >= 1000
        order by id limit 1`,
  );
  if (!ad) throw new Error('no listed ad of a bench seller');
  await db.execute(sql`insert into favorites (user_id, ad_id, created_at)
    select 'bench-buyer-' || g, ${ad.id}::uuid, now() - make_interval(hours => g % 2000)
    from generate_series(1, ${fans}) g on conflict do nothing`);
  return ad;
}
