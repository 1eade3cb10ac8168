import { serve } from '@hono/node-server';
import { remakeSearchFields } from './ads/search-refresh';
import { refreshSearchVocabulary, vocabularyIsEmpty } from './ads/search-vocabulary';
import { buildApp, createServices } from './app';
import { newControlToken, removeControlFile, writeControlFile } from './backup/live-pglite';
import { isClusterPrimary, runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase, SERVING_TIMEOUTS } from './db/client';
import { trackInFlight } from './http/in-flight';
import { runMaintenance } from './jobs/maintenance';
import { startWorkers } from './jobs/workers';
import { createLogger } from './logger';
import { metricsOnly } from './metrics/metrics-route';
import { seedDemoOnFirstStart } from './seed/first-start';

const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_MS = 65_000;

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
  if (isClusterPrimary(config.webConcurrency)) return runPrimary(config.webConcurrency, logger);
  const database = await openConfiguredDatabase(config, { timeouts: SERVING_TIMEOUTS });
  await database.migrate();
  const remade = await remakeSearchFields(database.db);
  if (remade > 0) logger.info({ ads: remade }, 'search fields remade under the current rules');
  logger.info({ driver: database.driver }, 'database ready');

  const services = createServices({ config, database, logger });
  await services.queue.start();
  await seedDemoOnFirstStart(services);
  // Typo correction needs the vocabulary; the maintenance keeps it, this fills it on a first start
  // (in the background: at a million ads it takes a while, and search works without it meanwhile).
  if (await vocabularyIsEmpty(database.db)) {
    const vocabularyStarted = Date.now();
    void refreshSearchVocabulary(database.db)
      .then((words) => logger.info({ words, ms: Date.now() - vocabularyStarted }, 'search vocabulary built'))
      .catch((err) => logger.warn({ err }, 'search vocabulary not built'));
  }
  // Search answers from the database until the in-memory index has loaded (seconds at a million ads).
  // A failed load (PostgreSQL restarting meanwhile) is retried with backoff: health and /metrics say so.
  const indexStarted = Date.now();
  void services.search
    .loadWithRetry((err, retryInMs) =>
      logger.warn(
        { err, retryInMs },
        'search index not loaded: search stays on the database until a retry loads it',
      ),
    )
    .then(() => {
      if (services.search.ready)
        logger.info({ ads: services.search.size, ms: Date.now() - indexStarted }, 'search index loaded');
    });
  const pglite = database.queueTarget.kind === 'pglite' ? database.queueTarget.client : null;
  const controlToken = newControlToken();
  const app = buildApp(services, {
    web: !config.apiOnly,
    control: pglite
      ? {
          token: controlToken,
          dump: () => pglite.dumpDataDir('gzip'),
          maintenance: () => runMaintenance(services),
        }
      : undefined,
  });
  await startWorkers(services);
  const handlers = trackInFlight(app.fetch);
  const metricsServer = config.metricsPort
    ? serve(
        { fetch: metricsOnly(services.metrics), port: config.metricsPort, hostname: config.host },
        (info) => logger.info(`Metrics on port ${info.port} (/metrics)`),
      )
    : null;
  const server = serve({ fetch: handlers.fetch, port: config.port, hostname: config.host }, (info) => {
    // The pid tells the processes of a WEB_CONCURRENCY cluster apart.
    logger.info({ pid: process.pid }, `Marketplace listening on ${config.publicUrl} (port ${info.port})`);
    if (pglite) writeControlFile(config.dataDir, info.port, controlToken);
  });
  // Node closes an idle keep-alive connection after 5 s; a client that sends its next request on it at
  // that moment gets a reset ("socket hang up"). Idle connections are kept longer than a proxy or a
  // browser keeps them (60 s is the usual idle timeout of load balancers), so the client closes first.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
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
    // database stays open until then, and until the handlers of clients that hung up have finished too.
    services.search.stop();
    metricsServer?.close();
    if (pglite) removeControlFile(config.dataDir);
    server.close(async () => {
      clearInterval(sweepIdle);
      if (!(await handlers.settled(SHUTDOWN_GRACE_MS / 2))) logger.warn('requests still running at shutdown');
      try {
        // Mails being sent finish (or go back to the queue for another process) before the database
        // closes under them.
        await services.queue.stop(SHUTDOWN_GRACE_MS / 2);
      } catch (err) {
        logger.warn({ err }, 'stopping the job queue failed');
      }
      services.mailer.close();
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
