// npm run bench:sitemap — the sitemap index and every sitemap file at a million ads.
// Seeds PostgreSQL (BENCH_DATABASE_URL, default database "bench" on 127.0.0.1) up to BENCH_ADS ads,
// starts the server as a child process, fetches /sitemap.xml and then each file it names (one at a
// time, as a crawler does, with gzip), timing each to its last byte and sampling the server's
// resident memory meanwhile (after a VACUUM ANALYZE, as autovacuum leaves a live table). Budget: every file in at most 1 s, memory flat across files. JSON in
// bench/results/; the exit code is non-zero when over budget.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { countAds, ensureSeedUsers, insertSyntheticBatch } from '../server/seed/synthetic';
import { ensureDatabase } from './lib/bench-database';
import { startBenchServer } from './lib/bench-server';
import { progressBar } from './lib/progress';

const TARGET_ADS = Number(process.env.BENCH_ADS ?? 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 3211);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const BUDGET_MS = 1000;
/**
 * The server's resident memory may grow this much over the whole run, while it serves ~90 MB of
 * XML: garbage is collected lazily, so RSS climbs a little per file and drops at each major GC;
 * what must not happen is growth with the size of the files.
 */
const MEMORY_GROWTH_BUDGET_MB = 128;

async function seed(db: Parameters<typeof countAds>[0]) {
  const existing = await countAds(db);
  if (existing >= TARGET_ADS) return;
  await ensureSeedUsers(db, 500);
  const bar = progressBar('ads', TARGET_ADS - existing);
  for (let from = existing; from < TARGET_ADS; from += 10_000) {
    const to = Math.min(TARGET_ADS, from + 10_000);
    await insertSyntheticBatch(db, from, to, 500);
    bar.update(to - existing);
  }
  bar.done();
  await db.execute('analyze');
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** Fetches one file to its last byte while sampling the server's memory every 20 ms. */
async function measure(server: ChildProcess, fileUrl: string) {
  const pid = server.pid ?? 0;
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  const res = await fetch(fileUrl.replace(`http://localhost:${PORT}`, `http://127.0.0.1:${PORT}`), {
    headers: { 'accept-encoding': 'gzip' },
  });
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  clearInterval(sampler);
  return {
    url: fileUrl.replace(`http://localhost:${PORT}`, ''),
    status: res.status,
    ms,
    urls: (text.match(/<loc>/g) ?? []).length,
    kilobytes: Math.round(Buffer.byteLength(text) / 1024),
    peakRssMb: Math.round(peak),
  };
}

await ensureDatabase(url);
const database = await openDatabase({ kind: 'pg', url, poolSize: 2 });
await database.migrate();
console.log(`Seeding up to ${TARGET_ADS.toLocaleString('en-US')} ads...`);
await seed(database.db);
// Production's autovacuum keeps the visibility map that index-only scans rely on; a fresh bulk
// load has none yet.
await database.db.execute('vacuum analyze ads');
const total = await countAds(database.db);
await database.close();
const server = await startBenchServer({
  port: PORT,
  databaseUrl: url,
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'bench-sitemap-')),
  env: { PUBLIC_URL: `http://localhost:${PORT}` },
});
try {
  const baselineRssMb = Math.round(rssMb(server.pid ?? 0));
  const index = await measure(server, `http://localhost:${PORT}/sitemap.xml`);
  const indexXml = await (await fetch(`http://127.0.0.1:${PORT}/sitemap.xml`)).text();
  const files = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    (m[1] ?? '').replace(/&amp;/g, '&'),
  );
  console.log(`index: ${index.ms} ms, ${files.length} files`);
  const perFile = [];
  for (const file of files) {
    const result = await measure(server, file);
    perFile.push(result);
    console.log(
      `${result.url.padEnd(90)} ${String(result.ms).padStart(5)} ms ${result.urls} URLs ${result.peakRssMb} MB`,
    );
  }
  const listed = perFile.reduce((sum, file) => sum + file.urls, 0);
  const budgets = {
    everyFileWithin1s: index.ms <= BUDGET_MS && perFile.every((file) => file.ms <= BUDGET_MS),
    atMost50000UrlsPerFile: perFile.every((file) => file.urls <= 50_000),
    allOk: index.status === 200 && perFile.every((file) => file.status === 200),
    memoryBounded:
      Math.max(...perFile.map((file) => file.peakRssMb)) - baselineRssMb <= MEMORY_GROWTH_BUDGET_MB,
  };
  const report = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, load: os.loadavg() },
    ads: total,
    listedInSitemaps: listed,
    baselineRssMb,
    index,
    files: perFile,
    slowestFileMs: Math.max(...perFile.map((file) => file.ms)),
    budgets,
  };
  mkdirSync('bench/results', { recursive: true });
  const out = path.join('bench/results', `sitemap-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Budgets: ${JSON.stringify(budgets)}\nWrote ${out}`);
  if (!Object.values(budgets).every(Boolean)) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
