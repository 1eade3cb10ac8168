import { buildDigest, sendInstantAlert } from '../alerts/alerts';
import { matchAd, sweepAdMatches } from '../alerts/matching';
import type { Services } from '../app-env';
import { QUEUES } from './queue';

/** The digest's schedule: 08:00 in Bucharest, whatever the server's zone and the season. */
export const DIGEST_CRON = '0 8 * * *';
export const DIGEST_TZ = 'Europe/Bucharest';

/**
 * Ads matched per fetch, and how often an idle worker asks for more (issue 32, item 9): one job per
 * 2 s poll let a moderator approving 30 ads a minute build a backlog, the last alert of a burst 19
 * minutes late. Matching one ad takes milliseconds.
 */
export const MATCH_BATCH = 25;
const MATCH_POLL_SECONDS = 1;

/** Works the saved-search queues in this process and registers the digest's cron (once per cluster). */
export async function workAlerts(services: Services): Promise<void> {
  const { boss } = services.queue;
  await boss.work<{ adId: string }>(
    QUEUES.alertMatch,
    { batchSize: MATCH_BATCH, pollingIntervalSeconds: MATCH_POLL_SECONDS },
    async (jobs) => {
      let failure: unknown = null;
      for (const job of jobs) {
        try {
          const outcome = await matchAd(services, job.data.adId);
          services.logger.info({ adId: job.data.adId, ...outcome }, 'saved searches matched');
        } catch (err) {
          failure ??= err;
          services.logger.warn({ err, adId: job.data.adId }, 'saved-search matching failed');
        }
      }
      // The batch goes back to the queue whole: matching an ad again only unites its match set.
      if (failure) throw failure;
    },
  );
  await boss.work(QUEUES.alertSweep, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const outcome = await sweepAdMatches(services);
    services.logger.info(outcome, 'ad matches swept');
  });
  await boss.work<{ savedSearchId: string }>(QUEUES.alertInstant, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const outcome = await sendInstantAlert(services, job.data.savedSearchId);
    services.logger.info({ savedSearchId: job.data.savedSearchId, outcome }, 'instant alert');
  });
  await boss.schedule(QUEUES.alertDigest, DIGEST_CRON, null, { tz: DIGEST_TZ });
  await boss.work(QUEUES.alertDigest, async ([job]) => {
    const outcome = await buildDigest(services);
    services.logger.info({ jobId: job?.id, ...outcome }, 'daily digest queued');
  });
}
