import { serve } from '@hono/node-server';
import { buildApp, createServices } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
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
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  logger.info({ driver: database.driver }, 'database ready');

  const services = createServices({ config, database, logger });
  await seedDemoOnFirstStart(services);
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
    server.close(async () => {
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open; active ones finish their request first.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
