// npm run bench:load — 200 virtual users on a realistic mix for 60 s against the real server on
// PostgreSQL. Recreates the database `bench_load` (BENCH_DATABASE_URL), seeds BENCH_ADS synthetic
// ads (default 20,000), 200 verified users with real password hashes and a few sellers' approved
// ads, starts `server/main.ts` as a child process (production mode, behind a "proxy": each user has
// its own X-Forwarded-For), runs the users, prints a table per action and writes
// bench/results/load-<timestamp>.json. Exits 1 when the budget is missed: any error, or reads
// (home, browse, search, detail) with p99 over 250 ms. The database and DATA_DIR are kept for
// inspection and recreated by the next run. The machine is shared: compare runs with care.
//
// BENCH_SECONDS (60), BENCH_VUS (200), BENCH_ADS (20000), BENCH_RAMP_SECONDS (10),
// BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/bench_load), BENCH_PORT (a free one),
// BENCH_LIST_CACHE_MS (the server's default), BENCH_CPU_PROF=<dir> (V8 profile of the server),
// BENCH_NOTE (a remark copied into the JSON), BENCH_WINDOW_SECONDS (300: the soak's report windows).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createServices } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows } from '../server/db/client';
import { createLogger } from '../server/logger';
import { ACTIONS, percentile, READS, Recorder } from './bench-load/http';
import { printTable, summarize } from './bench-load/report';
import {
  cpuMeter,
  freePort,
  machineCpuTicks,
  postgresBackendsCpu,
  processCpuSeconds,
  startServer,
  stopServer,
} from './bench-load/server';
import {
  createAccounts,
  createSellerAds,
  recreateDatabase,
  seedCatalogue,
  wipeDirectory,
} from './bench-load/setup';
import {
  ADS_TALKED_ABOUT,
  type Plan,
  RESIGN_IN_SHARE,
  runVirtualUser,
  THINK_MS,
  UNREAD_POLL_MS,
  WEIGHTS,
} from './bench-load/virtual-user';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const VUS = Number(process.env.BENCH_VUS ?? 200);
const TARGET_ADS = Number(process.env.BENCH_ADS ?? 20_000);
const RAMP_SECONDS = Number(process.env.BENCH_RAMP_SECONDS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_load';
const SELLERS = 20;
const ADS_PER_SELLER = 3;
const READS_P99_BUDGET_MS = 250;
const PROGRESS_EVERY_MS = 5_000;
/** The soak's report: requests, errors, reads' p50/p99 and the server's RSS per window. */
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 300);

/** The server's resident memory in MB (Linux), or null. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

type SoakWindow = {
  fromSecond: number;
  toSecond: number;
  requests: number;
  errors: number;
  readsP50: number;
  readsP99: number;
  rssMb: number | null;
};

/** Adds up the 5-second progress windows into WINDOW_SECONDS ones, each closed with the server's RSS. */
function soakWindows(pid: number | undefined) {
  const windows: SoakWindow[] = [];
  let from = 0;
  let requests = 0;
  let errors = 0;
  let reads: number[] = [];
  const close = (t: number) => {
    if (t <= from) return;
    const sorted = reads.sort((a, b) => a - b);
    windows.push({
      fromSecond: from,
      toSecond: t,
      requests,
      errors,
      readsP50: percentile(sorted, 0.5),
      readsP99: percentile(sorted, 0.99),
      rssMb: rssMb(pid),
    });
    console.log(
      `  window ${from}-${t} s: ${requests} requests, ${errors} errors, reads p99 ${windows.at(-1)?.readsP99} ms, RSS ${windows.at(-1)?.rssMb} MB`,
    );
    from = t;
    requests = 0;
    errors = 0;
    reads = [];
  };
  return {
    windows,
    add(t: number, w: { requests: number; errors: number; reads: number[] }) {
      requests += w.requests;
      errors += w.errors;
      reads.push(...w.reads);
      if (t - from >= WINDOW_SECONDS) close(t);
    },
    close,
  };
}
/** Fixed, so sessions made by the server and anything inspected later agree on it. */
const AUTH_SECRET = 'bench-load-secret-bench-load-secret-0000';
const DATA_DIR = path.join(os.tmpdir(), 'bench-load-data');

/** Free text kept in the JSON, to tell apart runs made to compare something. */
const NOTE = process.env.BENCH_NOTE ?? null;
const startedAt = new Date().toISOString();
const loadAverageBefore = os.loadavg();

// 1. A fresh database and data folder, the catalogue and the people.
const setupStarted = Date.now();
console.log(`Recreating ${new URL(DATABASE_URL).pathname.slice(1)} and ${DATA_DIR}...`);
await recreateDatabase(DATABASE_URL);
wipeDirectory(DATA_DIR);
mkdirSync(DATA_DIR, { recursive: true });
const database = await openDatabase({ kind: 'pg', url: DATABASE_URL, poolSize: 10 });
let adsTotal = 0;
let adsApproved = 0;
let sellerAds: string[] = [];
let accounts: Awaited<ReturnType<typeof createAccounts>> = [];
try {
  await database.migrate();
  console.log(`Seeding ${TARGET_ADS.toLocaleString('en-US')} synthetic ads...`);
  await seedCatalogue(database.db, TARGET_ADS);
  const config = loadConfig({
    DATABASE_URL,
    DATA_DIR,
    AUTH_SECRET,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
  });
  const services = createServices({ config, database, logger: createLogger('silent') });
  console.log(`Registering ${VUS} users and ${SELLERS} sellers (real scrypt hashes)...`);
  accounts = await createAccounts(services, 'users', 'vu', VUS);
  const sellers = await createAccounts(services, 'sellers', 'seller', SELLERS);
  sellerAds = await createSellerAds(
    database.db,
    sellers.map((s) => s.email),
    ADS_PER_SELLER,
  );
  await database.db.execute(sql`analyze`);
  const [row] = await queryRows<{ total: number; approved: number }>(
    database.db,
    sql`select count(*)::int as total, (count(*) filter (where status = 'approved'))::int as approved from ads`,
  );
  adsTotal = row?.total ?? 0;
  adsApproved = row?.approved ?? 0;
} finally {
  await database.close();
}
const setupSeconds = Math.round((Date.now() - setupStarted) / 100) / 10;
console.log(
  `Set up in ${setupSeconds} s: ${adsTotal.toLocaleString('en-US')} ads, ${adsApproved.toLocaleString('en-US')} of them listed.`,
);

// A photo-like JPEG (textured, not a flat colour that compresses to nothing), as the web app's crop
// would send it: 1200×900, about 200 KB.
const photo = await sharp({
  create: {
    width: 1200,
    height: 900,
    channels: 3,
    background: '#000',
    noise: { type: 'gaussian', mean: 120, sigma: 40 },
  },
})
  .blur(1.2)
  .jpeg({ quality: 85 })
  .toBuffer();

// 2. The real server.
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const publicUrl = base;
const server = await startServer({
  port,
  databaseUrl: DATABASE_URL,
  dataDir: DATA_DIR,
  publicUrl,
  authSecret: AUTH_SECRET,
  listCacheMs: process.env.BENCH_LIST_CACHE_MS,
  cpuProfileDir: process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined,
});

// 3. The virtual users.
const recorder = new Recorder();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const begin = performance.now();
const deadline = begin + SECONDS * 1000;
// Arrivals end after the ramp-up; a second more lets the last users' sign-in start.
recorder.steadyFrom = begin + (RAMP_SECONDS + 1) * 1000;
const plans: Plan[] = accounts.map((account, i) => ({
  account,
  ip: `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  // Evenly spread arrivals, each with up to 100 ms of jitter.
  startDelayMs: (RAMP_SECONDS * 1000 * i) / VUS + ((i * 37) % 100),
  // Every fourth user signs out and in again once, somewhere in the middle of the run.
  resignInAt:
    i % Math.round(1 / RESIGN_IN_SHARE) === 0 ? begin + SECONDS * 1000 * (0.3 + ((i * 13) % 50) / 100) : null,
  talkAbout: Array.from(
    { length: ADS_TALKED_ABOUT },
    (_, k) => sellerAds[(i * ADS_TALKED_ABOUT + k * 7) % sellerAds.length]!,
  ),
  seed: 1000 + i,
}));
const world = { base, origin: publicUrl, recorder, deadline, photo };
let running = 0;
let finished = 0;
console.log(
  `Running ${VUS} virtual users for ${SECONDS} s against ${base} (arriving over ${RAMP_SECONDS} s)...`,
);
// The server is stopped whatever happens here, so a failed run leaves no process behind.
const measured = await (async () => {
  try {
    const postgresBefore = await postgresBackendsCpu(DATABASE_URL);
    const serverCpuBefore = processCpuSeconds(server.pid);
    const clientCpuBefore = process.cpuUsage();
    const machineBefore = machineCpuTicks();
    loopDelay.enable();
    const windowCpu = cpuMeter(server.pid);
    const soak = soakWindows(server.pid);
    // Machine busy is everybody's work on this shared box: a spike there explains a spike in latency.
    const ticker = setInterval(() => {
      const w = recorder.takeWindow();
      const cpu = windowCpu();
      const t = Math.round((performance.now() - begin) / 1000);
      soak.add(t, w);
      console.log(
        `  ${String(t).padStart(3)} s  users ${String(running).padStart(3)}  ${Math.round(w.requests / (PROGRESS_EVERY_MS / 1000))} req/s  ${w.errors} err  reads p99 ${w.readsP99} ms  server CPU ${cpu.server ?? '?'}%  machine busy ${cpu.machine ?? '?'}%`,
      );
    }, PROGRESS_EVERY_MS);
    try {
      await Promise.all(
        plans.map(async (plan) => {
          await new Promise((resolve) => setTimeout(resolve, plan.startDelayMs));
          running += 1;
          try {
            await runVirtualUser(world, { ...plan, startDelayMs: 0 });
          } finally {
            running -= 1;
            finished += 1;
          }
        }),
      );
    } finally {
      clearInterval(ticker);
      loopDelay.disable();
      soak.close(Math.round((performance.now() - begin) / 1000));
    }
    const elapsed = (performance.now() - begin) / 1000;
    const serverCpuAfter = processCpuSeconds(server.pid);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const machineAfter = machineCpuTicks();
    const postgresAfter = await postgresBackendsCpu(DATABASE_URL);
    const postgresSeconds = [...postgresAfter].reduce(
      (sum, [pid, seconds]) => sum + seconds - (postgresBefore.get(pid) ?? 0),
      0,
    );
    return {
      elapsed,
      serverSeconds:
        serverCpuBefore !== null && serverCpuAfter !== null ? serverCpuAfter - serverCpuBefore : null,
      clientSeconds: (clientCpu.user + clientCpu.system) / 1e6,
      postgresSeconds,
      windows: soak.windows,
      machineBusy:
        machineBefore && machineAfter
          ? (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)
          : null,
    };
  } finally {
    await stopServer(server);
  }
})();
const { elapsed } = measured;

// 4. The report.
const summary = summarize(recorder);
console.log(`\n${finished} users done in ${elapsed.toFixed(1)} s.\n`);
printTable([
  ...ACTIONS.filter((a) => summary.actions[a]).map(
    (a) => [a, summary.actions[a]!] as [string, typeof summary.reads],
  ),
  ['reads (all four)', summary.reads],
  ['reads after ramp-up', summary.steadyReads],
]);
const percent = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / elapsed) * 100));
const budget = {
  zeroErrors: summary.errors === 0,
  readsP99Under250: summary.reads.requests > 0 && summary.reads.p99 <= READS_P99_BUDGET_MS,
};
const report = {
  startedAt,
  note: NOTE,
  seconds: SECONDS,
  vus: VUS,
  ads: adsTotal,
  /** The approved ones: what home, browse, search and detail show. */
  adsApproved,
  totals: {
    requests: summary.requests,
    errors: summary.errors,
    rps: Math.round((summary.requests / elapsed) * 10) / 10,
  },
  actions: summary.actions,
  reads: { actions: READS, ...summary.reads },
  /** The reads started after the ramp-up, when all users were signed in or queued for it. */
  readsAfterRampUp: summary.steadyReads,
  budget,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverageBefore: loadAverageBefore.map((v) => Math.round(v * 100) / 100),
    loadAverageAfter: os.loadavg().map((v) => Math.round(v * 100) / 100),
  },
  // Where the CPU went during the run, in percent of one core: the server, PostgreSQL's backends for
  // this database, this load generator; then the whole machine's busy share (everybody's work, of
  // all cores), which tells how much a neighbour's tests weighed on the figures.
  cpu: {
    serverPercent: percent(measured.serverSeconds),
    postgresPercent: percent(measured.postgresSeconds),
    loadGeneratorPercent: percent(measured.clientSeconds),
    machineBusyPercent: measured.machineBusy === null ? null : Math.round(measured.machineBusy * 100),
    /** The load generator's own event-loop lag: if high, latencies include its delay. */
    loadGeneratorLoopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e5) / 10,
  },
  mix: {
    weights: WEIGHTS,
    thinkMs: THINK_MS,
    rampSeconds: RAMP_SECONDS,
    unreadPollMs: UNREAD_POLL_MS,
    resignInShare: RESIGN_IN_SHARE,
    sellerAds: sellerAds.length,
  },
  server: {
    listCacheMs: process.env.BENCH_LIST_CACHE_MS ? Number(process.env.BENCH_LIST_CACHE_MS) : 'default (5000)',
    dataDir: DATA_DIR,
    database: new URL(DATABASE_URL).pathname.slice(1),
  },
  setupSeconds,
  statuses: Object.fromEntries(recorder.statuses),
  /** Per WINDOW_SECONDS (5 minutes): how a long run (a soak) held up, and the server's memory. */
  windows: measured.windows,
  /** 503 `busy` answers a user waited out and tried again (the web app's sign-in form does). */
  busyRetries: Object.fromEntries([...recorder.busyRetries].filter(([, count]) => count > 0)),
  firstErrors: recorder.firstErrors,
};
mkdirSync('bench/results', { recursive: true });
const file = path.join('bench/results', `load-${startedAt.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\n${summary.requests.toLocaleString('en-US')} requests, ${summary.errors} errors, ${report.totals.rps} req/s; server CPU ${report.cpu.serverPercent}%, PostgreSQL ${report.cpu.postgresPercent}%, load generator ${report.cpu.loadGeneratorPercent}%, machine busy ${report.cpu.machineBusyPercent}%`,
);
console.log(`Budget: ${JSON.stringify(budget)}\nWrote ${file}`);
if (!budget.zeroErrors || !budget.readsP99Under250) process.exitCode = 1;
