import { serve } from '@hono/node-server';
import { remakeSearchFields } from './ads/search-refresh';
import { refreshSearchVocabulary, vocabularyIsEmpty } from './ads/search-vocabulary';
import { buildApp, createServices } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase, SERVING_TIMEOUTS } from './db/client';
import { startMaintenance } from './jobs';
import { createLogger } from './logger';
import { seedDemoOnFirstStart } from './seed/first-start';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const database = await openConfiguredDatabase(config, { timeouts: SERVING_TIMEOUTS });
  await database.migrate();
  const remade = await remakeSearchFields(database.db);
  if (remade > 0) logger.info({ ads: remade }, 'search fields remade under the current rules');
  logger.info({ driver: database.driver }, 'database ready');

  const services = createServices({ config, database, logger });
  await seedDemoOnFirstStart(services);
  // Typo correction needs the vocabulary; the maintenance keeps it, this fills it on a first start.
  if (await vocabularyIsEmpty(database.db)) await refreshSearchVocabulary(database.db);
  const app = buildApp(services, { web: !config.apiOnly });
  const stopMaintenance = startMaintenance(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(`Marketplace listening on ${config.publicUrl} (port ${info.port})`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopMaintenance();
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('grace period over, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // A keep-alive connection is idle once its request is answered, but it would hold close() open
    // until the client hangs up or keepAliveTimeout runs out: close the idle ones now, and those whose
    // request finishes during the grace period as soon as it does.
    const closeIdle = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    };
    const sweepIdle = setInterval(closeIdle, 100);
    sweepIdle.unref();
    // close() stops accepting connections at once and calls back when the open ones are gone; the
    // database stays open until then, because the requests still running need it.
    server.close(async () => {
      clearInterval(sweepIdle);
      try {
        await database.close();
      } catch (err) {
        logger.warn({ err }, 'closing the database failed');
      }
      logger.info('stopped');
      process.exit(0);
    });
    closeIdle();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
