// npm run bench:browse — browse and search at a million ads, as buyers use them.
// Seeds PostgreSQL (BENCH_DATABASE_URL, default database "bench" on 127.0.0.1) up to BENCH_ADS
// realistic ads, draws thousands of distinct list URLs from a seed (BENCH_SEED), and measures with
// the list cache and request sharing OFF (LIST_CACHE_MS=0): each class of query at 1 connection
// through the API, then in this process through the same search index without HTTP, and directly as
// the database's own SQL plans on a pool of the server's size; then the whole mix at 32 connections,
// and the mix again with the cache on, beside it. EXPLAIN of the slowest query and of a sparse and a
// dense search (what the API runs, and the SQL plans) go into the JSON in bench/results/. Compare ratios within one run:
// this machine is shared and noisy. BENCH_SEED_ONLY=1 seeds and stops.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { browseQuerySchema } from '../common/schemas/ads';
import { browseAds } from '../server/ads/browse';
import { IndexedSearch } from '../server/ads/search-index/index-sync';
import { indexedBrowse } from '../server/ads/search-index/indexed-browse';
import { refreshSearchVocabulary, vocabularyIsEmpty } from '../server/ads/search-vocabulary';
import { type Database, openDatabase, PLANNER_SETTINGS, queryRows } from '../server/db/client';
import { throughSortIndex } from '../server/db/planner';
import { countAds } from '../server/seed/synthetic';
import { createLocalDiskStorage } from '../server/storage/local-disk-storage';
import { openConnection } from './bench-browse/one-connection';
import { drawWorkload, randomFrom, type WorkItem } from './bench-browse/workload';
import { ensureDatabase } from './lib/bench-database';
import { startBenchServer } from './lib/bench-server';
import { seedBenchAds, stats } from './lib/bench-stats';
import { progressBar } from './lib/progress';

const TARGET_ADS = Number(process.env.BENCH_ADS ?? 1_000_000);
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 1_000_000);
const URLS = Number(process.env.BENCH_URLS ?? 2400);
const PER_CLASS = Number(process.env.BENCH_PER_CLASS ?? 200);
const MIX_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 32;
const POOL_SIZE = 10; // the server's pool (server/db/client.ts)
const PORT = Number(process.env.BENCH_PORT ?? 3210);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';

const BUDGET = { classP95Ms: 25, mixRps: 400, mixP99Ms: 250, apiOverSqlP50: 1.5 };

const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();
const pathOf = (item: WorkItem) => `/api/ads?${qs(item.query)}`;

const startServer = (dataDir: string, listCacheMs: number) =>
  startBenchServer({
    port: PORT,
    databaseUrl: url,
    dataDir,
    env: { LIST_CACHE_MS: String(listCacheMs), DEMO_DATA: 'off' },
  });

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Deep pages: for some URLs, walk to a page between 2 and 40 and keep its cursor. */
async function addDeepPages(
  db: Database,
  storage: ReturnType<typeof createLocalDiskStorage>,
  search: IndexedSearch,
  items: WorkItem[],
) {
  const rng = randomFrom(SEED + 1);
  const deep: WorkItem[] = [];
  const bar = progressBar('deep-page cursors', Math.round(items.length / 12));
  for (let n = 0; n < items.length / 12; n++) {
    const base = rng.pick(items);
    const page = 2 + rng.int(39);
    let cursor: string | null = null;
    for (let p = 1; p < page; p++) {
      const result = await indexedBrowse(
        db,
        storage,
        search,
        browseQuerySchema.parse({ ...base.query, cursor: cursor ?? undefined }),
      );
      cursor = result?.nextCursor ?? null;
      if (!cursor) break;
    }
    if (cursor) deep.push({ cls: 'deep page (2-40)', query: { ...base.query, cursor } });
    bar.update(n + 1);
  }
  bar.done();
  return deep;
}

/**
 * One class at 1 connection: through the API; then the same draws answered in this process by the
 * same index code without HTTP (`direct`), and by the database's own plans alone (`sql`, browseAds:
 * what the server answers with while its index loads).
 */
async function measureClass(
  connection: Awaited<ReturnType<typeof openConnection>>,
  db: Database,
  storage: ReturnType<typeof createLocalDiskStorage>,
  search: IndexedSearch,
  items: WorkItem[],
  seed: number,
) {
  const rng = randomFrom(seed);
  const draws = Array.from({ length: PER_CLASS }, () => rng.pick(items));
  const api: number[] = [];
  let slowest = { ms: 0, item: draws[0]! };
  let errors = 0;
  for (const item of draws) {
    const started = performance.now();
    const status = await connection.get(pathOf(item));
    const ms = performance.now() - started;
    if (status !== 200) errors += 1;
    api.push(ms);
    if (ms > slowest.ms) slowest = { ms, item };
  }
  const direct: number[] = [];
  for (const item of draws) {
    const started = performance.now();
    await indexedBrowse(db, storage, search, browseQuerySchema.parse(item.query));
    direct.push(performance.now() - started);
  }
  const databasePlans: number[] = [];
  for (const item of draws) {
    const started = performance.now();
    await browseAds(db, storage, browseQuerySchema.parse(item.query));
    databasePlans.push(performance.now() - started);
  }
  const a = stats(api);
  const d = stats(databasePlans);
  const i = stats(direct);
  return {
    urls: items.length,
    api: a,
    direct: i,
    sql: d,
    apiP50OverSqlP50: Math.round((a.p50 / Math.max(d.p50, 0.01)) * 100) / 100,
    apiP50OverDirectP50: Math.round((a.p50 / Math.max(i.p50, 0.01)) * 100) / 100,
    errors,
    slowest: { ms: Math.round(slowest.ms), path: pathOf(slowest.item) },
  };
}

async function mix(items: WorkItem[], seconds: number, seed: number) {
  const rng = randomFrom(seed);
  const paths = items.map(pathOf);
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: rng.pick(paths) }) }],
  });
  const histogram = (result as unknown as { histogram?: { getValueAtPercentile(p: number): number } })
    .histogram;
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p95: histogram ? histogram.getValueAtPercentile(95) : result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement browseAds runs for a query, replayed as it ran: the
 * statements of a transaction again in one, after the planner settings it made (browse.ts). The
 * capturing proxy is not the database the pinned plans' pools belong to (pinnedDatabase), so pinned
 * queries take planner.ts's transactional path here, and their set_config is replayed before them.
 */
async function explain(
  database: { db: Database },
  client: pg.Client,
  query: Record<string, string>,
  browse: (db: Database) => Promise<unknown>,
) {
  const captured: { statement: SQL; transaction: number | null }[] = [];
  let transactions = 0;
  const capturing = (target: Database, transaction: number | null): Database =>
    new Proxy(target, {
      get(inner, key, receiver) {
        if (key === 'execute') {
          return (statement: SQL) => {
            captured.push({ statement, transaction });
            return inner.execute(statement);
          };
        }
        if (key === 'transaction') {
          return (work: (tx: Database) => Promise<unknown>) => {
            const id = ++transactions;
            return inner.transaction((tx) => work(capturing(tx as unknown as Database, id)));
          };
        }
        return Reflect.get(inner, key, receiver);
      },
    });
  await browse(capturing(database.db, null));
  const dialect = (
    database.db as unknown as { dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } } }
  ).dialect;
  const plans: string[] = [];
  let open: number | null = null;
  for (const { statement, transaction } of captured) {
    const compiled = dialect.sqlToQuery(statement);
    if (transaction !== open) {
      if (open !== null) await client.query('commit');
      if (transaction !== null) await client.query('begin');
      open = transaction;
    }
    if (/set_config\(/.test(compiled.sql)) {
      await client.query(compiled.sql, compiled.params);
      plans.push(`(planner settings: ${compiled.params.join(', ')} off)`);
      continue;
    }
    if (/^select distinct on/i.test(compiled.sql)) continue;
    const { rows } = await client.query(
      `explain (analyze, buffers, format text) ${compiled.sql}`,
      compiled.params,
    );
    plans.push(rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
  }
  if (open !== null) await client.query('commit');
  return { query, plans };
}

await ensureDatabase(url);
const database = await openDatabase({ kind: 'pg', url, poolSize: POOL_SIZE });
await database.migrate();
console.log(`Seeding up to ${TARGET_ADS.toLocaleString('en-US')} ads...`);
const seeding = await seedBenchAds(database.db, TARGET_ADS);
const total = await countAds(database.db);
if (await vocabularyIsEmpty(database.db)) await refreshSearchVocabulary(database.db);
if (process.env.BENCH_SEED_ONLY === '1') {
  console.log(`Seeded: ${total.toLocaleString('en-US')} ads (BENCH_SEED_ONLY=1, nothing measured).`);
  await database.close();
  process.exit(0);
}
const settings = await queryRows<{ name: string; setting: string; unit: string | null }>(
  database.db,
  sql`select name, setting, unit from pg_settings where name in ('shared_buffers', 'effective_cache_size', 'work_mem', 'server_version')`,
);
// The same index the server loads, in this process: the in-process floor and the EXPLAINs use it.
const loadStarted = Date.now();
const search = new IndexedSearch(database.db);
await search.load();
const index = {
  ads: search.size,
  loadSeconds: (Date.now() - loadStarted) / 1000,
  rssMB: Math.round(process.memoryUsage().rss / 1e6),
  arrayBuffersMB: Math.round(process.memoryUsage().arrayBuffers / 1e6),
};
console.log(
  `Search index: ${index.ads} listed ads loaded in ${index.loadSeconds} s (${index.rssMB} MB resident)`,
);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const storage = createLocalDiskStorage({ rootDir: path.join(dataDir, 'uploads'), publicBaseUrl: '/media' });

console.log(`Workload seed ${SEED}: drawing ${URLS} distinct URLs...`);
const base = drawWorkload(SEED, URLS);
const workload = [...base, ...(await addDeepPages(database.db, storage, search, base))];
const classes = new Map<string, WorkItem[]>();
for (const item of workload) classes.set(item.cls, [...(classes.get(item.cls) ?? []), item]);

let server = await startServer(dataDir, 0);
const report: Record<string, unknown> = {};
try {
  console.log('Warming up (10 s of the mix)...');
  await mix(workload, 10, SEED + 2);
  const perClass: Record<string, Awaited<ReturnType<typeof measureClass>>> = {};
  const connection = await openConnection(PORT);
  for (const [cls, items] of [...classes].sort()) {
    perClass[cls] = await measureClass(connection, database.db, storage, search, items, SEED + cls.length);
    const c = perClass[cls]!;
    console.log(
      `${cls.padEnd(30)} ${String(items.length).padStart(4)} URLs | API p50 ${c.api.p50} p95 ${c.api.p95} p99 ${c.api.p99} ms | in-process p50 ${c.direct.p50} | SQL plans p50 ${c.sql.p50} p95 ${c.sql.p95} ms | API/SQL ${c.apiP50OverSqlP50}`,
    );
  }
  connection.close();
  const mixOff = await mix(workload, MIX_SECONDS, SEED + 3);
  console.log(
    `mix, cache off, ${CONNECTIONS} connections: ${mixOff.rps} req/s p50 ${mixOff.p50} p95 ${mixOff.p95} p99 ${mixOff.p99} ms, errors ${mixOff.errors}`,
  );
  await stopServer(server);
  server = await startServer(dataDir, 5000);
  await mix(workload, 10, SEED + 2);
  const mixOn = await mix(workload, MIX_SECONDS, SEED + 3);
  console.log(
    `mix, cache on (5 s), ${CONNECTIONS} connections: ${mixOn.rps} req/s p50 ${mixOn.p50} p95 ${mixOn.p95} p99 ${mixOn.p99} ms, errors ${mixOn.errors}`,
  );

  const slowestClass = Object.entries(perClass).sort((a, b) => b[1].api.p95 - a[1].api.p95)[0]!;
  const slowestItem = workload.find((item) => pathOf(item) === slowestClass[1].slowest.path)!;
  // The server's own connection settings, so that each plan is the one it runs.
  const client = new pg.Client({ connectionString: url, options: PLANNER_SETTINGS.join(' ') });
  await client.connect();
  // What the API runs (the text's tsquery, the page's cards with the check for writes since the
  // index caught up), and what the database's own plans would run for the same query.
  const explainBoth = async (query: Record<string, string>) => {
    const parsed = browseQuerySchema.parse(query);
    const api = await explain(database, client, query, (db) => indexedBrowse(db, storage, search, parsed));
    const plans = await explain(database, client, query, (db) => browseAds(db, storage, parsed));
    return { query, plans: api.plans, databasePlans: plans.plans };
  };
  const explains = {
    slowest: {
      cls: slowestClass[0],
      ms: slowestClass[1].slowest.ms,
      ...(await explainBoth(slowestItem.query)),
    },
    sparse: await explainBoth({ q: 'glock 17', sort: 'newest' }),
    dense: await explainBoth({ q: 'pistol', sort: 'newest' }),
    relevance: await explainBoth({ q: 'tikka t3x' }),
    // What a search runs after a write: the index catching up (on its pinned plan, as the server runs it).
    catchUp: {
      ...(await explain(database, client, {}, (db) => throughSortIndex(db, search.changesStatement))),
      databasePlans: [],
    },
  };
  await client.end();

  const budgets = {
    everyClassP95AtOneConnection: Object.values(perClass).every((c) => c.api.p95 <= BUDGET.classP95Ms),
    mixRpsAt32Connections: mixOff.rps >= BUDGET.mixRps,
    mixP99: mixOff.p99 <= BUDGET.mixP99Ms,
    noErrors: mixOff.errors === 0 && Object.values(perClass).every((c) => c.errors === 0),
    apiP50WithinRatioOfSqlP50: Object.values(perClass).every(
      (c) => c.apiP50OverSqlP50 <= BUDGET.apiOverSqlP50,
    ),
  };
  Object.assign(report, {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() },
    ads: total,
    seeding,
    index,
    postgres: Object.fromEntries(
      settings.map((s) => [s.name, `${s.setting}${s.unit ? ` × ${s.unit}` : ''}`]),
    ),
    workload: {
      seed: SEED,
      distinctUrls: workload.length,
      classes: Object.fromEntries([...classes].map(([c, i]) => [c, i.length])),
      perClassRequests: PER_CLASS,
    },
    budget: BUDGET,
    perClass,
    mix: { cacheOff: mixOff, cacheOn: mixOn, connections: CONNECTIONS, seconds: MIX_SECONDS },
    budgets,
    explains,
  });
  mkdirSync('bench/results', { recursive: true });
  const file = path.join('bench/results', `browse-${String(report.at).replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Budgets: ${JSON.stringify(budgets)}\nWrote ${file}`);
  for (const [name, e] of Object.entries(explains))
    console.log(`\nEXPLAIN ${name} ${JSON.stringify(e.query)}\n${e.plans.join('\n---\n')}`);
} finally {
  search.stop();
  await stopServer(server);
  await database.close();
}
