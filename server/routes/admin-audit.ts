import { createRoute } from '@hono/zod-openapi';
import { auditPageSchema, pageQuerySchema } from '../../common/schemas/admin';
import type { Services } from '../app-env';
import { createApiRouter } from '../http/api-app';
import { listAudit } from '../moderation/audit';
import { adminErrors, allowedViewer, allowOnly, json } from './admin-kit';

const audit = createRoute({
  method: 'get',
  path: '/admin/audit',
  tags: ['admin'],
  summary: 'The moderation audit trail, newest first (admin.super only)',
  middleware: [allowOnly('audit.read')] as const,
  request: { query: pageQuerySchema },
  responses: {
    200: { description: 'A page of the trail', ...json(auditPageSchema) },
    400: adminErrors[400],
    401: adminErrors[401],
    404: adminErrors[404],
  },
});

export function adminAuditRoutes({ db }: Services) {
  return createApiRouter().openapi(audit, async (c) => {
    await allowedViewer(c, 'audit.read');
    return c.json(await listAudit(db, c.req.valid('query').cursor), 200);
  });
}
