import type { Services } from '../app-env';
import { fanOutPriceDrop, sendPriceDropAlert } from '../price-drops/price-drops';
import { QUEUES } from './queue';

/** Works issue 28's price-drop queues in this process: the fan-out of a drop, then each person's mail. */
export async function workPriceDrops(services: Services): Promise<void> {
  const { boss } = services.queue;
  await boss.work<{ adId: string; fromPrice: number }>(
    QUEUES.priceDropFanout,
    { batchSize: 1 },
    async ([job]) => {
      if (!job) return;
      const outcome = await fanOutPriceDrop(services, job.data);
      services.logger.info({ adId: job.data.adId, ...outcome }, 'price drop told');
    },
  );
  await boss.work<{ userId: string }>(QUEUES.priceDropAlert, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const outcome = await sendPriceDropAlert(services, job.data.userId);
    services.logger.info({ outcome }, 'price-drop alert');
  });
}
