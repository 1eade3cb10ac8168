import type { Services } from '../app-env';
import { describeDemoAccount, isEmptyDatabase, seedDemoData } from './demo-seed';

/**
 * A newcomer's first `npm start` shows a living marketplace: on an empty embedded database (not on
 * PostgreSQL, which is production) the demo ads and accounts are created, and the log says how to
 * sign in. DEMO_DATA=off skips it.
 */
export async function seedDemoOnFirstStart(services: Services): Promise<void> {
  const { config, logger } = services;
  if (!config.demoData || config.databaseUrl || !(await isEmptyDatabase(services))) return;
  logger.info('empty embedded database: adding demo ads and accounts (DEMO_DATA=off skips this)');
  const started = Date.now();
  const result = await seedDemoData(services);
  logger.info(
    {
      ads: result.ads,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      accounts: result.accounts.map(describeDemoAccount),
    },
    'demo data ready: sign in with one of these accounts',
  );
}
