import { createRoute } from '@hono/zod-openapi';
import {
  adModerationResultSchema,
  moderationReasonSchema,
  queuePageSchema,
  queueQuerySchema,
} from '../../common/schemas/admin';
import type { Services } from '../app-env';
import { createApiRouter } from '../http/api-app';
import { setFeatured, transitionAd } from '../moderation/ad-moderation';
import { listQueue } from '../moderation/queue';
import { decideRevision } from '../moderation/revision-moderation';
import { adminErrors, allowedViewer, allowOnly, idParams, json, jsonBody, smallJson } from './admin-kit';

const staff = allowOnly('admin.panel');

const queue = createRoute({
  method: 'get',
  path: '/admin/queue',
  tags: ['admin'],
  summary:
    'Ads and edits of published ads, oldest first: waiting for review (view=waiting), or sent back to their sellers (view=seller)',
  middleware: [staff] as const,
  request: { query: queueQuerySchema },
  responses: {
    200: { description: 'A page of the queue', ...json(queuePageSchema) },
    400: adminErrors[400],
    401: adminErrors[401],
    404: adminErrors[404],
  },
});

const result = { description: "The ad's state afterwards", ...json(adModerationResultSchema) };
const actionErrors = {
  400: adminErrors[400],
  401: adminErrors[401],
  404: adminErrors[404],
  409: adminErrors[409],
};

const adAction = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    path: `/admin/ads/{id}/${path}`,
    tags: ['admin'],
    summary,
    middleware: [staff] as const,
    request: { params: idParams },
    responses: { 200: result, ...actionErrors },
  });

const adActionWithReason = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    path: `/admin/ads/{id}/${path}`,
    tags: ['admin'],
    summary,
    middleware: [staff, smallJson] as const,
    request: { params: idParams, ...jsonBody(moderationReasonSchema) },
    responses: { 200: result, ...actionErrors },
  });

const approve = adAction('approve', 'Publish a pending ad (one sent back for changes waits for its seller)');
const reject = adActionWithReason(
  'reject',
  'Reject an ad with a reason (from pending, needs_changes or approved)',
);
const requestChanges = adActionWithReason(
  'request-changes',
  'Send a pending ad back to its owner with a reason',
);
const approveRevision = adAction(
  'revision/approve',
  'Apply the pending edit of a published ad (the ad stays public throughout)',
);
const rejectRevision = adActionWithReason(
  'revision/reject',
  'Drop the edit of a published ad with a reason; the public version stays',
);
const requestRevisionChanges = adActionWithReason(
  'revision/request-changes',
  'Send the pending edit of a published ad back to its owner with a reason; the public version stays',
);
const feature = adAction('feature', 'Mark an approved ad Featured');
const unfeature = adAction('unfeature', 'Take the Featured mark away');

export function adminModerationRoutes(services: Services) {
  const { db, storage } = services;
  return createApiRouter()
    .openapi(queue, async (c) => {
      await allowedViewer(c, 'admin.panel');
      const { view, cursor } = c.req.valid('query');
      return c.json(await listQueue(db, storage, view, cursor), 200);
    })
    .openapi(approve, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      return c.json(await transitionAd(services, viewer, c.req.valid('param').id, 'approve', null), 200);
    })
    .openapi(reject, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const { reason } = c.req.valid('json');
      return c.json(await transitionAd(services, viewer, c.req.valid('param').id, 'reject', reason), 200);
    })
    .openapi(requestChanges, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const { reason } = c.req.valid('json');
      return c.json(
        await transitionAd(services, viewer, c.req.valid('param').id, 'requestChanges', reason),
        200,
      );
    })
    .openapi(approveRevision, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      return c.json(await decideRevision(services, viewer, c.req.valid('param').id, 'approve', null), 200);
    })
    .openapi(rejectRevision, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const { reason } = c.req.valid('json');
      return c.json(await decideRevision(services, viewer, c.req.valid('param').id, 'reject', reason), 200);
    })
    .openapi(requestRevisionChanges, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const { reason } = c.req.valid('json');
      return c.json(
        await decideRevision(services, viewer, c.req.valid('param').id, 'requestChanges', reason),
        200,
      );
    })
    .openapi(feature, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      return c.json(await setFeatured(services, viewer, c.req.valid('param').id, true), 200);
    })
    .openapi(unfeature, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      return c.json(await setFeatured(services, viewer, c.req.valid('param').id, false), 200);
    });
}
