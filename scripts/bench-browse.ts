// npm run bench:browse — browse and search at a million ads, through the API and as direct queries.
// Seeds PostgreSQL (BENCH_DATABASE_URL, default database "bench" on 127.0.0.1) up to BENCH_ADS ads,
// starts the server as a child process, measures each query of a fixed mix with autocannon
// (32 connections), then the same queries called directly at the same concurrency, and writes
// JSON to bench/results/. Ratios in one run are what to compare: this machine is shared and noisy.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type BrowseQuery, browseQuerySchema } from '../common/schemas/ads';
import { browseAds } from '../server/ads/browse';
import { openDatabase } from '../server/db/client';
import {
  COMMON_WORD,
  countAds,
  ensureSeedUsers,
  insertSyntheticBatch,
  RARE_WORD,
} from '../server/seed/synthetic';
import { createLocalDiskStorage } from '../server/storage/local-disk-storage';
import { progressBar } from './lib/progress';

const TARGET_ADS = Number(process.env.BENCH_ADS ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
/** The server's list cache; BENCH_LIST_CACHE_MS=0 measures every request against the database. */
const LIST_CACHE_MS = process.env.BENCH_LIST_CACHE_MS ?? '5000';
const PORT = Number(process.env.BENCH_PORT ?? 3210);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';

type Named = { name: string; query: Record<string, string> };
const MIX: Named[] = [
  { name: 'newest', query: {} },
  { name: 'category+condition', query: { category: 'long-guns', condition: 'good' } },
  { name: 'common word', query: { q: COMMON_WORD } },
  { name: 'rare word', query: { q: RARE_WORD.normalize('NFD').replace(/\p{M}/gu, '') } },
  { name: 'price ascending', query: { sort: 'price-asc' } },
  { name: 'deep page (cursor)', query: {} },
  { name: 'prefix search', query: { q: 'glo' } },
];

async function ensureDatabase() {
  const target = new URL(url);
  const admin = new pg.Client({ connectionString: url.replace(target.pathname, '/postgres') });
  await admin.connect();
  const name = target.pathname.slice(1);
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
}

async function seed(db: Parameters<typeof countAds>[0]) {
  const existing = await countAds(db);
  if (existing >= TARGET_ADS) return { seeded: 0, existing };
  await ensureSeedUsers(db, 500);
  const bar = progressBar('ads', TARGET_ADS - existing);
  const started = Date.now();
  for (let from = existing; from < TARGET_ADS; from += 10_000) {
    const to = Math.min(TARGET_ADS, from + 10_000);
    await insertSyntheticBatch(db, from, to, 500);
    bar.update(to - existing);
  }
  bar.done();
  await db.execute('analyze');
  return { seeded: TARGET_ADS - existing, existing, seconds: (Date.now() - started) / 1000 };
}

const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(PORT),
      API_ONLY: 'true',
      LIST_CACHE_MS,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill();
  throw new Error('server did not start');
}

/** Walks 40 pages of the newest list to get a cursor deep into it. */
async function deepCursor(): Promise<string> {
  let cursor: string | null = null;
  for (let page = 0; page < 40; page++) {
    const res: Response = await fetch(`http://127.0.0.1:${PORT}/api/ads?${qs(cursor ? { cursor } : {})}`);
    cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
    if (!cursor) break;
  }
  return cursor ?? '';
}

async function cannon(paths: string[], seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 !== undefined ? percentile95(result) : result.latency.p99,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

// autocannon reports p90 and p97.5; p95 is read between them from its histogram when present.
function percentile95(result: autocannon.Result): number {
  const histogram = (result as unknown as { histogram?: { getValueAtPercentile(p: number): number } })
    .histogram;
  return histogram ? histogram.getValueAtPercentile(95) : (result.latency.p90 + result.latency.p97_5) / 2;
}

/** The same queries without HTTP: CONNECTIONS callers at once on a pool of the server's size. */
async function direct(
  db: Parameters<typeof browseAds>[0],
  storage: Parameters<typeof browseAds>[1],
  query: BrowseQuery,
  seconds: number,
) {
  const parsed = browseQuerySchema.parse(query);
  const times: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        await browseAds(db, storage, parsed);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))]! * 100) / 100;
  return {
    calls: times.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    perSecond: Math.round(times.length / seconds),
  };
}

await ensureDatabase();
const database = await openDatabase({ kind: 'pg', url, poolSize: 10 });
await database.migrate();
console.log(`Seeding up to ${TARGET_ADS.toLocaleString('en-US')} ads...`);
const seeding = await seed(database.db);
const total = await countAds(database.db);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const storage = createLocalDiskStorage({ rootDir: path.join(dataDir, 'uploads'), publicBaseUrl: '/media' });
const server = await startServer(dataDir);
try {
  const deep = await deepCursor();
  MIX[5]!.query = { cursor: deep };
  const perQuery = [];
  for (const entry of MIX) {
    const pathWithQuery = `/api/ads?${qs(entry.query)}`;
    await cannon([pathWithQuery], 2); // warm-up
    const api = await cannon([pathWithQuery], DURATION_S);
    const sqlTimes = await direct(
      database.db,
      storage,
      entry.query as BrowseQuery,
      Math.max(3, DURATION_S / 2),
    );
    perQuery.push({
      name: entry.name,
      path: pathWithQuery,
      api,
      direct: sqlTimes,
      apiP50OverDirectP50: Math.round((api.p50 / Math.max(sqlTimes.p50, 0.01)) * 100) / 100,
    });
    console.log(
      `${entry.name.padEnd(20)} API p50 ${api.p50} ms p95 ${api.p95} ms p99 ${api.p99} ms ${api.rps} req/s | direct p50 ${sqlTimes.p50} ms p95 ${sqlTimes.p95} ms`,
    );
  }
  const mix = await cannon(
    MIX.map((entry) => `/api/ads?${qs(entry.query)}`),
    DURATION_S * 1.5,
  );
  console.log(
    `mix                  API p50 ${mix.p50} ms p95 ${mix.p95} ms p99 ${mix.p99} ms ${mix.rps} req/s, errors ${mix.errors}`,
  );
  const budgets = {
    everyQueryP95Within25ms: perQuery.every((q) => q.api.p95 <= 25),
    apiP50Within1_5xDirectP50: perQuery.every((q) => q.apiP50OverDirectP50 <= 1.5),
    mixAtLeast1500rps: mix.rps >= 1500,
    noErrors: mix.errors === 0 && perQuery.every((q) => q.api.errors === 0),
  };
  const report = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    ads: total,
    seeding,
    connections: CONNECTIONS,
    listCacheMs: Number(LIST_CACHE_MS),
    durationSeconds: DURATION_S,
    perQuery,
    mix,
    budgets,
  };
  mkdirSync('bench/results', { recursive: true });
  const file = path.join('bench/results', `browse-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Budgets: ${JSON.stringify(budgets)}\nWrote ${file}`);
} finally {
  server.kill('SIGTERM');
  await database.close();
}
