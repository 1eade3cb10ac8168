import type { MiddlewareHandler } from 'hono';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { IndexedSearch } from '../ads/search-index/index-sync';
import { type Database, poolUse } from '../db/client';
import { type JobQueue, QUEUES } from '../jobs/queue';

/** What the metrics read at scrape time: the services are built before the metrics are. */
export type MetricSources = {
  db: Database;
  queue: JobQueue;
  search: IndexedSearch;
};

/**
 * The process's metrics in the Prometheus text format (prom-client), one registry per app so that
 * the test files' many apps do not share counters. Requests and mails are counted as they happen;
 * the queue, the index and the pool are read when scraped.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to its headers), by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly mails = new Counter({
    name: 'mail_deliveries_total',
    help: 'Mails handed to SMTP or the outbox: sent, failed (to be retried) or dead (refused for good)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    queueGauges(this.registry, sources.queue);
    searchGauges(this.registry, sources.search);
    poolGauges(this.registry, sources.db);
  }

  /** Counts and times every request by the route pattern Hono matched (never the raw path: bounded labels). */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now();
      await next();
      const labels = {
        method: c.req.method,
        route: routeLabel(c.req.routePath),
        status: String(c.res.status),
      };
      this.httpRequests.inc(labels);
      this.httpDuration.observe(labels, (performance.now() - started) / 1000);
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** A pattern such as `/api/ads/:id`; the catch-alls of pages and assets are one label each. */
function routeLabel(routePath: string | undefined): string {
  if (!routePath || routePath === '/*' || routePath === '*') return 'other';
  return routePath;
}

function queueGauges(registry: Registry, queue: JobQueue) {
  const names = Object.values(QUEUES);
  const read = async () => {
    try {
      return await queue.boss.getQueues(names);
    } catch {
      return []; // not started, or the database is away: the scrape still answers
    }
  };
  const gauge = (name: string, help: string, pick: (q: Awaited<ReturnType<typeof read>>[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await read()) this.set({ queue: q.name }, pick(q));
      },
    });
  gauge(
    'job_queue_waiting',
    'Jobs queued and not yet started, per queue (deferred ones included)',
    (q) => q.queuedCount,
  );
  gauge('job_queue_active', 'Jobs being worked now, per queue', (q) => q.activeCount);
  gauge(
    'job_queue_failed',
    'Failed jobs still kept, per queue (a rolling count of recent failures)',
    (q) => q.failedCount,
  );
}

function searchGauges(registry: Registry, search: IndexedSearch) {
  new Gauge({
    name: 'search_index_ads',
    help: 'Listed ads in the in-memory search index (0 while it loads)',
    registers: [registry],
    collect() {
      this.set(search.size);
    },
  });
  new Gauge({
    name: 'search_index_ready',
    help: '1 when searches are answered from the index, 0 while they fall back to the database',
    registers: [registry],
    collect() {
      this.set(search.ready ? 1 : 0);
    },
  });
  new Gauge({
    name: 'search_index_horizon_age_seconds',
    help: 'Seconds since the index last read what was written in the database (its horizon)',
    registers: [registry],
    collect() {
      const at = search.stats.caughtUpAt;
      this.set(at ? (Date.now() - at) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'search_index_catch_ups_total',
    help: 'Catch-ups the index ran (reads of the rows written since its horizon)',
    registers: [registry],
    collect() {
      this.set(search.stats.catchUps);
    },
  });
  new Gauge({
    name: 'search_index_load_failures_total',
    help: 'Loads of the index that failed (each is retried with backoff)',
    registers: [registry],
    collect() {
      this.set(search.stats.loadFailures);
    },
  });
}

function poolGauges(registry: Registry, db: Database) {
  const gauge = (
    name: string,
    help: string,
    pick: (use: NonNullable<ReturnType<typeof poolUse>>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const use = poolUse(db);
        this.set(use ? pick(use) : 0);
      },
    });
  gauge(
    'db_pool_connections',
    'Connections the serving pool holds (PostgreSQL; 0 on PGlite)',
    (u) => u.total,
  );
  gauge('db_pool_idle', 'Idle connections in the serving pool', (u) => u.idle);
  gauge('db_pool_waiting', 'Queries waiting for a connection of the serving pool', (u) => u.waiting);
  gauge('db_pool_max', 'The serving pool size', (u) => u.max);
}
