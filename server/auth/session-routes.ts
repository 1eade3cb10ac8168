import { createRoute } from '@hono/zod-openapi';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { type AccountSession, accountSessionsSchema, endedSessionsSchema } from '../../common/schemas/auth';
import type { Services } from '../app-env';
import { session } from '../db/schema/auth';
import { createApiRouter } from '../http/api-app';
import { authorize } from '../policies/policies';
import { errorResponses, idParams, json } from '../routes/openapi-kit';
import { deviceOf } from './device';
import { requireViewer, type Viewer } from './viewer';

const tags = ['account'];
const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;

const list = createRoute({
  method: 'get',
  path: '/me/sessions',
  tags,
  summary: "The account's sessions, newest use first: device, first and last use, the current one marked",
  responses: { 200: { description: 'Sessions', ...json(accountSessionsSchema) }, 401: errorResponses[401] },
});

const endOne = createRoute({
  method: 'delete',
  path: '/me/sessions/{id}',
  tags,
  summary: 'End another session of the account (the current one ends by signing out)',
  request: { params: idParams },
  responses: { 204: { description: 'Ended' }, 401: errorResponses[401], 404: errorResponses[404] },
});

const endOthers = createRoute({
  method: 'post',
  path: '/me/sessions/end-others',
  tags,
  summary: 'End every session of the account but the current one',
  responses: {
    200: { description: 'How many ended', ...json(endedSessionsSchema) },
    401: errorResponses[401],
  },
});

const present = (viewer: Viewer, row: typeof session.$inferSelect): AccountSession => ({
  id: row.id,
  ...deviceOf(row.userAgent),
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.updatedAt.toISOString(),
  current: row.id === viewer.sessionId,
});

/** Settings' list of the account's sessions (issue 26): a stolen or forgotten one can be ended. */
export function sessionRoutes({ db }: Services) {
  const live = (userId: string) => and(eq(session.userId, userId), gt(session.expiresAt, new Date()));
  return createApiRouter()
    .openapi(list, async (c) => {
      const viewer = await requireViewer(c);
      authorize(viewer, 'sessions.list');
      const rows = await db.select().from(session).where(live(viewer.id)).orderBy(desc(session.updatedAt));
      return c.json({ sessions: rows.map((row) => present(viewer, row)) }, 200);
    })
    .openapi(endOne, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      // better-auth's ids are URL-safe letters and digits: anything else (a NUL the database would
      // refuse with an error) names no session, and is answered like one that is not the caller's.
      const [found] = SESSION_ID.test(id)
        ? await db
            .select({ id: session.id, userId: session.userId })
            .from(session)
            .where(eq(session.id, id))
            .limit(1)
        : [];
      authorize(viewer, 'session.end', found ?? { id, userId: '' });
      await db.delete(session).where(and(eq(session.id, id), eq(session.userId, viewer.id)));
      return c.body(null, 204);
    })
    .openapi(endOthers, async (c) => {
      const viewer = await requireViewer(c);
      authorize(viewer, 'sessions.endOthers');
      const ended = await db
        .delete(session)
        .where(and(eq(session.userId, viewer.id), ne(session.id, viewer.sessionId)))
        .returning({ id: session.id });
      return c.json({ ended: ended.length }, 200);
    });
}
