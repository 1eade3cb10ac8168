import type { Services } from '../app-env';
import { workAccountData } from './account-data';
import { workAlerts } from './alerts';
import { workDealReminders } from './deal-reminders';
import { workMail } from './mail-job';
import { workMaintenance } from './maintenance';
import { workPriceDrops } from './price-drops';

/**
 * Makes this process one of the cluster's workers: it sends queued mail, matches saved searches and
 * sends their alerts and the price drops, and takes its turn at the cron jobs. Call after `services.queue.start()`.
 */
export async function startWorkers(services: Services): Promise<void> {
  await workMail(services.queue, services);
  await workMaintenance(services, services.config.maintenanceCron);
  await workAlerts(services);
  await workAccountData(services);
  await workPriceDrops(services);
  await workDealReminders(services);
}
