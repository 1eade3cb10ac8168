import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { type Me, meSchema, profileUpdateSchema } from '../../common/schemas/auth';
import type { Services } from '../app-env';
import { getViewer, type Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { profiles } from '../db/schema/profiles';
import { notFound } from '../errors';
import { createApiRouter } from '../http/api-app';
import { authorize } from '../policies/policies';
import { errorResponse, errorResponses, jsonBodyLimit } from './openapi-kit';

const errors = {
  400: errorResponses[400],
  401: errorResponses[401],
  413: errorResponse('The request is too large'),
};

const getMe = createRoute({
  method: 'get',
  path: '/me',
  tags: ['account'],
  summary: 'The signed-in user with their profile',
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: meSchema } } },
    ...errors,
  },
});

const getViewerState = createRoute({
  method: 'get',
  path: '/viewer',
  tags: ['account'],
  summary: 'Who is asking: the signed-in user with their profile, or null for a visitor (never 401)',
  responses: {
    200: {
      description: 'The viewer or null',
      content: { 'application/json': { schema: meSchema.nullable() } },
    },
  },
});

const updateProfile = createRoute({
  method: 'patch',
  path: '/me/profile',
  tags: ['account'],
  summary: 'Update names, phone, address, e-mail language and the price-drop alerts',
  middleware: [jsonBodyLimit(16 * 1024)] as const,
  request: { body: { content: { 'application/json': { schema: profileUpdateSchema } }, required: true } },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: meSchema } } },
    ...errors,
  },
});

async function presentMe(db: Database, viewer: Viewer): Promise<Me> {
  const profile = (await db.select().from(profiles).where(eq(profiles.id, viewer.id)).limit(1))[0];
  if (!profile) throw notFound('Profile not found');
  return {
    id: viewer.id,
    email: viewer.email,
    emailVerified: viewer.emailVerified,
    role: viewer.role,
    twoFactorEnabled: viewer.twoFactorEnabled,
    profile: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone,
      address: profile.address,
      locale: profile.locale === 'en' ? 'en' : 'ro',
      isActive: profile.isActive,
      createdAt: profile.createdAt.toISOString(),
      priceDropAlerts: profile.priceDropAlerts,
    },
  };
}

export function meRoutes({ db }: Services) {
  return (
    createApiRouter()
      .openapi(getMe, async (c) => {
        const viewer = await getViewer(c);
        authorize(viewer, 'me.read');
        return c.json(await presentMe(db, viewer), 200);
      })
      // The app asks this on every first load: a visitor is a normal state, not a failed request.
      .openapi(getViewerState, async (c) => {
        const viewer = await getViewer(c);
        return c.json(viewer ? await presentMe(db, viewer) : null, 200);
      })
      .openapi(updateProfile, async (c) => {
        const viewer = await getViewer(c);
        authorize(viewer, 'me.update');
        const input = c.req.valid('json');
        await db
          .update(profiles)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone ?? null,
            address: input.address ?? null,
            ...(input.locale ? { locale: input.locale } : {}),
            ...(input.priceDropAlerts !== undefined ? { priceDropAlerts: input.priceDropAlerts } : {}),
          })
          .where(eq(profiles.id, viewer.id));
        return c.json(await presentMe(db, viewer), 200);
      })
  );
}
