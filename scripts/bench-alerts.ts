// npm run bench:alerts — saved searches at scale (issue 11).
// Seeds PostgreSQL (BENCH_DATABASE_URL, default database "alerts_bench" on 127.0.0.1, created when
// missing) with BENCH_USERS users and BENCH_SEARCHES saved searches drawn like buyers' browse URLs
// (scripts/bench-browse/workload.ts), over BENCH_ADS synthetic ads, then measures:
//  1. matching one newly approved ad (matchAd: the candidates, their tests, writing the ad's match
//     set and queueing the sweep, in one transaction) over BENCH_MATCH_ADS varied ads: p50/p95;
//     beside it the sweep that records the (search, ad) pairs and queues the instant alerts, run after
//     every ad (its worst case: under load one sweep serves every ad approved since the last);
//  2. building and queueing the 08:00 digest when every search is daily and has new matches (the
//     worst case: one mail per user, all of them);
//  3. the mail queue's throughput through a local SMTP capture in a process of its own (BENCH_MAILS of
//     the digest's mails).
// EXPLAIN of the matching query goes into the JSON in bench/results/.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { browseQuerySchema } from '../common/schemas/ads';
import { canonicalSavedQuery, savedSearchName } from '../common/schemas/saved-searches';
import { buildDigest } from '../server/alerts/alerts';
import { listedAd, matchAd, matchingSearchesSql, sweepAdMatches } from '../server/alerts/matching';
import { matchColumns } from '../server/alerts/saved-searches';
import { textKeysOf } from '../server/alerts/text-keys';
import { createServices } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, openDatabase, queryRows } from '../server/db/client';
import { savedSearches } from '../server/db/schema/saved-searches';
import { workMail } from '../server/jobs/mail-job';
import { createLogger } from '../server/logger';
import { drawItem, randomFrom } from './bench-browse/workload';
import { ensureDatabase } from './lib/bench-database';
import { seedBenchAds } from './lib/bench-stats';
import { startMailCaptureProcess } from './lib/mail-capture-process';
import { progressBar } from './lib/progress';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/alerts_bench';
const ADS = Number(process.env.BENCH_ADS ?? 50_000);
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100_000);
const MATCH_ADS = Number(process.env.BENCH_MATCH_ADS ?? 300);
const MAILS = Number(process.env.BENCH_MAILS ?? 5_000);
const SEED = Number(process.env.BENCH_SEED ?? 11);
const BUDGET = { matchP95Ms: 50, digestSeconds: 300, mailsPerSecond: 200 };

const count = async (db: Database, query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;

/** The ads, as bench:browse seeds them (scripts/lib/bench-stats.ts). */
async function seedAds(db: Database) {
  await seedBenchAds(db, ADS);
}

async function seedUsers(db: Database) {
  // A third of the buyers read their mail in English.
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role)
    select 'buyer-' || g, 'Cumpărător ' || g, 'buyer-' || g || '@bench.armamarket.ro', true, 'user'
    from generate_series(1, ${USERS}) g on conflict do nothing`);
  await db.execute(sql`
    insert into profiles (id, first_name, last_name, locale)
    select 'buyer-' || g, 'Cumpărător', 'Nr. ' || g, case when g % 3 = 0 then 'en' else 'ro' end
    from generate_series(1, ${USERS}) g on conflict do nothing`);
}

/**
 * Saved searches as buyers make them: the browse benchmark's URLs (text, filters, both), without the
 * sort, without the "everything" list nobody saves, and with few that only set broad filters.
 */
async function seedSearches(db: Database) {
  const existing = await count(db, sql`select count(*)::int as n from saved_searches`);
  if (existing >= SEARCHES) return;
  const rng = randomFrom(SEED);
  const keysByText = new Map<string, string[] | null>();
  const bar = progressBar('saved searches', SEARCHES - existing);
  for (let done = existing; done < SEARCHES; ) {
    const rows: Array<Record<string, unknown>> = [];
    while (rows.length < 1000 && done + rows.length < SEARCHES) {
      const query = canonicalSavedQuery(browseQuerySchema.parse(drawItem(rng).query));
      if (Object.keys(query).length === 0) continue;
      // A search saved for its alerts narrows: one broad filter alone (a category, a condition, a
      // price bound) would alert on a fair share of all ads. One in ten of those is kept.
      if (isBroad(query) && rng.next() >= 0.1) continue;
      const q = query.q ?? '';
      if (!keysByText.has(q)) keysByText.set(q, q ? await textKeysOf(db, q) : null);
      const n = done + rows.length;
      rows.push({
        userId: `buyer-${(n % USERS) + 1}`,
        name: savedSearchName(query, n % 3 === 2 ? 'en' : 'ro'),
        query,
        frequency: 'instant',
        ...matchColumns(query),
        textKeys: keysByText.get(q) ?? null,
      });
    }
    await db.insert(savedSearches).values(rows as Array<typeof savedSearches.$inferInsert>);
    done += rows.length;
    bar.update(done - existing);
  }
  bar.done();
}

const BROAD = new Set(['category', 'condition', 'priceMin', 'priceMax']);
const isBroad = (query: Record<string, unknown>) => Object.keys(query).every((key) => BROAD.has(key));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function main() {
  await ensureDatabase(url);
  const database = await openDatabase({ kind: 'pg', url, poolSize: 8 });
  await database.migrate();
  const db = database.db;
  const seedStarted = Date.now();
  await seedAds(db);
  await seedUsers(db);
  await seedSearches(db);
  // Each run starts from no matches and no queued work.
  await db.execute(sql`truncate saved_search_matches, ad_match_sets`);
  await db.execute(sql`truncate mail_deliveries`);
  // About 60% instant, 35% daily, 5% off (the digest step below makes them all daily).
  await db.execute(sql`update saved_searches set alerted_at = null, frequency = case
    when (hashtext(id::text) & 1023) < 614 then 'instant' when (hashtext(id::text) & 1023) < 973 then 'daily'
    else 'off' end`);
  await db.execute(sql`vacuum analyze`);
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const capture = await startMailCaptureProcess();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    PUBLIC_URL: 'https://armamarket.ro',
    SMTP_URL: capture.url,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
  });
  const services = createServices({ config, database, logger: createLogger('silent') });
  await services.queue.start();
  await db.execute(
    sql`delete from pgboss.job where name in ('mail', 'alert-instant', 'alert-match', 'alert-sweep')`,
  );

  const sizes = (
    await queryRows<{ searches: number; users: number; withText: number; keyed: number; listed: number }>(
      db,
      sql`select (select count(*)::int from saved_searches) as searches,
        (select count(distinct user_id)::int from saved_searches) as users,
        (select count(*)::int from saved_searches where tsq is not null) as "withText",
        (select count(*)::int from saved_searches where text_keys is not null) as keyed,
        (select count(*)::int from ads where status = 'approved' and owner_active) as listed`,
    )
  )[0]!;
  console.info('sizes', sizes);

  // 1. Matching: varied listed ads, each matched as when it is first approved.
  const ads = await queryRows<{ id: string }>(
    db,
    sql`select id from ads where status = 'approved' and owner_active
        order by hashtext(id::text || ${String(SEED)}) limit ${MATCH_ADS}`,
  );
  const timings: number[] = [];
  const selectTimings: number[] = [];
  const sweepTimings: number[] = [];
  const matched: number[] = [];
  const swept: number[] = [];
  const recordedPerAd: number[] = [];
  const bar = progressBar('ads matched', ads.length);
  for (const [i, ad] of ads.entries()) {
    const listed = await listedAd(db, ad.id);
    const selectStarted = performance.now();
    await queryRows(db, matchingSearchesSql(listed!));
    selectTimings.push(performance.now() - selectStarted);
    const started = performance.now();
    const outcome = await matchAd(services, ad.id);
    timings.push(performance.now() - started);
    matched.push(outcome.matched);
    const sweepStarted = performance.now();
    const sweep = await sweepAdMatches(services);
    swept.push(sweep.instantAlerts);
    recordedPerAd.push(sweep.recorded);
    sweepTimings.push(performance.now() - sweepStarted);
    bar.update(i + 1);
  }
  bar.done();
  timings.sort((a, b) => a - b);
  selectTimings.sort((a, b) => a - b);
  sweepTimings.sort((a, b) => a - b);
  const byMatches = [...ads.keys()].sort((a, b) => (matched[a] ?? 0) - (matched[b] ?? 0));
  const typical = ads[byMatches[Math.floor(byMatches.length / 2)]!]!;
  const heaviest = ads[byMatches.at(-1)!]!;
  const explain = async (id: string) => {
    const listed = await listedAd(db, id);
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      db,
      sql`explain (analyze, buffers, format json) ${matchingSearchesSql(listed!)}`,
    );
    return row?.['QUERY PLAN'];
  };
  const matching = {
    ads: ads.length,
    matchAdMs: {
      p50: round(percentile(timings, 50)),
      p95: round(percentile(timings, 95)),
      max: round(timings.at(-1) ?? 0),
    },
    selectOnlyMs: {
      p50: round(percentile(selectTimings, 50)),
      p95: round(percentile(selectTimings, 95)),
      max: round(selectTimings.at(-1) ?? 0),
    },
    sweepAfterEachAdMs: {
      p50: round(percentile(sweepTimings, 50)),
      p95: round(percentile(sweepTimings, 95)),
      max: round(sweepTimings.at(-1) ?? 0),
    },
    matchesPerAd: {
      mean: round(matched.reduce((a, b) => a + b, 0) / matched.length),
      max: Math.max(...matched),
    },
    pairsRecordedPerAd: round(recordedPerAd.reduce((a, b) => a + b, 0) / recordedPerAd.length),
    alertJobsQueuedPerAd: round(swept.reduce((a, b) => a + b, 0) / swept.length),
    explainTypical: await explain(typical.id),
    explainHeaviest: await explain(heaviest.id),
  };
  console.info('matching', { ...matching, explainTypical: undefined, explainHeaviest: undefined });

  // 2. The digest, worst case: every search daily, each with three new matches.
  await db.execute(sql`update saved_searches set frequency = 'daily'`);
  await db.execute(sql`truncate saved_search_matches`);
  await db.execute(sql`
    with listed as (select id, row_number() over (order by id) as i from ads where status = 'approved' and owner_active),
    n as (select count(*) as n from listed)
    insert into saved_search_matches (saved_search_id, ad_id)
    select s.id, l.id from saved_searches s cross join generate_series(0, 2) k, n, listed l
    where l.i = 1 + ((hashtext(s.id::text)::bigint & 2147483647) + k * 7919) % n.n
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze saved_search_matches`);
  const pendingMatches = await count(db, sql`select count(*)::int as n from saved_search_matches`);
  const digestStarted = Date.now();
  const digestOutcome = await buildDigest(services, new Date());
  const digestSeconds = (Date.now() - digestStarted) / 1000;
  const digest = { pendingMatches, ...digestOutcome, seconds: Math.round(digestSeconds * 10) / 10 };
  console.info('digest', digest);

  // 3. Mail throughput: the queue's worker sends the digest's mails to a local SMTP capture.
  const queuedMails = await count(
    db,
    sql`select count(*)::int as n from pgboss.job where name = 'mail' and state = 'created'`,
  );
  const mailStarted = Date.now();
  await workMail(services.queue, services);
  const mailBar = progressBar('mails', MAILS);
  while (capture.count() < MAILS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mailBar.update(Math.min(MAILS, capture.count()));
    if (Date.now() - mailStarted > 10 * 60_000) break;
  }
  mailBar.done();
  const mailSeconds = (Date.now() - mailStarted) / 1000;
  const sent = capture.count();
  const mail = {
    queued: queuedMails,
    sent,
    seconds: Math.round(mailSeconds * 10) / 10,
    perSecond: Math.round(sent / mailSeconds),
    sampleSubject: capture.sample()?.subject,
    sampleBytes: capture.sample()?.bytes,
  };
  console.info('mail', mail);
  await services.queue.stop(5_000);
  capture.close();
  await db.execute(sql`delete from pgboss.job where name in ('mail', 'alert-instant', 'alert-sweep')`);

  const shared = (await queryRows<{ setting: string }>(db, sql`show shared_buffers`))[0]?.setting;
  const report = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), sharedBuffers: shared },
    seed: SEED,
    seedSeconds,
    sizes,
    budget: BUDGET,
    met: {
      matchP95: matching.matchAdMs.p95 <= BUDGET.matchP95Ms,
      digest: digest.seconds <= BUDGET.digestSeconds,
      mailThroughput: mail.perSecond >= BUDGET.mailsPerSecond,
    },
    matching,
    digest,
    mail,
  };
  mkdirSync('bench/results', { recursive: true });
  const file = path.join('bench/results', `alerts-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.info(`\nbudgets met: ${JSON.stringify(report.met)}\nwritten to ${file}`);
  await database.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
