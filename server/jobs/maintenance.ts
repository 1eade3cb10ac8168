import { lt, sql } from 'drizzle-orm';
import { recountAds } from '../ads/counts';
import { expireAds, purgeExpiredAds, sendRenewalReminders } from '../ads/lifecycle';
import { collectOrphanUploads, ORPHAN_AGE_MS } from '../ads/orphans';
import { pruneAdRemovals } from '../ads/search-index/index-sync';
import { refreshSearchVocabulary } from '../ads/search-vocabulary';
import type { Services } from '../app-env';
import { mailDeliveries } from '../db/schema/mail';
import { expireOffers } from '../deals/offers';
import { revealDueRatings } from '../deals/ratings';
import { pruneRateLimits } from '../http/rate-limit';
import { purgeGonePhotoHashes } from '../scam/photo-matching';
import { QUEUES } from './queue';

/**
 * How old a temp file of the storage must be before it counts as left by a crash: far longer than any
 * write takes, so that a write still in progress (here or in another process) is never touched.
 */
export const INTERRUPTED_WRITE_AGE_MS = 15 * 60 * 1000;

/** Delivery records outlive every job that could still retry their mail (retention is 14 days). */
const MAIL_DELIVERY_DAYS = 30;

export type MaintenanceAges = { orphanUploadsMs?: number; interruptedWritesMs?: number };

async function pruneMailDeliveries(services: Services): Promise<number> {
  const pruned = await services.db
    .delete(mailDeliveries)
    .where(lt(mailDeliveries.sentAt, sql`now() - make_interval(days => ${MAIL_DELIVERY_DAYS})`))
    .returning({ key: mailDeliveries.key });
  return pruned.length;
}

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
    // Lifecycle (issue 12): expire first, so a reminder never goes out for an ad already ended.
    ['ad expiry', () => expireAds(services)],
    ['renewal reminders', () => sendRenewalReminders(services)],
    ['expired ad purge', () => purgeExpiredAds(services)],
    // Issue 28: offers past their 48 hours, and ratings whose 30 days are over shown even unanswered.
    ['offer expiry', () => expireOffers(services)],
    ['rating reveal', () => revealDueRatings(services.db)],
    ['ad counts', () => recountAds(services.db)],
    ['search vocabulary', () => refreshSearchVocabulary(services.db)],
    ['search removals', () => pruneAdRemovals(services.db)],
    ['rate limits', () => pruneRateLimits(services.db)],
    ['mail deliveries', () => pruneMailDeliveries(services)],
    // Issue 30: a deleted ad's photo hashes are compared for 180 days, then forgotten.
    ['photo hashes', () => purgeGonePhotoHashes(services.db)],
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
 * The maintenance as a cron job of the queue: every process registers the same schedule (an upsert)
 * (hourly by default, MAINTENANCE_CRON) and works the queue, and pg-boss creates one job per occurrence for the whole cluster, which one
 * process runs.
 */
export async function workMaintenance(services: Services, cron: string): Promise<void> {
  const { boss } = services.queue;
  await boss.schedule(QUEUES.maintenance, cron, null, { tz: 'UTC' });
  await boss.work(QUEUES.maintenance, async ([job]) => {
    services.logger.info({ jobId: job?.id }, 'maintenance run');
    await runMaintenance(services);
  });
}
