import { createRoute } from '@hono/zod-openapi';
import {
  adminDealerApplicationSchema,
  dealerApplicationInputSchema,
  dealerApplicationsPageSchema,
  dealerApplicationsQuerySchema,
  dealerReasonSchema,
  dealerStateSchema,
} from '../../common/schemas/dealers';
import type { Services } from '../app-env';
import { getViewer, type Viewer } from '../auth/viewer';
import type { DealerDecision } from '../dealers/dealer-mail';
import {
  applyAsDealer,
  dealerState,
  decideDealerApplication,
  findDealerApplication,
  listDealerApplications,
} from '../dealers/dealers';
import { notFound } from '../errors';
import { createApiRouter } from '../http/api-app';
import { authorize } from '../policies/policies';
import { adminErrors, allowedViewer, allowOnly, idParams, json, jsonBody, smallJson } from './admin-kit';
import { errorResponse, errorResponses, jsonBodyLimit, signedInFirst } from './openapi-kit';

const mine = createRoute({
  method: 'get',
  path: '/me/dealer',
  tags: ['dealers'],
  summary: 'Whether the caller is a verified dealer, and their latest application',
  responses: { 200: { description: 'The state', ...json(dealerStateSchema) }, 401: errorResponses[401] },
});

const apply = createRoute({
  method: 'post',
  path: '/me/dealer',
  tags: ['dealers'],
  summary:
    'Apply to be shown as a verified dealer: business name, CUI (check digit verified), authorisation number',
  middleware: [signedInFirst, jsonBodyLimit(4 * 1024)] as const,
  request: jsonBody(dealerApplicationInputSchema),
  responses: {
    201: { description: 'Filed; an admin reviews it', ...json(dealerStateSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponse('An application is pending (application_pending), or the caller is a dealer already'),
  },
});

const reviewers = allowOnly('dealers.review');

const list = createRoute({
  method: 'get',
  path: '/admin/dealers',
  tags: ['admin'],
  summary: 'Dealer applications in one status (pending by default, oldest first), for admin.super',
  middleware: [reviewers] as const,
  request: { query: dealerApplicationsQuerySchema },
  responses: {
    200: { description: 'A page of applications', ...json(dealerApplicationsPageSchema) },
    400: adminErrors[400],
    401: adminErrors[401],
    404: adminErrors[404],
  },
});

const decided = { description: 'The application afterwards', ...json(adminDealerApplicationSchema) };

const approve = createRoute({
  method: 'post',
  path: '/admin/dealers/{id}/approve',
  tags: ['admin'],
  summary: 'Approve a pending application: the badge shows on the dealer’s ads; the applicant is mailed',
  middleware: [reviewers] as const,
  request: { params: idParams },
  responses: { 200: decided, ...adminErrors },
});

const refuse = createRoute({
  method: 'post',
  path: '/admin/dealers/{id}/refuse',
  tags: ['admin'],
  summary: 'Refuse a pending application with a reason, which the applicant is mailed',
  middleware: [reviewers, smallJson] as const,
  request: { params: idParams, ...jsonBody(dealerReasonSchema) },
  responses: { 200: decided, ...adminErrors },
});

const withdraw = createRoute({
  method: 'post',
  path: '/admin/dealers/{id}/withdraw',
  tags: ['admin'],
  summary: 'Withdraw the badge an approved application gave, with a reason, which the dealer is mailed',
  middleware: [reviewers, smallJson] as const,
  request: { params: idParams, ...jsonBody(dealerReasonSchema) },
  responses: { 200: decided, ...adminErrors },
});

export function dealersRoutes(services: Services) {
  const { db } = services;
  const decide = async (viewer: Viewer, id: string, decision: DealerDecision, reason: string | null) => {
    const found = await findDealerApplication(db, id);
    if (!found) throw notFound();
    authorize(viewer, 'dealer.decide', found.application);
    return decideDealerApplication(services, viewer, found, decision, reason);
  };
  return createApiRouter()
    .openapi(mine, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'dealer.readOwn');
      return c.json(await dealerState(db, viewer), 200);
    })
    .openapi(apply, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'dealer.apply');
      return c.json(await applyAsDealer(db, viewer, c.req.valid('json')), 201);
    })
    .openapi(list, async (c) => {
      const viewer = await allowedViewer(c, 'dealers.review');
      return c.json(await listDealerApplications(db, viewer, c.req.valid('query')), 200);
    })
    .openapi(approve, async (c) => {
      const viewer = await allowedViewer(c, 'dealers.review');
      return c.json(await decide(viewer, c.req.valid('param').id, 'approve', null), 200);
    })
    .openapi(refuse, async (c) => {
      const viewer = await allowedViewer(c, 'dealers.review');
      return c.json(await decide(viewer, c.req.valid('param').id, 'refuse', c.req.valid('json').reason), 200);
    })
    .openapi(withdraw, async (c) => {
      const viewer = await allowedViewer(c, 'dealers.review');
      return c.json(
        await decide(viewer, c.req.valid('param').id, 'withdraw', c.req.valid('json').reason),
        200,
      );
    });
}
