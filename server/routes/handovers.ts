import { createRoute } from '@hono/zod-openapi';
import { dealSchema } from '../../common/schemas/deals';
import {
  dealerHandoverListSchema,
  dealerHandoverSchema,
  dealerServicesInputSchema,
  dealerServicesQuerySchema,
  handoverAnswerSchema,
  handoverRequestInputSchema,
  myDealerServicesSchema,
  transferDealerListSchema,
} from '../../common/schemas/handovers';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { myDealerServices, saveDealerServices, transferDealers } from '../handovers/dealer-services';
import {
  answerHandover,
  cancelHandover,
  dealerHandovers,
  requestHandover,
} from '../handovers/handover-requests';
import { createApiRouter } from '../http/api-app';
import {
  errorResponse,
  errorResponses,
  idParams,
  json,
  jsonBody,
  jsonBodyLimit,
  signedInFirst,
  tooManyResponse,
} from './openapi-kit';

// Issue 29, handover at an armurier: dealers' transfer services and the handover requests of deals.

const smallBody = jsonBodyLimit(8 * 1024);
const conflict = (description: string) => ({ 409: errorResponse(description) });

const myServicesRoute = createRoute({
  method: 'get',
  path: '/me/dealer/services',
  tags: ['dealers'],
  summary: 'The transfer services the caller offers as a verified dealer, and whether they may',
  responses: {
    200: { description: 'The services', ...json(myDealerServicesSchema) },
    401: errorResponses[401],
  },
});

const saveServicesRoute = createRoute({
  method: 'put',
  path: '/me/dealer/services',
  tags: ['dealers'],
  summary:
    'A verified dealer sets their transfer services: a fee in whole lei for each offered (null: not offered), their county and address',
  middleware: [signedInFirst, smallBody] as const,
  request: jsonBody(dealerServicesInputSchema),
  responses: {
    200: { description: 'Saved', ...json(myDealerServicesSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponse('Not a verified dealer (dealer_not_verified)'),
  },
});

const transferDealersRoute = createRoute({
  method: 'get',
  path: '/dealer-services',
  tags: ['dealers'],
  summary: 'Verified dealers offering transfer services in one to four counties (the legal guide lists them)',
  request: { query: dealerServicesQuerySchema },
  responses: {
    200: { description: 'The dealers, by county then name', ...json(transferDealerListSchema) },
    400: errorResponses[400],
  },
});

const requestRoute = createRoute({
  method: 'post',
  path: '/deals/{id}/handovers',
  tags: ['deals'],
  summary:
    'Either side of a weapon deal asks a dealer offering the service for it on a wished day, with a note; the dealer is mailed',
  middleware: [signedInFirst, smallBody] as const,
  request: { params: idParams, ...jsonBody(handoverRequestInputSchema) },
  responses: {
    201: { description: 'Asked; the deal afterwards', ...json(dealSchema) },
    ...errorResponses,
    ...conflict(
      'A request is waiting (handover_pending), the dealer offers no services now (dealer_unavailable) or not this one (service_not_offered), or the deal has no handover (invalid_transition)',
    ),
    ...tooManyResponse,
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/handover-requests/{id}/cancel',
  tags: ['deals'],
  summary: 'The one who asked takes back a request still waiting; the dealer is mailed',
  middleware: [signedInFirst] as const,
  request: { params: idParams },
  responses: {
    200: { description: 'The deal afterwards', ...json(dealSchema) },
    401: errorResponses[401],
    404: errorResponses[404],
    ...conflict('Already answered or cancelled (invalid_transition)'),
  },
});

const dealerRequestsRoute = createRoute({
  method: 'get',
  path: '/me/handover-requests',
  tags: ['dealers'],
  summary: 'The handover requests sent to the caller as a dealer: waiting ones first, then the newest',
  responses: {
    200: { description: 'The requests', ...json(dealerHandoverListSchema) },
    401: errorResponses[401],
  },
});

const answerRoute = createRoute({
  method: 'post',
  path: '/handover-requests/{id}/answer',
  tags: ['dealers'],
  summary:
    'The dealer asked accepts or declines a waiting request, with an optional note; both sides are mailed',
  middleware: [signedInFirst, smallBody] as const,
  request: { params: idParams, ...jsonBody(handoverAnswerSchema) },
  responses: {
    200: { description: 'The request afterwards', ...json(dealerHandoverSchema) },
    ...errorResponses,
    ...conflict('Already answered or cancelled (invalid_transition)'),
  },
});

export function handoversRoutes(services: Services) {
  const { db } = services;
  return createApiRouter()
    .openapi(myServicesRoute, async (c) => c.json(await myDealerServices(db, await getViewer(c)), 200))
    .openapi(saveServicesRoute, async (c) =>
      c.json(await saveDealerServices(db, await getViewer(c), c.req.valid('json')), 200),
    )
    .openapi(transferDealersRoute, async (c) => {
      const items = await transferDealers(db, await getViewer(c), c.req.valid('query').county);
      return c.json({ items }, 200);
    })
    .openapi(requestRoute, async (c) => {
      const viewer = await getViewer(c);
      const deal = await requestHandover(services, viewer, c.req.valid('param').id, c.req.valid('json'));
      return c.json(deal, 201);
    })
    .openapi(cancelRoute, async (c) =>
      c.json(await cancelHandover(services, await getViewer(c), c.req.valid('param').id), 200),
    )
    .openapi(dealerRequestsRoute, async (c) =>
      c.json({ items: await dealerHandovers(db, await getViewer(c)) }, 200),
    )
    .openapi(answerRoute, async (c) => {
      const viewer = await getViewer(c);
      return c.json(
        await answerHandover(services, viewer, c.req.valid('param').id, c.req.valid('json')),
        200,
      );
    });
}
