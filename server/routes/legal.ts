import { createRoute } from '@hono/zod-openapi';
import { legalAcceptSchema, legalInfoSchema, legalStatusSchema } from '../../common/schemas/legal';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { clientIp } from '../http/client-ip';
import { acceptCurrent, legalStatus } from '../legal/acceptances';
import { authorize } from '../policies/policies';
import { errorResponse, errorResponses, json, jsonBody, jsonBodyLimit } from './openapi-kit';

const tags = ['legal'];

const info = createRoute({
  method: 'get',
  path: '/legal',
  tags,
  summary:
    'Who runs the site (from the configuration) and the current versions of the terms and privacy notice',
  responses: { 200: { description: 'Operator and versions', ...json(legalInfoSchema) } },
});

const status = createRoute({
  method: 'get',
  path: '/me/legal',
  tags,
  summary: 'What the caller accepted and when, and whether the current terms still need their acceptance',
  responses: { 200: { description: 'Acceptances', ...json(legalStatusSchema) }, 401: errorResponses[401] },
});

const accept = createRoute({
  method: 'post',
  path: '/me/legal/accept',
  tags,
  summary:
    'Accept the current terms and privacy notice (an account from before asks the 18+ declaration too)',
  middleware: [jsonBodyLimit(4 * 1024)] as const,
  request: jsonBody(legalAcceptSchema),
  responses: {
    200: { description: 'Accepted', ...json(legalStatusSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponse('Not the current versions: the page showed older texts'),
    413: errorResponse('The request is too large'),
  },
});

export function legalRoutes(services: Services) {
  const { db, config } = services;
  return createApiRouter()
    .openapi(info, async (c) => {
      authorize(await getViewer(c), 'legal.read');
      return c.json({ operator: config.operator, versions: config.legalVersions }, 200);
    })
    .openapi(status, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'legal.status');
      return c.json(await legalStatus(db, viewer.id, config.legalVersions), 200);
    })
    .openapi(accept, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'legal.accept');
      const input = c.req.valid('json');
      const ip = clientIp(c, config.trustProxy);
      return c.json(await acceptCurrent(db, viewer.id, config.legalVersions, input, ip), 200);
    });
}
