import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { reportInputSchema, reportResultSchema } from '../../common/schemas/reports';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { clientIp } from '../http/client-ip';
import { reportAd } from '../interactions/reports';
import { errorResponses, json, jsonBodyLimit, tooManyResponse } from './openapi-kit';

const report = createRoute({
  method: 'post',
  path: '/ads/{id}/reports',
  tags: ['reports'],
  summary: 'Report a listed ad, signed in or not; a user’s open report on the ad is updated, not repeated',
  middleware: [jsonBodyLimit(16 * 1024)] as const,
  request: {
    params: z.object({ id: z.string().max(100) }),
    body: { ...json(reportInputSchema), required: true },
  },
  responses: {
    201: { description: 'Reported', ...json(reportResultSchema) },
    200: { description: 'The open report of this user was updated', ...json(reportResultSchema) },
    400: errorResponses[400],
    404: errorResponses[404],
    ...tooManyResponse,
  },
});

export function reportsRoutes(services: Services) {
  const { db, config } = services;
  return createApiRouter().openapi(report, async (c) => {
    const result = await reportAd(
      db,
      await getViewer(c),
      c.req.valid('param').id,
      c.req.valid('json'),
      clientIp(c, config.trustProxy),
    );
    return c.json(result, result.created ? 201 : 200);
  });
}
