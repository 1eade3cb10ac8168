import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import {
  countAds,
  ensureSeedUsers,
  insertSyntheticBatch,
  withAdIndexesDropped,
} from '../../server/seed/synthetic';
import { progressBar } from './progress';

export type Stats = { n: number; p50: number; p95: number; p99: number; max: number };

/** Percentiles of a run's latencies (ms, two decimals). */
export function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 100) / 100;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

/**
 * Tops the benchmark database up to `target` synthetic ads (500 sellers), 10,000 a statement with the
 * ad indexes dropped meanwhile, then VACUUM ANALYZE; shared by bench:browse and bench:ssr.
 */
export async function seedBenchAds(db: Database, target: number) {
  const existing = await countAds(db);
  if (existing >= target) return { seeded: 0, existing };
  await ensureSeedUsers(db, 500);
  const bar = progressBar('ads', target - existing);
  const started = Date.now();
  await withAdIndexesDropped(db, async () => {
    for (let from = existing; from < target; from += 10_000) {
      const to = Math.min(target, from + 10_000);
      await insertSyntheticBatch(db, from, to, 500);
      bar.update(to - existing);
    }
    bar.done();
  });
  await db.execute(sql`vacuum analyze`);
  return { seeded: target - existing, existing, seconds: (Date.now() - started) / 1000 };
}
