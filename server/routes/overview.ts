import { createRoute } from '@hono/zod-openapi';
import { overviewSchema } from '../../common/schemas/overview';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { loadOverview } from '../interactions/overview';
import { authorize } from '../policies/policies';
import { errorResponses } from './openapi-kit';

const overview = createRoute({
  method: 'get',
  path: '/me/overview',
  tags: ['account'],
  summary: "The dashboard's counters: own listings, pending ones, unread messages, saved ads",
  responses: {
    200: { description: 'Counters', content: { 'application/json': { schema: overviewSchema } } },
    401: errorResponses[401],
  },
});

export function overviewRoutes({ db }: Services) {
  return createApiRouter().openapi(overview, async (c) => {
    const viewer = await getViewer(c);
    authorize(viewer, 'me.read');
    return c.json(await loadOverview(db, viewer.id), 200);
  });
}
