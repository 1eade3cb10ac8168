import { recountAds } from './ads/counts';
import { collectOrphanUploads, ORPHAN_AGE_MS } from './ads/orphans';
import { refreshSearchVocabulary } from './ads/search-vocabulary';
import type { Services } from './app-env';
import { pruneRateLimits } from './http/rate-limit';

export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 60 * 1000;

/**
 * How old a temp file of the storage must be before it counts as left by a crash: far longer than any
 * write takes, so that a write still in progress (here or in another process) is never touched.
 */
export const INTERRUPTED_WRITE_AGE_MS = 15 * 60 * 1000;

export type MaintenanceAges = { orphanUploadsMs?: number; interruptedWritesMs?: number };

/**
 * Housekeeping that needs no request: one pass, each job on its own so one failure skips no other.
 * The ages are there for tests that crash the server and check that one pass cleans up everything.
 */
export async function runMaintenance(services: Services, ages: MaintenanceAges = {}): Promise<void> {
  const jobs: Array<[string, () => Promise<unknown>]> = [
    ['orphan uploads', () => collectOrphanUploads(services, ages.orphanUploadsMs ?? ORPHAN_AGE_MS)],
    [
      'interrupted writes',
      async () =>
        (await services.storage.sweepInterruptedWrites?.(
          ages.interruptedWritesMs ?? INTERRUPTED_WRITE_AGE_MS,
        )) ?? 0,
    ],
    ['ad counts', () => recountAds(services.db)],
    ['search vocabulary', () => refreshSearchVocabulary(services.db)],
    ['rate limits', () => pruneRateLimits(services.db)],
  ];
  for (const [name, job] of jobs) {
    try {
      const result = await job();
      services.logger.info({ job: name, result }, 'maintenance done');
    } catch (err) {
      services.logger.error({ err, job: name }, 'maintenance failed');
    }
  }
}

/**
 * Runs the maintenance a minute after start and then hourly. The timers are unref'd so they never
 * keep the process alive; the returned function stops them (on shutdown).
 */
export function startMaintenance(services: Services, intervalMs = MAINTENANCE_INTERVAL_MS): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void runMaintenance(services).finally(() => {
      running = false;
    });
  };
  const first = setTimeout(tick, Math.min(FIRST_RUN_DELAY_MS, intervalMs));
  const every = setInterval(tick, intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
