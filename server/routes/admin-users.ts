import { createRoute } from '@hono/zod-openapi';
import {
  adminUserSchema,
  roleChangeSchema,
  userDeactivationSchema,
  usersPageSchema,
  usersQuerySchema,
} from '../../common/schemas/admin';
import type { Services } from '../app-env';
import { notFound } from '../errors';
import { createApiRouter } from '../http/api-app';
import { findUserSubject, listUsers, setModeratorRole, setUserActive } from '../moderation/user-moderation';
import { authorizeShown } from '../policies/policies';
import { adminErrors, allowedViewer, allowOnly, idParams, json, jsonBody, smallJson } from './admin-kit';

const staff = allowOnly('admin.panel');

const users = createRoute({
  method: 'get',
  path: '/admin/users',
  tags: ['admin'],
  summary: 'Every account, newest first, with what the caller may do to each',
  middleware: [staff] as const,
  request: { query: usersQuerySchema },
  responses: {
    200: { description: 'A page of accounts', ...json(usersPageSchema) },
    400: adminErrors[400],
    401: adminErrors[401],
    404: adminErrors[404],
  },
});

const changed = { description: 'The account afterwards', ...json(adminUserSchema) };

const deactivate = createRoute({
  method: 'post',
  path: '/admin/users/{id}/deactivate',
  tags: ['admin'],
  summary: 'Deactivate an account: its sessions end and its ads leave the public lists',
  middleware: [staff, smallJson] as const,
  request: { params: idParams, body: { ...json(userDeactivationSchema), required: false } },
  responses: { 200: changed, ...adminErrors },
});

const reactivate = createRoute({
  method: 'post',
  path: '/admin/users/{id}/reactivate',
  tags: ['admin'],
  summary: 'Reactivate an account; its approved ads are listed again',
  middleware: [staff] as const,
  request: { params: idParams },
  responses: { 200: changed, ...adminErrors },
});

const setRole = createRoute({
  method: 'put',
  path: '/admin/users/{id}/role',
  tags: ['admin'],
  summary: 'Grant or remove admin.moderator (admin.super only); the account is signed out',
  middleware: [staff, smallJson] as const,
  request: { params: idParams, ...jsonBody(roleChangeSchema) },
  responses: { 200: changed, ...adminErrors },
});

export function adminUsersRoutes(services: Services) {
  const { db } = services;
  const target = async (id: string) => {
    const found = await findUserSubject(db, id);
    if (!found) throw notFound();
    return found;
  };
  return createApiRouter()
    .openapi(users, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      return c.json(await listUsers(db, viewer, c.req.valid('query')), 200);
    })
    .openapi(deactivate, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const account = await target(c.req.valid('param').id);
      authorizeShown(viewer, 'user.manage', account);
      // The body is optional: without one the validator hands over {}.
      const reason = c.req.valid('json')?.reason ?? null;
      return c.json(await setUserActive(services, viewer, account, false, reason), 200);
    })
    .openapi(reactivate, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const account = await target(c.req.valid('param').id);
      authorizeShown(viewer, 'user.manage', account);
      return c.json(await setUserActive(services, viewer, account, true, null), 200);
    })
    .openapi(setRole, async (c) => {
      const viewer = await allowedViewer(c, 'admin.panel');
      const account = await target(c.req.valid('param').id);
      authorizeShown(viewer, 'user.setRole', account);
      const deps = { db, queue: services.queue, publicUrl: services.config.publicUrl };
      return c.json(await setModeratorRole(deps, viewer, account, c.req.valid('json').role), 200);
    });
}
