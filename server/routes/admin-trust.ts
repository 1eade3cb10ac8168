import { createRoute } from '@hono/zod-openapi';
import { moderationReasonSchema } from '../../common/schemas/admin';
import {
  ratingHiddenSchema,
  trustReportListSchema,
  trustReportResolvedSchema,
  trustReportsQuerySchema,
} from '../../common/schemas/deals';
import type { Services } from '../app-env';
import { dismissTrustReport, hideRating, listTrustReports } from '../deals/trust-moderation';
import { createApiRouter } from '../http/api-app';
import { adminErrors, allowedViewer, allowOnly, idParams, json, jsonBody, smallJson } from './admin-kit';

// Issue 28: what moderators see of deals and ratings (denied deals, reported ratings).

const staff = allowOnly('admin.panel');
const errors = { 400: adminErrors[400], 401: adminErrors[401], 404: adminErrors[404], 409: adminErrors[409] };

const list = createRoute({
  method: 'get',
  path: '/admin/trust-reports',
  tags: ['admin'],
  summary: 'Denied deals and reported ratings, newest first',
  middleware: [staff] as const,
  request: { query: trustReportsQuerySchema },
  responses: {
    200: { description: 'The reports', ...json(trustReportListSchema) },
    400: adminErrors[400],
    401: adminErrors[401],
    404: adminErrors[404],
  },
});

const hide = createRoute({
  method: 'post',
  path: '/admin/ratings/{id}/hide',
  tags: ['admin'],
  summary: 'Hide a rating with a reason (audit log): it leaves the seller page and the average',
  middleware: [staff, smallJson] as const,
  request: { params: idParams, ...jsonBody(moderationReasonSchema) },
  responses: { 200: { description: 'Hidden', ...json(ratingHiddenSchema) }, ...errors },
});

const dismiss = createRoute({
  method: 'post',
  path: '/admin/trust-reports/{id}/dismiss',
  tags: ['admin'],
  summary: 'Close a denied deal or a rating report as seen, changing nothing else',
  middleware: [staff] as const,
  request: { params: idParams },
  responses: { 200: { description: 'Dismissed', ...json(trustReportResolvedSchema) }, ...errors },
});

export function adminTrustRoutes({ db }: Services) {
  return createApiRouter()
    .openapi(list, async (c) => {
      await allowedViewer(c, 'admin.panel');
      return c.json(await listTrustReports(db, c.req.valid('query').status), 200);
    })
    .openapi(hide, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const { reason } = c.req.valid('json');
      return c.json(await hideRating(db, viewer, c.req.valid('param').id, reason), 200);
    })
    .openapi(dismiss, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      return c.json(await dismissTrustReport(db, viewer, c.req.valid('param').id), 200);
    });
}
