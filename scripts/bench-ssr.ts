// npm run bench:ssr — the server-rendered public pages (issue 27), as visitors and crawlers ask for them.
// Seeds PostgreSQL (BENCH_DATABASE_URL, default database "bench", shared with bench:browse) up to
// BENCH_ADS synthetic ads (default 1,000,000), starts the production server with the web build
// (run `npm run build` first), draws thousands of distinct page URLs from a seed (BENCH_SEED): home,
// /browse with the browse bench's searches and filters, ad pages and seller pages. With the list cache
// off (LIST_CACHE_MS=0) it measures each page kind at 1 connection, then the mix at 32 connections for
// BENCH_SECONDS (20); then the mix again with the cache on, beside it. Every page is read whole, gzip
// accepted as a browser does. Budgets: p95 ≤ 40 ms per kind at 1 connection; ≥ 150 pages/s with p99 ≤
// 400 ms and no error at 32. JSON in bench/results/. The machine is shared: compare runs with care.
// BENCH_CPU_PROF=<dir> writes a V8 profile of the cache-off server (read its mix with
// `npx tsx scripts/cpu-profile-top.ts <file> 25 <BENCH_SECONDS>`).
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client';
import { drawWorkload, randomFrom } from './bench-browse/workload';
import { ensureDatabase } from './lib/bench-database';
import { startBenchServer } from './lib/bench-server';
import { type Stats, seedBenchAds, stats } from './lib/bench-stats';

const TARGET_ADS = Number(process.env.BENCH_ADS ?? 1_000_000);
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 1_000_000);
const PER_KIND = Number(process.env.BENCH_PER_KIND ?? 300);
const MIX_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 32;
const PORT = Number(process.env.BENCH_PORT ?? 3220);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const BUDGET = { kindP95Ms: 40, mixPagesPerSecond: 150, mixP99Ms: 400 };

type Page = { kind: string; path: string };

/**
 * One keep-alive connection asking for pages as a browser does (gzip accepted), each read to its last
 * byte. Pages stream (chunked), so this is Node's own client rather than the browse bench's
 * Content-Length reader: it costs this process ~0.4 ms a page, small beside a page's render.
 */
function openPageConnection(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get: (pathname: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: pathname, agent, headers: { 'accept-encoding': 'gzip, br' } },
          (res) => {
            res.on('data', () => {});
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
      }),
    close: () => agent.destroy(),
  };
}

if (!existsSync('dist/web/index.html')) {
  console.error('dist/web is missing: run `npm run build` first (the pages are rendered from it).');
  process.exit(1);
}

await ensureDatabase(url);
const database = await openDatabase({ kind: 'pg', url, poolSize: 4 });
await database.migrate();
const db = database.db;
const { existing } = await seedBenchAds(db, TARGET_ADS);

// Distinct pages: every list URL of the browse bench's workload as /browse, listed ads and sellers.
const rng = randomFrom(SEED);
const lists = drawWorkload(SEED, 2_400).map(
  (item): Page => ({ kind: 'browse', path: `/browse?${new URLSearchParams(item.query)}` }),
);
const adIds = await queryRows<{ id: string; userId: string }>(
  db,
  sql`select id, user_id as "userId" from ads tablesample system (5)
      where status = 'approved' and owner_active limit 3000`,
);
await database.close();
const adPages = adIds.map((ad): Page => ({ kind: 'ad', path: `/ad/${ad.id}` }));
const sellerPages = [...new Set(adIds.map((ad) => ad.userId))].map(
  (id): Page => ({ kind: 'seller', path: `/seller/${id}` }),
);
const homes: Page[] = [{ kind: 'home', path: '/' }];
const byKind: Record<string, Page[]> = { home: homes, browse: lists, ad: adPages, seller: sellerPages };
/** The mix a site like this serves: ads most, lists next, then sellers and home. */
const MIX: Array<[string, number]> = [
  ['ad', 45],
  ['browse', 35],
  ['seller', 10],
  ['home', 10],
];
const drawPage = (): Page => {
  let roll = rng.next() * 100;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return rng.pick(byKind[kind]!);
  }
  return rng.pick(adPages);
};
console.log(
  `${lists.length} list pages, ${adPages.length} ad pages, ${sellerPages.length} seller pages, home; seed ${SEED}`,
);

async function onePerKind() {
  const conn = openPageConnection(PORT);
  const result: Record<string, Stats & { errors: number }> = {};
  for (const [kind, pages] of Object.entries(byKind)) {
    const times: number[] = [];
    let errors = 0;
    // Warm-up: the first render loads React and the app's modules.
    await conn.get(pages[0]!.path);
    for (let i = 0; i < PER_KIND; i++) {
      const page = pages[i % pages.length]!;
      const started = performance.now();
      const status = await conn.get(page.path);
      times.push(performance.now() - started);
      if (status >= 500 || (status !== 200 && kind !== 'seller')) errors += 1;
    }
    result[kind] = { ...stats(times), errors };
  }
  conn.close();
  return result;
}

async function mix(seconds: number) {
  const deadline = performance.now() + seconds * 1000;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const worker = async () => {
    const conn = openPageConnection(PORT);
    while (performance.now() < deadline) {
      const page = drawPage();
      const started = performance.now();
      const status = await conn.get(page.path);
      times.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    conn.close();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const errors = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  return { pagesPerSecond: Math.round(times.length / elapsed), errors, statuses, ...stats(times) };
}

async function run(listCacheMs: number, cpuProfileDir?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-ssr-'));
  const server: ChildProcess = await startBenchServer({
    port: PORT,
    databaseUrl: url,
    dataDir,
    cpuProfileDir,
    env: {
      API_ONLY: 'false',
      DEMO_DATA: 'off',
      LIST_CACHE_MS: String(listCacheMs),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    },
  });
  try {
    const perKind = await onePerKind();
    const mixed = await mix(MIX_SECONDS);
    return { perKind, mix: mixed };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

console.log('\nCache off (LIST_CACHE_MS=0)...');
const cacheOff = await run(
  0,
  process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined,
);
console.table(cacheOff.perKind);
console.log('mix at 32 connections:', JSON.stringify(cacheOff.mix));
console.log('\nCache on (the default)...');
const cacheOn = await run(5_000);
console.table(cacheOn.perKind);
console.log('mix at 32 connections:', JSON.stringify(cacheOn.mix));

const budget = {
  kindP95: Object.values(cacheOff.perKind).every((kind) => kind.p95 <= BUDGET.kindP95Ms),
  mixPagesPerSecond: cacheOff.mix.pagesPerSecond >= BUDGET.mixPagesPerSecond,
  mixP99: cacheOff.mix.p99 <= BUDGET.mixP99Ms,
  zeroErrors: cacheOff.mix.errors === 0 && Object.values(cacheOff.perKind).every((kind) => kind.errors === 0),
};
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/ssr-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(
  file,
  JSON.stringify(
    {
      startedAt: new Date().toISOString(),
      note: process.env.BENCH_NOTE ?? null,
      ads: Math.max(existing, TARGET_ADS),
      seed: SEED,
      machine: { cpus: os.availableParallelism(), node: process.version, loadAverage: os.loadavg() },
      pages: { lists: lists.length, ads: adPages.length, sellers: sellerPages.length },
      budget: { ...BUDGET, met: budget },
      cacheOff,
      cacheOn,
    },
    null,
    2,
  ),
);
console.log(`\nBudget: ${JSON.stringify(budget)}\nWrote ${file}`);
process.exit(Object.values(budget).every(Boolean) ? 0 : 1);
