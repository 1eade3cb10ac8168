import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { favoriteIdsSchema, favoriteListSchema } from '../../common/schemas/favorites';
import type { Services } from '../app-env';
import { getViewer, requireViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { addFavorite, favoriteIds, listFavorites, removeFavorite } from '../interactions/favorites';
import { authorize } from '../policies/policies';
import { errorResponses, json, tooManyResponse } from './openapi-kit';

const adParams = z.object({ adId: z.string().max(100) });
const tags = ['favorites'];

const list = createRoute({
  method: 'get',
  path: '/me/favorites',
  tags,
  summary: "The caller's saved ads that are still listed, last saved first, with their sellers",
  responses: { 200: { description: 'Saved ads', ...json(favoriteListSchema) }, 401: errorResponses[401] },
});

const ids = createRoute({
  method: 'get',
  path: '/me/favorites/ids',
  tags,
  summary: 'The ids of the ads the caller saved, for the heart buttons',
  responses: { 200: { description: 'Ad ids', ...json(favoriteIdsSchema) }, 401: errorResponses[401] },
});

const add = createRoute({
  method: 'put',
  path: '/me/favorites/{adId}',
  tags,
  summary: 'Save a listed ad (again is fine)',
  request: { params: adParams },
  responses: {
    204: { description: 'Saved' },
    401: errorResponses[401],
    404: errorResponses[404],
    ...tooManyResponse,
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/me/favorites/{adId}',
  tags,
  summary: 'Forget a saved ad (one not saved is fine)',
  request: { params: adParams },
  responses: { 204: { description: 'Forgotten' }, 401: errorResponses[401], ...tooManyResponse },
});

export function favoritesRoutes(services: Services) {
  const { db, storage } = services;
  return createApiRouter()
    .openapi(list, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'favorites.list');
      return c.json(await listFavorites(db, storage, viewer.id), 200);
    })
    .openapi(ids, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'favorites.list');
      return c.json({ ids: await favoriteIds(db, viewer.id) }, 200);
    })
    .openapi(add, async (c) => {
      // A visitor is asked to sign in (401) rather than told the ad is not there.
      const viewer = await requireViewer(c);
      await addFavorite(db, viewer, c.req.valid('param').adId);
      return c.body(null, 204);
    })
    .openapi(remove, async (c) => {
      await removeFavorite(db, await getViewer(c), c.req.valid('param').adId);
      return c.body(null, 204);
    });
}
