import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '../db/client';
import { pingDatabase } from '../db/client';
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
        'application/json': { schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
      },
    },
    503: {
      description: 'The database does not answer',
      content: {
        'application/json': {
          schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
        },
      },
    },
  },
});

export function healthRoutes(db: Database) {
  return createApiRouter().openapi(healthRoute, async (c) => {
    try {
      await pingDatabase(db);
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    } catch {
      return c.json(
        { error: { code: 'database_unavailable', message: 'The database does not answer' } },
        503,
      );
    }
  });
}
