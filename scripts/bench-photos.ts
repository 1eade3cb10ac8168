// npm run bench:photos — the reused-photo look-up (issue 30) at 3,000,000 photo hashes: checking one
// ad's 5 photos, p95 within 20 ms. Runs on an embedded database (PGlite in memory, or kept in
// BENCH_PGLITE_DIR between runs) by default, on PostgreSQL when DATABASE_URL is set (a throwaway
// database, created if missing: the hashes are inserted into its photo_hashes). Seeds BENCH_PHOTOS
// hashes with generate_series (the band indexes built once after), then times BENCH_LOOKUPS distinct
// look-ups drawn from a seed (BENCH_SEED): each ad's photos are fresh random hashes, or, for about
// one ad in four, copies of stored photos with 0 to 6 bits flipped, as a re-encoded or cropped copy
// differs. What is timed is nearPhotos, the band-index query and the exact distances, as an ad's
// submission runs it. Writes p50/p95/p99, the copies found within the match distance (all of them,
// or the index misses some) and the EXPLAIN of the slowest look-up into bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbHandle, openDatabase, queryRows } from '../server/db/client';
import { hammingDistance } from '../server/scam/photo-hash';
import { nearPhotos, nearPhotosQuery, PHOTO_MATCH_DISTANCE } from '../server/scam/photo-matching';
import { ensureSeedUsers } from '../server/seed/synthetic';
import { randomFrom as seededRandom } from './bench-browse/workload';
import { ensureDatabase } from './lib/bench-database';
import { stats } from './lib/bench-stats';
import { progressBar } from './lib/progress';

const TARGET = Number(process.env.BENCH_PHOTOS ?? 3_000_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 3000);
const WARMUP = 200;
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 1_000_000);
const USERS = 2000;
const PHOTOS_PER_AD = 5;
const BATCH = 250_000;
const BUDGET_P95_MS = 20;
const pgUrl = process.env.DATABASE_URL;

/** The band indexes as the migrations made them: dropped while seeding, built again once after. */
const bandIndexes = (database: DbHandle) =>
  queryRows<{ name: string; def: string }>(
    database.db,
    sql`select indexname as name, indexdef as def from pg_indexes
        where tablename = 'photo_hashes' and indexname like 'photo_hashes_band%' order by indexname`,
  );

async function open(): Promise<DbHandle> {
  if (pgUrl) await ensureDatabase(pgUrl);
  const database = pgUrl
    ? await openDatabase({ kind: 'pg', url: pgUrl, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dir: process.env.BENCH_PGLITE_DIR });
  await database.migrate();
  return database;
}

const countHashes = async (database: DbHandle) =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from photo_hashes`))[0]?.n ?? 0;

/** Random 64-bit hashes in groups of five per ad, spread over USERS sellers. */
async function seed(database: DbHandle): Promise<{ seeded: number; seconds: number }> {
  const { db } = database;
  const existing = await countHashes(database);
  if (existing >= TARGET) return { seeded: 0, seconds: 0 };
  const started = Date.now();
  await ensureSeedUsers(db, USERS);
  const indexes = await bandIndexes(database);
  for (const { name } of indexes) await db.execute(sql.raw(`drop index ${name}`));
  await db.execute(sql`select setseed(${(SEED % 1000) / 1000})`);
  const bar = progressBar('photo hashes', TARGET - existing);
  for (let from = existing; from < TARGET; from += BATCH) {
    const to = Math.min(TARGET, from + BATCH);
    // The high half shifted past the sign bit wraps as two's complement, as the stored hashes do.
    await db.execute(sql`
      insert into photo_hashes (image_id, user_id, ad_id, hash, created_at)
      select gen_random_uuid(), 'seed-user-' || (1 + (g / ${PHOTOS_PER_AD}) % ${USERS}),
             md5('bench-ad-' || (g / ${PHOTOS_PER_AD}))::uuid,
             (floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint,
             now() - random() * interval '365 days'
      from generate_series(${from}::int, ${to - 1}::int) g`);
    bar.update(to - existing);
  }
  bar.done();
  for (const { def } of indexes) await db.execute(sql.raw(def));
  await db.execute(sql`vacuum analyze photo_hashes`);
  return { seeded: TARGET - existing, seconds: (Date.now() - started) / 1000 };
}

/** bench:browse's seeded generator (a run's look-ups can be drawn again), with 64-bit hashes. */
function randomFrom(seed: number) {
  const random = seededRandom(seed);
  const u64 = () => BigInt.asIntN(64, (BigInt(random.int(2 ** 32)) << 32n) | BigInt(random.int(2 ** 32)));
  return { ...random, u64 };
}

type Lookup = { ownerId: string; hashes: bigint[]; copies: Array<{ photo: number; of: string }> };

/** One ad in four is a copier's: each photo a stored one with 0 to 6 bits flipped; the rest are new. */
async function drawLookups(database: DbHandle): Promise<Lookup[]> {
  const rng = randomFrom(SEED);
  const stored = await queryRows<{ image_id: string; user_id: string; hash: string }>(
    database.db,
    sql`select image_id, user_id, hash::text as hash from photo_hashes tablesample system (1) repeatable (${SEED})
        where ad_id is not null limit ${LOOKUPS * PHOTOS_PER_AD}`,
  );
  const lookups: Lookup[] = [];
  for (let n = 0; n < LOOKUPS + WARMUP; n++) {
    const ownerId = `seed-user-${1 + rng.int(USERS)}`;
    const copier = rng.next() < 0.25;
    const hashes: bigint[] = [];
    const copies: Lookup['copies'] = [];
    for (let photo = 0; photo < PHOTOS_PER_AD; photo++) {
      const source = copier ? stored[rng.int(stored.length)] : undefined;
      if (!source || source.user_id === ownerId) {
        hashes.push(rng.u64());
        continue;
      }
      let hash = BigInt(source.hash);
      for (let flips = rng.int(7); flips > 0; flips--) hash ^= 1n << BigInt(rng.int(64));
      hashes.push(BigInt.asIntN(64, hash));
      copies.push({ photo, of: source.image_id });
    }
    lookups.push({ ownerId, hashes, copies });
  }
  return lookups;
}

async function explain(database: DbHandle, lookup: Lookup): Promise<string[]> {
  const query = nearPhotosQuery(lookup.ownerId, lookup.hashes);
  const rows = await queryRows<Record<string, string>>(database.db, sql`explain (analyze, buffers) ${query}`);
  return rows.map((row) => Object.values(row)[0] ?? '');
}

const database = await open();
const driver = pgUrl ? 'postgresql' : 'pglite';
console.log(`bench:photos on ${driver}, ${TARGET.toLocaleString('en')} hashes, seed ${SEED}`);
const seeding = await seed(database);
const rows = await countHashes(database);
const lookups = await drawLookups(database);

const times: number[] = [];
let slowest = { ms: -1, index: 0 };
let copiesWithin = 0;
let copiesFound = 0;
let candidatesFound = 0;
const bar = progressBar('look-ups', lookups.length);
for (const [index, lookup] of lookups.entries()) {
  const started = performance.now();
  const near = await nearPhotos(database.db, lookup.ownerId, lookup.hashes);
  const ms = performance.now() - started;
  bar.update(index + 1);
  if (index < WARMUP) continue;
  times.push(ms);
  if (ms > slowest.ms) slowest = { ms, index };
  candidatesFound += near.length;
  // Every copy still within the match distance of its source must be found: the index may miss none.
  for (const copy of lookup.copies) {
    const [source] = await queryRows<{ hash: string }>(
      database.db,
      sql`select hash::text as hash from photo_hashes where image_id = ${copy.of}`,
    );
    const hash = lookup.hashes[copy.photo];
    if (!source || hash === undefined || hammingDistance(hash, BigInt(source.hash)) > PHOTO_MATCH_DISTANCE)
      continue;
    copiesWithin++;
    if (near.some((match) => match.queryIndex === copy.photo && match.imageId === copy.of)) copiesFound++;
  }
}
bar.done();

const slowLookup = lookups[slowest.index];
const plan = slowLookup ? await explain(database, slowLookup) : [];
const latency = stats(times);
const report = {
  at: new Date().toISOString(),
  driver,
  photoHashes: rows,
  seeding,
  seed: SEED,
  lookups: LOOKUPS,
  photosPerLookup: PHOTOS_PER_AD,
  matchDistance: PHOTO_MATCH_DISTANCE,
  latencyMs: latency,
  budget: { p95Ms: BUDGET_P95_MS, met: latency.p95 <= BUDGET_P95_MS },
  copies: { withinDistance: copiesWithin, found: copiesFound },
  matchesFound: candidatesFound,
  slowest: { ms: Math.round(slowest.ms * 100) / 100, explain: plan },
};
const dir = path.join(process.cwd(), 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `photos-${report.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify({ ...report, slowest: { ms: report.slowest.ms } }, null, 2));
console.log(plan.join('\n'));
console.log(`written ${path.relative(process.cwd(), file)}`);
await database.close();
if (!report.budget.met || copiesFound < copiesWithin) process.exitCode = 1;
