import { createRoute } from '@hono/zod-openapi';
import { suspectListSchema } from '../../common/schemas/suspects';
import type { Services } from '../app-env';
import { createApiRouter } from '../http/api-app';
import { listSuspects } from '../scam/suspects';
import { adminErrors, allowedViewer, allowOnly, json } from './admin-kit';

// Issue 30: the accounts whose risky messages reach many people; deactivated from here through
// POST /api/admin/users/{id}/deactivate, as from the users list.

const list = createRoute({
  method: 'get',
  path: '/admin/suspects',
  tags: ['admin'],
  summary:
    'Accounts whose risky messages reached many different people in the last hours, with their rule counts',
  middleware: [allowOnly('scam.suspects')] as const,
  responses: {
    200: { description: 'The suspects, most recipients first', ...json(suspectListSchema) },
    401: adminErrors[401],
    404: adminErrors[404],
  },
});

export function adminSuspectsRoutes({ db }: Services) {
  return createApiRouter().openapi(list, async (c) => {
    const viewer = await allowedViewer(c, 'scam.suspects');
    return c.json(await listSuspects(db, viewer), 200);
  });
}
