import path from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { AdGoneError } from './ads/gone';
import { IndexedSearch } from './ads/search-index/index-sync';
import type { AppDeps, AppEnv, Services } from './app-env';
import { createAuth } from './auth/auth';
import { AUTH_BODY_SCHEMAS, authRoutes } from './auth/auth-routes';
import { hashingForRequest } from './auth/password-hashing';
import { resolveAuthSecret } from './auth/secret';
import { sessionRoutes } from './auth/session-routes';
import { viewerMiddleware } from './auth/viewer';
import { type ControlActions, mountControl } from './backup/live-pglite';
import { isDatabaseUnavailableError, isDatabaseUnreachable } from './db/client';
import { AppError, errorBody } from './errors';
import { createApiRouter } from './http/api-app';
import { createMicroCache } from './http/micro-cache';
import { authEndpointDocs, openApiDocument, registerAuthEndpoints } from './http/openapi-contract';
import { requestLog } from './http/request-log';
import { sameOrigin } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { mountSpa } from './http/spa';
import { wholeBodyCompression } from './http/whole-body-compression';
import { createJobQueue } from './jobs/queue';
import { createLimiter } from './limiter';
import { createMailer } from './mail/mailer';
import { AppMetrics } from './metrics/metrics';
import { metricsRoute } from './metrics/metrics-route';
import { accountDataRoutes } from './routes/account-data';
import { adminAuditRoutes } from './routes/admin-audit';
import { adminModerationRoutes } from './routes/admin-moderation';
import { adminReportsRoutes } from './routes/admin-reports';
import { adminSuspectsRoutes } from './routes/admin-suspects';
import { adminTrustRoutes } from './routes/admin-trust';
import { adminUsersRoutes } from './routes/admin-users';
import { adsRoutes } from './routes/ads';
import { conversationsRoutes } from './routes/conversations';
import { dealContractRoutes } from './routes/deal-contract';
import { dealersRoutes } from './routes/dealers';
import { dealsRoutes } from './routes/deals';
import { favoritesRoutes } from './routes/favorites';
import { handoversRoutes } from './routes/handovers';
import { healthRoutes } from './routes/health';
import { legalRoutes } from './routes/legal';
import { meRoutes } from './routes/me';
import { overviewRoutes } from './routes/overview';
import { priceInsightRoutes } from './routes/price-insight';
import { reportsRoutes } from './routes/reports';
import { reviewWaitRoutes } from './routes/review-wait';
import { savedSearchesRoutes } from './routes/saved-searches';
import { sellersRoutes } from './routes/sellers';
import { uploadsRoutes } from './routes/uploads';
import { assetHints } from './seo/asset-hints';
import { pageRenderer } from './seo/pages';
import { robotsTxt } from './seo/robots';
import { sitemapRoutes } from './seo/sitemap';
import { createLocalDiskStorage } from './storage/local-disk-storage';
import { serveStorage } from './storage/serve-storage';

export type AppOptions = {
  /** Serve the built SPA next to the API (the production server); API tests leave it out. */
  web?: boolean;
  /** The embedded database's dump for `npm run db:backup` while the server runs (server/backup/). */
  control?: { token: string } & ControlActions;
};

/** Uploaded images are served from here, with immutable caching (their keys never repeat). */
const MEDIA_PREFIX = '/media';

export function createServices(deps: AppDeps): Services {
  const { config, database, logger } = deps;
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const queue = createJobQueue(
    database.queueTarget,
    {
      superviseSeconds: config.queueSuperviseSeconds,
      mailRetrySeconds: config.mailRetrySeconds,
      mailRetryLimit: config.mailRetryLimit,
      runSchedules: config.queueSchedules,
    },
    logger,
  );
  const auth = createAuth({
    db: database.db,
    secret: resolveAuthSecret(config),
    publicUrl: config.publicUrl,
    queue,
    appOrigins: config.appOrigins,
    legalVersions: config.legalVersions,
  });
  const storage =
    deps.storage ??
    createLocalDiskStorage({ rootDir: path.join(config.dataDir, 'uploads'), publicBaseUrl: MEDIA_PREFIX });
  const search = new IndexedSearch(database.db);
  const metrics = new AppMetrics({ db: database.db, queue, search });
  return { config, db: database.db, auth, mailer, queue, storage, logger, search, metrics };
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  return buildApp(createServices(deps), options);
}

/**
 * Writes that cannot change what a public list shows: sign-in and the rest of auth, uploads (unseen
 * until an ad uses them), messages, favorites, reports and saved searches. Under load they are most of the writes,
 * and each would otherwise empty the list cache.
 */
const LIST_NEUTRAL_WRITES =
  /^\/api\/(auth\/.*|uploads|conversations\/.*|me\/favorites\/.*|me\/dealer|me\/saved-searches(\/.*)?|saved-searches\/unsubscribe|ads\/[^/]+\/(messages|reports))$/;

export function buildApp(services: Services, options: AppOptions = {}) {
  const { config, logger } = services;
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(services.metrics.middleware());
  app.use(requestLog(logger));
  app.use(securityHeaders({ https: config.publicUrl.startsWith('https:') }));
  app.use(compress());
  app.use(wholeBodyCompression());

  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      if (err instanceof AdGoneError) return c.json({ error: err.gone }, 410);
      return c.json(errorBody(err.code, err.message), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(errorBody('http_error', err.message || 'Bad request'), err.status);
    }
    // An outage is not a bug: the client may retry (PostgreSQL restarts in seconds), and a load balancer
    // may send it elsewhere. The pool's state covers errors that a library rethrew as one of its own
    // (better-auth turns a failed session lookup into a plain 500).
    if (isDatabaseUnavailableError(err) || isDatabaseUnreachable(services.db)) {
      c.get('log').warn({ err }, 'database unavailable');
      c.header('Retry-After', '5');
      return c.json(
        errorBody(
          'database_unavailable',
          'The service cannot reach its database. Try again in a few seconds.',
        ),
        503,
      );
    }
    c.get('log').error({ err }, 'unhandled error');
    return c.json(errorBody('internal_error', 'Something went wrong. Please try again.'), 500);
  });

  app.use('/api/*', sameOrigin(config, logger));
  // Public lists are the same for everyone: a few seconds in memory (see micro-cache.ts).
  const listCache = createMicroCache({
    ttlMs: config.listCacheMs,
    maxEntries: 500,
    keepsLists: (path) => LIST_NEUTRAL_WRITES.test(path),
  });
  app.use('/api/*', listCache.invalidateOnWrite);
  app.use('/api/ads', listCache.middleware);
  // Seller pages and the typical review wait are the same for everyone too (issue 12).
  // Issue 28: the post form's price insight, likewise (the form asks as the seller types).
  for (const path of [
    '/api/sellers/:id',
    '/api/sellers/:id/ads',
    '/api/moderation/typical-wait',
    '/api/price-insight',
  ])
    app.use(path, listCache.middleware);
  // A sign-in's password hash is dropped when its client leaves (password-hashing.ts).
  // Only the auth endpoints hash passwords. Reading a request's signal makes @hono/node-server build a
  // full web Request: elsewhere that costs every request, and it held a stopping server's exit ~3 s.
  app.use('/api/auth/*', hashingForRequest);
  app.use('/api/*', viewerMiddleware(services.auth, services.db));
  app.route(
    '/api',
    authRoutes(services.auth, services.db, {
      trustProxy: config.trustProxy,
      queue: services.queue,
      publicUrl: config.publicUrl,
    }),
  );

  const api = createApiRouter();
  api.route('/', healthRoutes(services.db, services.search));
  api.route('/', meRoutes(services));
  api.route('/', sessionRoutes(services));
  api.route('/', legalRoutes(services));
  api.route('/', accountDataRoutes(services));
  api.route('/', adsRoutes(services));
  api.route('/', uploadsRoutes(services));
  api.route('/', conversationsRoutes(services));
  api.route('/', favoritesRoutes(services));
  api.route('/', reportsRoutes(services));
  api.route('/', savedSearchesRoutes(services));
  api.route('/', dealersRoutes(services));
  api.route('/', overviewRoutes(services));
  api.route('/', sellersRoutes(services));
  api.route('/', priceInsightRoutes(services));
  api.route('/', dealsRoutes(services));
  api.route('/', handoversRoutes(services));
  api.route('/', dealContractRoutes(services));
  api.route('/', reviewWaitRoutes(services));
  api.route('/', adminModerationRoutes(services));
  api.route('/', adminReportsRoutes(services));
  api.route('/', adminUsersRoutes(services));
  api.route('/', adminAuditRoutes(services));
  api.route('/', adminTrustRoutes(services));
  api.route('/', adminSuspectsRoutes(services));
  registerAuthEndpoints(api, authEndpointDocs(AUTH_BODY_SCHEMAS));
  api.get('/openapi.json', (c) => c.json(openApiDocument(api)));
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody('not_found', 'No such API route'), 404));
  app.get(`${MEDIA_PREFIX}/*`, serveStorage(services.storage, { prefix: MEDIA_PREFIX }));

  if (options.control) mountControl(app, options.control.token, options.control);
  app.get('/metrics', metricsRoute(services.metrics, config.metricsToken));
  app.get('/robots.txt', robotsTxt(config.publicUrl));
  app.route('/', sitemapRoutes(services));
  if (options.web)
    mountSpa(
      app,
      config.webDist,
      pageRenderer(app, config.publicUrl, {
        hints: assetHints,
        gate: createLimiter(config.pageConcurrency || Number.POSITIVE_INFINITY),
        onRenderError: (error, url) =>
          logger.error({ err: error, url }, 'server render failed: the browser draws the page alone'),
      }),
    );
  else app.notFound((c) => c.json(errorBody('not_found', 'Not found'), 404));
  return app;
}
