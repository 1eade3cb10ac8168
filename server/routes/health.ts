import { createRoute, z } from '@hono/zod-openapi';
import type { IndexedSearch } from '../ads/search-index/index-sync';
import { type Database, DatabaseUnavailableError, pingDatabase } from '../db/client';
import { createApiRouter } from '../http/api-app';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'The server and its database answer',
      content: {
        'application/json': {
          schema: z.object({
            status: z.literal('ok'),
            database: z.literal('ok'),
            // What answers search: the in-memory index, or the database while the index loads.
            search: z.enum(['index', 'database']),
            // The index's load: done, under way, or failed and waiting to be tried again.
            searchIndex: z.enum(['loaded', 'loading', 'retrying']),
            // The runtime as the server sees it (the project pins Node 24 through the `node` package).
            node: z.string(),
          }),
        },
      },
    },
    503: {
      description: 'The database does not answer (with Retry-After)',
      content: {
        'application/json': {
          schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
        },
      },
    },
  },
});

export function healthRoutes(db: Database, search: IndexedSearch) {
  return createApiRouter().openapi(healthRoute, async (c) => {
    try {
      await pingDatabase(db);
    } catch (err) {
      // Whatever the ping met (refused, timed out, pool closed), the answer is the app's one 503.
      throw err instanceof DatabaseUnavailableError
        ? err
        : new DatabaseUnavailableError('The database does not answer', { cause: err });
    }
    const answeredBy = search.ready ? ('index' as const) : ('database' as const);
    const indexState: 'loaded' | 'loading' | 'retrying' = search.ready
      ? 'loaded'
      : search.stats.retrying
        ? 'retrying'
        : 'loading';
    return c.json(
      {
        status: 'ok' as const,
        database: 'ok' as const,
        search: answeredBy,
        searchIndex: indexState,
        node: process.version,
      },
      200,
    );
  });
}
