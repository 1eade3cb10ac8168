import { eraseAccount, purgeDeletedAccountAds } from '../account-data/deletion';
import { buildExport, expireExport } from '../account-data/exports';
import type { Services } from '../app-env';
import { QUEUES } from './queue';

/** Works issue 31's queues in this process: data exports, their expiry, account deletions. */
export async function workAccountData(services: Services): Promise<void> {
  const { boss } = services.queue;
  await boss.work<{ exportId: string }>(QUEUES.accountExport, { batchSize: 1 }, async ([job]) => {
    if (job) await buildExport(services, job.data.exportId);
  });
  await boss.work<{ exportId: string }>(QUEUES.accountExportExpire, { batchSize: 1 }, async ([job]) => {
    if (job) await expireExport(services, job.data.exportId);
  });
  await workAccountDeletions(services);
  await boss.work<{ userId: string }>(QUEUES.accountAdsPurge, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const purged = await purgeDeletedAccountAds(services, job.data.userId);
    services.logger.info({ userId: job.data.userId, purged }, 'deleted account ads purged');
  });
}

/** The deletion worker alone: a test stops it and starts it again, as a restart would. */
export async function workAccountDeletions(services: Services): Promise<void> {
  await services.queue.boss.work<{ userId: string }>(
    QUEUES.accountDelete,
    { batchSize: 1 },
    async ([job]) => {
      if (!job) return;
      await eraseAccount(services, job.data.userId);
      services.logger.info({ userId: job.data.userId }, 'account erased');
    },
  );
}
