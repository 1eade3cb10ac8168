// npm run bench:price-insight — an ad page with its price insight (issue 28), at 1 connection.
// Seeds an embedded database (PGlite, kept in BENCH_PGLITE_DIR, default data/bench-price-insight, so a
// second run reuses it) up to BENCH_ADS synthetic ads (default 1,000,000, about 70% listed, each
// brand + model + caliber of the catalogue shared by thousands of them), marks one listed ad in 20
// sold with a deal, then asks the API in-process for BENCH_REQUESTS (500) distinct ad pages of listed
// ads that have a brand, model and caliber (the list cache off), and times the insight query alone.
// Budget: p95 ≤ 25 ms for the ad page. Prints p50/p95/p99 and the EXPLAIN ANALYZE of the insight
// query for the most common comparable group; JSON in bench/results/.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AdDetail } from '../common/schemas/ads';
import { findPriceInsight, priceInsightQuery } from '../server/ads/price-insight';
import { buildApp, createServices } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, openDatabase, queryRows } from '../server/db/client';
import { createLogger } from '../server/logger';
import { seedBenchAds, stats } from './lib/bench-stats';

const TARGET_ADS = Number(process.env.BENCH_ADS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const DIR = process.env.BENCH_PGLITE_DIR ?? 'data/bench-price-insight';
const BUDGET = { adPageP95Ms: 25 };

type Listed = { id: string; brand: string; model: string; caliberId: string };

/** One listed ad in 20 sold to a buyer, once: the median then reads deal prices too. */
async function seedDeals(db: Database): Promise<number> {
  const [present] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from deals`);
  if ((present?.n ?? 0) > 0) return present?.n ?? 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with sold as (
          update ads a set status = 'sold', sold_at = now()
           where a.status = 'approved' and abs(hashtext(a.id::text)) % 20 = 0
          returning a.id, a.title, a.user_id, a.price
        ), made as (
          insert into deals (ad_id, ad_title, seller_id, buyer_id, price, confirmed_at)
          select id, title, user_id,
                 case when user_id = 'seed-user-1' then 'seed-user-2' else 'seed-user-1' end,
                 greatest(1, round(price * 0.9))::int, now()
            from sold
          returning 1
        )
        select count(*)::int as n from made`,
  );
  await db.execute(sql`vacuum analyze`);
  return row?.n ?? 0;
}

mkdirSync(DIR, { recursive: true });
const database = await openDatabase({ kind: 'pglite', dir: DIR });
await database.migrate();
const db = database.db;
const seeding = await seedBenchAds(db, TARGET_ADS);
const dealCount = await seedDeals(db);
const [{ ads = 0 } = {}] = await queryRows<{ ads: number }>(db, sql`select count(*)::int as ads from ads`);
console.log(`${ads} ads, ${dealCount} deals (seeding: ${JSON.stringify(seeding)})`);

const pages = await queryRows<Listed>(
  db,
  sql`select id, brand, model, caliber_id as "caliberId" from ads tablesample system (2) repeatable (7)
       where status = 'approved' and brand_key is not null and model_key is not null and caliber_id is not null
       limit ${REQUESTS}`,
);
const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-price-insight-')),
  LOG_LEVEL: 'silent',
  LIST_CACHE_MS: '0',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
});
const app = buildApp(createServices({ config, database, logger: createLogger('silent') }));

async function adPages() {
  const times: number[] = [];
  let errors = 0;
  let withInsight = 0;
  const counts: number[] = [];
  await app.request(`${config.publicUrl}/api/ads/${pages[0]?.id}`); // warm-up: modules, plans
  for (const page of pages) {
    const started = performance.now();
    const res = await app.request(`${config.publicUrl}/api/ads/${page.id}`);
    const body = (await res.json()) as AdDetail;
    times.push(performance.now() - started);
    if (res.status !== 200) errors += 1;
    else if (body.priceInsight) {
      withInsight += 1;
      counts.push(body.priceInsight.count);
    }
  }
  return { ...stats(times), errors, withInsight, comparables: counts.length ? stats(counts) : null };
}

async function insightAlone() {
  const times: number[] = [];
  for (const page of pages) {
    const started = performance.now();
    await findPriceInsight(db, { ...page, excludeAdId: page.id });
    times.push(performance.now() - started);
  }
  return stats(times);
}

/** The plan for the biggest comparable group: the worst case of the median's read. */
async function explainBiggest(): Promise<string[]> {
  const [group] = await queryRows<{ brand: string; model: string; caliberId: string; n: number }>(
    db,
    sql`select min(brand) as brand, min(model) as model, caliber_id as "caliberId", count(*)::int as n
          from ads where status in ('approved', 'sold', 'expired') and brand_key is not null and model_key is not null
         group by brand_key, model_key, caliber_id order by n desc limit 1`,
  );
  const query = group && priceInsightQuery(group);
  if (!query) return [];
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${query}`);
  return [
    `group: ${group.brand} ${group.model} ${group.caliberId}, ${group.n} comparables`,
    ...rows.map((r) => r['QUERY PLAN']),
  ];
}

const adPage = await adPages();
const alone = await insightAlone();
const plan = await explainBiggest();
console.log('ad page (GET /api/ads/:id, in-process):', JSON.stringify(adPage));
console.log('insight query alone:', JSON.stringify(alone));
console.log(`\nEXPLAIN ANALYZE\n${plan.join('\n')}`);

const met = { adPageP95: adPage.p95 <= BUDGET.adPageP95Ms, zeroErrors: adPage.errors === 0 };
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/price-insight-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(
  file,
  JSON.stringify(
    {
      startedAt: new Date().toISOString(),
      note: process.env.BENCH_NOTE ?? null,
      database: 'pglite',
      ads,
      deals: dealCount,
      machine: { cpus: os.availableParallelism(), node: process.version, loadAverage: os.loadavg() },
      budget: { ...BUDGET, met },
      adPage,
      insightAlone: alone,
      plan,
    },
    null,
    2,
  ),
);
console.log(`\nBudget: ${JSON.stringify(met)}\nWrote ${file}`);
await database.close();
process.exit(Object.values(met).every(Boolean) ? 0 : 1);
