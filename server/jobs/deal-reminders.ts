import type { Services } from '../app-env';
import { sendDeregistrationReminder } from '../deals/deal-reminders';
import { QUEUES } from './queue';

/** Works issue 29's reminders in this process: the seller's deregistration step, days after a weapon deal. */
export async function workDealReminders(services: Services): Promise<void> {
  await services.queue.boss.work<{ dealId: string }>(QUEUES.dealReminder, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const outcome = await sendDeregistrationReminder(services, job.data.dealId);
    services.logger.info({ dealId: job.data.dealId, outcome }, 'deal reminder');
  });
}
