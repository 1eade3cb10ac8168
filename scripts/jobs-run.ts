// npm run jobs:run -- maintenance: runs the hourly maintenance now (after an import, say) instead of
// waiting for the hour. On PostgreSQL it runs in this process beside any servers; on the embedded
// database, a running server does it (the database is its alone), or this process when none runs.

import { createServices } from '../server/app';
import { askLiveServer, CONTROL_MAINTENANCE_PATH } from '../server/backup/live-pglite';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/client';
import { runMaintenance } from '../server/jobs/maintenance';
import { createLogger } from '../server/logger';

const JOBS = ['maintenance'] as const;
const job = process.argv[2];
if (!JOBS.includes(job as (typeof JOBS)[number])) {
  console.error(`Usage: npm run jobs:run -- <job>, one of: ${JOBS.join(', ')}`);
  process.exit(2);
}
const config = loadConfig();
const started = Date.now();
if (!config.databaseUrl && (await askLiveServer(config.dataDir, CONTROL_MAINTENANCE_PATH))) {
  console.log(`The running server ran the maintenance in ${Date.now() - started} ms.`);
} else {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const services = createServices({ config, database, logger: createLogger(config.logLevel) });
    await runMaintenance(services);
    services.mailer.close();
  } finally {
    await database.close();
  }
  console.log(`Maintenance done in ${Date.now() - started} ms.`);
}
