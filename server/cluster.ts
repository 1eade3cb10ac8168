import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

const RESTART_DELAY_MS = 1_000;

/**
 * WEB_CONCURRENCY above 1 (issue 27): this process forks that many servers sharing its port and only
 * watches them. One Node process renders pages on one core; on a machine of two, a page spends about
 * as long in PostgreSQL as in Node, and the second process uses the core the first leaves idle.
 * Every worker is a whole server (its own search index, pools and job workers), as two servers on two
 * machines are: rate limits, the queue, the cron and the index's catch-up already hold across processes.
 *
 * The workers start one after the other, the next once the previous listens, so that a first start's
 * one-time work (migrations, the demo data, the search vocabulary) runs once. A worker that dies is
 * started again after a second; SIGTERM or SIGINT is passed to every worker, and the primary exits
 * when they have finished their requests.
 */
export function runPrimary(workers: number, logger: Logger) {
  let stopping = false;
  let exitCode = 0;
  const live = new Set<Worker>();
  const fork = () =>
    new Promise<void>((resolve) => {
      const worker = cluster.fork();
      live.add(worker);
      worker.once('listening', () => resolve());
      worker.once('exit', (code, signal) => {
        live.delete(worker);
        resolve();
        if (stopping) {
          exitCode = Math.max(exitCode, code ?? 0);
          if (live.size === 0) process.exit(exitCode);
          return;
        }
        logger.error({ pid: worker.process.pid, code, signal }, 'server process died: starting another');
        setTimeout(() => void fork(), RESTART_DELAY_MS);
      });
    });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return (async () => {
    for (let i = 0; i < workers && !stopping; i++) await fork();
    logger.info({ workers }, 'server processes started');
  })();
}

/** Whether this process only forks and watches the servers (WEB_CONCURRENCY above 1). */
export const isClusterPrimary = (workers: number) => workers > 1 && cluster.isPrimary;
