import { createRoute } from '@hono/zod-openapi';
import {
  moderationReasonSchema,
  reportGroupsPageSchema,
  reportsQuerySchema,
  reportsResolutionSchema,
} from '../../common/schemas/admin';
import type { Services } from '../app-env';
import { createApiRouter } from '../http/api-app';
import { dismissReports, listReportGroups, takeDownAd } from '../moderation/report-moderation';
import { adminErrors, allowedViewer, allowOnly, idParams, json, jsonBody, smallJson } from './admin-kit';

const staff = allowOnly('admin.panel');

const listReports = createRoute({
  method: 'get',
  path: '/admin/reports',
  tags: ['admin'],
  summary: 'Reports grouped by ad, the most recently reported first',
  middleware: [staff] as const,
  request: { query: reportsQuerySchema },
  responses: {
    200: { description: 'A page of groups', ...json(reportGroupsPageSchema) },
    400: adminErrors[400],
    401: adminErrors[401],
    404: adminErrors[404],
  },
});

const resolution = {
  description: 'How many reports were resolved, and the ad',
  ...json(reportsResolutionSchema),
};
const resolutionErrors = {
  400: adminErrors[400],
  401: adminErrors[401],
  404: adminErrors[404],
  409: adminErrors[409],
};

const dismiss = createRoute({
  method: 'post',
  path: '/admin/ads/{id}/reports/dismiss',
  tags: ['admin'],
  summary: "Dismiss the ad's open reports; the ad stays as it is",
  middleware: [staff] as const,
  request: { params: idParams },
  responses: { 200: resolution, ...resolutionErrors },
});

const takeDown = createRoute({
  method: 'post',
  path: '/admin/ads/{id}/take-down',
  tags: ['admin'],
  summary: 'Reject a reported ad with a reason; its open reports become actioned',
  middleware: [staff, smallJson] as const,
  request: { params: idParams, ...jsonBody(moderationReasonSchema) },
  responses: { 200: resolution, ...resolutionErrors },
});

export function adminReportsRoutes(services: Services) {
  const { db } = services;
  return createApiRouter()
    .openapi(listReports, async (c) => {
      await allowedViewer(c, 'admin.panel');
      return c.json(await listReportGroups(db, c.req.valid('query')), 200);
    })
    .openapi(dismiss, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      return c.json(await dismissReports(db, viewer, c.req.valid('param').id), 200);
    })
    .openapi(takeDown, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const { reason } = c.req.valid('json');
      return c.json(await takeDownAd(services, viewer, c.req.valid('param').id, reason), 200);
    });
}
