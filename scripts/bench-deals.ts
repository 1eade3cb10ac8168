// npm run bench:deals — issue 28's budgets at 1 connection: the seller page with its ratings, an ad
// page with its price insight, and the fan-out of a price drop to 5,000 favoriting users.
// PGlite by default (kept in BENCH_PGLITE_DIR, default data/bench-deals: a copy of
// data/bench-price-insight will do, a second run reuses it), PostgreSQL when DATABASE_URL is set.
// Seeds BENCH_ADS synthetic ads (1,000,000), then by SQL (scripts/lib/bench-deals-seed.ts) 5,000
// skewed sellers and 50,000 buyers, about 200,000 deals and 300,000 ratings (both sides, some hidden,
// some waiting for the other side). Asks the API in-process (app.request) for BENCH_REQUESTS (1,000)
// seller pages (profile, ratings, ads: owners of random ads, so busy sellers come up as often as
// visitors would find them) and ad pages (random listed ads): a first sample warms the database up
// (reported apart: a server that has just started), a second is measured with the list cache off,
// a third with it on (LIST_CACHE_MS 5000). Each page's slowest statement gets its EXPLAIN (ANALYZE, BUFFERS).
// The fan-out: a listed ad kept in favorites by 5,000 buyers gets 10% cheaper and fanOutPriceDrop
// runs to its commit (notices and one pg-boss job per person; no worker runs, no mail leaves).
// Budgets: seller page and ad page p95 ≤ 25 ms, fan-out ≤ 2 s. JSON in bench/results/.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, createServices } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows } from '../server/db/client';
import { QUEUES } from '../server/jobs/queue';
import { createLogger } from '../server/logger';
import { fanOutPriceDrop } from '../server/price-drops/price-drops';
import { ensureDatabase } from './lib/bench-database';
import { fanOutAd, seedDealsData } from './lib/bench-deals-seed';
import { seedBenchAds, stats } from './lib/bench-stats';

const TARGET_ADS = Number(process.env.BENCH_ADS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const FANS = Number(process.env.BENCH_FANS ?? 5000);
const FAN_OUT_RUNS = Number(process.env.BENCH_FAN_OUT_RUNS ?? 5);
const DIR = process.env.BENCH_PGLITE_DIR ?? 'data/bench-deals';
const URL_ = process.env.DATABASE_URL;
const BUDGET = { sellerPageP95Ms: 25, adPageP95Ms: 25, fanOutMs: 2000 };

// Every statement with its parameters and duration, to find and EXPLAIN a page's slowest one.
type Statement = { text: string; params: unknown[]; ms: number };
let recording: Statement[] | null = null;
function record(text: string, params: unknown, ms: number) {
  recording?.push({ text, params: Array.isArray(params) ? params : [], ms });
}
const pgliteQuery = PGlite.prototype.query;
PGlite.prototype.query = async function (this: PGlite, ...args: Parameters<PGlite['query']>) {
  const started = performance.now();
  const result = await pgliteQuery.apply(this, args);
  record(args[0], args[1], performance.now() - started);
  return result;
} as PGlite['query'];
// node-postgres: every statement goes through a client (the pool's, a transaction's), some with a callback.
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const clientQuery = pg.Client.prototype.query as unknown as Query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const started = performance.now();
  const first = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : first?.text;
  const params = Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first?.values : [];
  const done = () => record(text, params, performance.now() - started);
  const callback = args.findIndex((arg) => typeof arg === 'function');
  if (callback >= 0) {
    const given = args[callback] as (...a: unknown[]) => void;
    args[callback] = (...a: unknown[]) => {
      done();
      given(...a);
    };
    return clientQuery.apply(this, args);
  }
  const result = clientQuery.apply(this, args) as Promise<unknown> | undefined;
  if (!result || typeof result.then !== 'function') return result;
  return result.then((rows) => {
    done();
    return rows;
  });
} as unknown as typeof pg.Client.prototype.query;

if (URL_) await ensureDatabase(URL_);
else mkdirSync(DIR, { recursive: true });
const database = await openDatabase(
  URL_ ? { kind: 'pg', url: URL_, poolSize: 1 } : { kind: 'pglite', dir: DIR },
);
await database.migrate();
const db = database.db;
const seedingAds = await seedBenchAds(db, TARGET_ADS);
const seedingDeals = await seedDealsData(db, (line) => console.log(line));
const [sizes] = await queryRows<Record<string, number>>(
  db,
  sql`select (select count(*)::int from ads) as ads, (select count(*)::int from deals) as deals,
    (select count(*)::int from ratings) as ratings,
    (select count(*)::int from ratings where hidden_at is not null) as "hiddenRatings",
    (select count(*)::int from ratings where revealed_at is null) as "unrevealedRatings",
    (select count(*)::int from rating_summaries) as "ratedPeople",
    (select max(count)::int from rating_summaries) as "mostRatings",
    (select count(*)::int from rating_summaries where count >= 1000) as "peopleWith1000Ratings",
    (select count(*)::int from rating_summaries where count < 10) as "peopleUnder10Ratings"`,
);
console.log('sizes', JSON.stringify(sizes), 'seeding', JSON.stringify({ seedingAds, seedingDeals }));

// Visitors reach sellers through their ads: owners of random ads (listed or sold), repeats kept.
// Three samples: one to warm the database up (a server that has been running), one per measured run.
async function sample(seed: number) {
  const sellers = await queryRows<{ id: string }>(
    db,
    sql`select user_id as id from ads tablesample system (1) repeatable (${seed})
        where status in ('approved', 'sold') order by random() limit ${REQUESTS}`,
  );
  const ads = await queryRows<{ id: string }>(
    db,
    sql`select id from ads tablesample system (1) repeatable (${seed + 1})
        where status = 'approved' and owner_active order by random() limit ${REQUESTS}`,
  );
  return { sellers: sellers.map((row) => row.id), adIds: ads.map((row) => row.id) };
}
const samples = { warmUp: await sample(11), off: await sample(13), on: await sample(17) };

function appWith(listCacheMs: string) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-deals-')),
    LOG_LEVEL: 'silent',
    LIST_CACHE_MS: listCacheMs,
    QUEUE_SCHEDULES: 'off',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  });
  const services = createServices({ config, database, logger: createLogger('silent') });
  return { config, services, app: buildApp(services) };
}

/** Per statement text, the run's slowest instance (its time counts any wait behind the page's other statements). */
/**
 * `cpu`: this process's CPU time per request, which on PGlite (in this thread) is the work itself,
 * whatever else the machine runs; wall time is what the budget counts.
 */
type Run = {
  times: number[];
  cpu: number[];
  errors: number;
  statements: Map<string, Statement & { n: number }>;
};
const newRun = (): Run => ({ times: [], cpu: [], errors: 0, statements: new Map() });
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** One GET, timed, into `run`; the statements it ran are searched for the run's slowest. */
async function timed(app: ReturnType<typeof appWith>['app'], url: string, run: Run) {
  recording = [];
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const res = await app.request(url);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  for (const statement of recording) {
    const seen = run.statements.get(statement.text);
    if (!seen || statement.ms > seen.ms)
      run.statements.set(statement.text, { ...statement, n: (seen?.n ?? 0) + 1 });
    else seen.n += 1;
  }
  recording = null;
  run.times.push(ms);
  run.cpu.push(cpuMs(cpuStarted));
  if (res.status !== 200) run.errors += 1;
  return ms;
}

async function measure(listCacheMs: string, { sellers, adIds }: { sellers: string[]; adIds: string[] }) {
  const { config, app } = appWith(listCacheMs);
  const base = config.publicUrl;
  const runs = {
    profile: newRun(),
    ratings: newRun(),
    ads: newRun(),
    sellerPage: newRun(),
    adPage: newRun(),
  };
  await app.request(`${base}/api/sellers/${sellers[0]}/ratings`); // warm-up: modules, plans
  await app.request(`${base}/api/ads/${adIds[0]}`);
  for (const id of sellers) {
    const seller = `${base}/api/sellers/${encodeURIComponent(id)}`;
    const total =
      (await timed(app, seller, runs.profile)) +
      (await timed(app, `${seller}/ratings`, runs.ratings)) +
      (await timed(app, `${seller}/ads`, runs.ads));
    runs.sellerPage.times.push(total);
  }
  for (const id of adIds) await timed(app, `${base}/api/ads/${id}`, runs.adPage);
  return Object.fromEntries(
    Object.entries(runs).map(([name, run]) => [
      name,
      {
        ...stats(run.times),
        cpu: run.cpu.length ? stats(run.cpu) : null,
        errors: run.errors,
        statements: [...run.statements.values()],
      },
    ]),
  );
}

async function explainOne(statement: Statement): Promise<string[]> {
  const text = `explain (analyze, buffers) ${statement.text}`;
  if (URL_) {
    // A connection of its own with the serving pool's planner settings (client.ts PLANNER_SETTINGS).
    const client = new pg.Client({ connectionString: URL_ });
    await client.connect();
    await client.query('set random_page_cost = 1.1; set jit = off; set max_parallel_workers_per_gather = 0');
    const rows = (await client.query(text, statement.params)).rows as { 'QUERY PLAN': string }[];
    await client.end();
    return rows.map((r) => r['QUERY PLAN']);
  }
  const client = (database.queueTarget as { client: PGlite }).client;
  return (await client.query<{ 'QUERY PLAN': string }>(text, statement.params)).rows.map(
    (r) => r['QUERY PLAN'],
  );
}

/**
 * A page's slowest query: each of its statements, at the parameters of its slowest instance in the
 * run, is explained alone (no wait behind the others), and the one with the longest execution wins.
 */
async function explainSlowest(statements: Statement[]) {
  let worst: { ms: number; lines: string[] } | null = null;
  const executions: { ms: number; text: string }[] = [];
  for (const statement of statements) {
    if (/^\s*(begin|commit|set|select 1)\b/i.test(statement.text)) continue;
    const plan = await explainOne(statement);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
    executions.push({ ms, text: statement.text.slice(0, 160) });
    if (!worst || ms > worst.ms)
      worst = { ms, lines: [`-- params ${JSON.stringify(statement.params)}`, statement.text, ...plan] };
  }
  executions.sort((a, b) => b.ms - a.ms);
  return { executions, plan: worst?.lines ?? [] };
}

const warmUp = await measure('0', samples.warmUp);
const uncached = await measure('0', samples.off);
const cached = await measure('5000', samples.on);
const plans: Record<string, Awaited<ReturnType<typeof explainSlowest>>> = {};
for (const page of ['profile', 'ratings', 'ads', 'adPage'] as const)
  plans[page] = await explainSlowest((uncached[page] as unknown as { statements: Statement[] }).statements);
const distinctSellers = new Set(samples.off.sellers).size;
const [heaviest] = await queryRows<{ id: string; count: number }>(
  db,
  sql`select user_id as id, count from rating_summaries order by count desc limit 1`,
);

/** The heaviest seller's pages (the most ratings, and the most ads): each one's slowest query, explained. */
async function heaviestSellerPlans(id: string) {
  const { config, app } = appWith('0');
  const plansOf: Record<string, Awaited<ReturnType<typeof explainSlowest>> & { ms: number }> = {};
  for (const [name, suffix] of [
    ['profile', ''],
    ['ratings', '/ratings'],
    ['ads', '/ads'],
  ] as const) {
    const run = newRun();
    const ms = await timed(app, `${config.publicUrl}/api/sellers/${encodeURIComponent(id)}${suffix}`, run);
    plansOf[name] = {
      ms: Math.round(ms * 100) / 100,
      ...(await explainSlowest([...run.statements.values()])),
    };
  }
  return plansOf;
}
const heaviestPlans = heaviest ? await heaviestSellerPlans(heaviest.id) : null;

// The fan-out, FAN_OUT_RUNS times: the price goes back up and the notices and jobs are cleared between runs.
const { services } = appWith('0');
await services.queue.start();
const ad = await fanOutAd(db, FANS);
type FanOutRun = {
  ms: number;
  cpuMs: number;
  people: number;
  jobs: number;
  notices: number;
  statements: object[];
};
const fanOut: FanOutRun[] = [];
for (let i = 0; i < FAN_OUT_RUNS; i++) {
  await db.execute(sql`delete from price_drop_notices where ad_id = ${ad.id}`);
  await db.execute(sql`delete from pgboss.job where name = ${QUEUES.priceDropAlert}`);
  await db.execute(sql`update ads set price = ${ad.price} where id = ${ad.id}`);
  await db.execute(sql`update ads set price = ${Math.round(ad.price * 0.9)} where id = ${ad.id}`);
  recording = []; // PostgreSQL only: PGlite's transaction runs its statements past the hook
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const outcome = await fanOutPriceDrop(services, { adId: ad.id, fromPrice: ad.price });
  const ms = performance.now() - started;
  const statements = recording
    .filter((statement) => statement.ms >= 1)
    .map((statement) => ({ ms: Math.round(statement.ms), text: statement.text.slice(0, 120) }));
  recording = null;
  const [counts] = await queryRows<{ jobs: number; notices: number }>(
    db,
    sql`select (select count(*)::int from pgboss.job where name = ${QUEUES.priceDropAlert} and state = 'created') as jobs,
      (select count(*)::int from price_drop_notices where ad_id = ${ad.id}) as notices`,
  );
  fanOut.push({
    ms: Math.round(ms),
    cpuMs: Math.round(cpuMs(cpuStarted)),
    people: outcome.people,
    jobs: counts?.jobs ?? 0,
    notices: counts?.notices ?? 0,
    statements,
  });
}
// Leave nothing for a worker of a later run to mail, and the ad at its price.
await db.execute(sql`delete from pgboss.job where name = ${QUEUES.priceDropAlert}`);
await db.execute(sql`delete from price_drop_notices where ad_id = ${ad.id}`);
await db.execute(sql`update ads set price = ${ad.price} where id = ${ad.id}`);
await services.queue.stop();

const strip = (r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r).map(([k, v]) => {
      const { statements = [], ...rest } = v as { statements?: (Statement & { n: number })[] };
      // Per statement: how often it ran and its slowest time in the run (waits included), no params.
      return [
        k,
        {
          ...rest,
          statements: statements.map((s) => ({
            n: s.n,
            maxMs: Math.round(s.ms * 100) / 100,
            text: s.text.slice(0, 200),
          })),
        },
      ];
    }),
  );
for (const [page, { ms, plan }] of Object.entries(heaviestPlans ?? {}))
  console.log(
    `\nheaviest seller, ${page}: ${ms} ms; EXPLAIN (ANALYZE, BUFFERS) of its slowest\n${plan.join('\n')}`,
  );
console.log(`\n${distinctSellers} distinct sellers (heaviest: ${heaviest?.count} ratings)`);
console.log('warm-up, list cache off:', JSON.stringify(strip(warmUp), null, 1));
console.log('list cache off:', JSON.stringify(strip(uncached), null, 1));
console.log('list cache on:', JSON.stringify(strip(cached), null, 1));
console.log('fan-out:', JSON.stringify(fanOut, null, 1));
for (const [page, { executions, plan }] of Object.entries(plans))
  console.log(
    `\n${page}: ${JSON.stringify(executions)}\nEXPLAIN (ANALYZE, BUFFERS) of its slowest\n${plan.join('\n')}`,
  );

const p95 = (r: Record<string, unknown>, k: string) => (r[k] as { p95: number }).p95;
const met = {
  sellerProfileP95: p95(uncached, 'profile') <= BUDGET.sellerPageP95Ms,
  sellerRatingsP95: p95(uncached, 'ratings') <= BUDGET.sellerPageP95Ms,
  adPageP95: p95(uncached, 'adPage') <= BUDGET.adPageP95Ms,
  fanOut: Math.max(...fanOut.map((f) => f.ms)) <= BUDGET.fanOutMs,
  allQueued: fanOut.every((f) => f.jobs === FANS && f.people === FANS),
  zeroErrors: Object.values(uncached).every((r) => (r as { errors: number }).errors === 0),
};
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/deals-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(
  file,
  JSON.stringify(
    {
      startedAt: new Date().toISOString(),
      note: process.env.BENCH_NOTE ?? null,
      database: URL_ ? 'postgres' : 'pglite',
      sizes,
      seeding: { ads: seedingAds, deals: seedingDeals },
      requests: REQUESTS,
      distinctSellers,
      heaviestSeller: { ...heaviest, pages: heaviestPlans },
      machine: { cpus: os.availableParallelism(), node: process.version, loadAverage: os.loadavg() },
      budget: { ...BUDGET, met },
      warmUpListCacheOff: strip(warmUp),
      listCacheOff: strip(uncached),
      listCacheOn: strip(cached),
      fanOut: { ad: ad.id, fans: FANS, runs: fanOut },
      plans,
    },
    null,
    2,
  ),
);
console.log(`\nBudget: ${JSON.stringify(met)}\nWrote ${file}`);
await database.close();
process.exit(Object.values(met).every(Boolean) ? 0 : 1);
