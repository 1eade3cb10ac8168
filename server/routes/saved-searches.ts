import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  savedSearchCreateSchema,
  savedSearchListSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  unsubscribeInfoSchema,
} from '../../common/schemas/saved-searches';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchOpened,
  savedSearchOwner,
  unsubscribe,
  updateSavedSearch,
} from '../alerts/saved-searches';
import { UNSUBSCRIBE_TOKEN_MAX, verifyUnsubscribeToken } from '../alerts/unsubscribe-token';
import type { Services } from '../app-env';
import { getViewer, requireViewer } from '../auth/viewer';
import { AppError, notFound } from '../errors';
import { createApiRouter } from '../http/api-app';
import { authorize } from '../policies/policies';
import { errorResponse, errorResponses, idParams, json, jsonBody, jsonBodyLimit } from './openapi-kit';

const tags = ['saved searches'];

const list = createRoute({
  method: 'get',
  path: '/me/saved-searches',
  tags,
  summary:
    "The caller's saved searches, oldest first, with the ads that matched each since it was last opened",
  responses: {
    200: { description: 'Saved searches', ...json(savedSearchListSchema) },
    401: errorResponses[401],
  },
});

const create = createRoute({
  method: 'post',
  path: '/me/saved-searches',
  tags,
  summary:
    'Save a browse query (its filters; paging and sort are dropped), named from its filters unless named',
  middleware: [jsonBodyLimit(8 * 1024)] as const,
  request: jsonBody(savedSearchCreateSchema),
  responses: {
    201: { description: 'Saved', ...json(savedSearchSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponse(
      'The same search is saved already (code saved_search_exists, filters compared normalized), or at the limit of saved searches (code saved_search_limit)',
    ),
  },
});

const update = createRoute({
  method: 'patch',
  path: '/me/saved-searches/{id}',
  tags,
  summary: 'Rename a saved search, or change how often it alerts (instant, daily, off)',
  middleware: [jsonBodyLimit(4 * 1024)] as const,
  request: { params: idParams, ...jsonBody(savedSearchUpdateSchema) },
  responses: {
    200: { description: 'Updated', ...json(savedSearchSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const opened = createRoute({
  method: 'post',
  path: '/me/saved-searches/{id}/opened',
  tags,
  summary: 'The caller opened the search: its count of new ads starts again from now',
  request: { params: idParams },
  responses: {
    200: { description: 'Marked', ...json(savedSearchSchema) },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/me/saved-searches/{id}',
  tags,
  summary: 'Delete a saved search (its alerts stop)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, 401: errorResponses[401], 404: errorResponses[404] },
});

const tokenQuery = z.object({ token: z.string().max(UNSUBSCRIBE_TOKEN_MAX) });
const tokenErrors = {
  400: errorResponse('Forged or expired link (code unsubscribe_link_invalid / unsubscribe_link_expired)'),
  404: errorResponses[404],
};

const unsubscribeInfo = createRoute({
  method: 'get',
  path: '/saved-searches/unsubscribe',
  tags,
  summary: "What an alert mail's unsubscribe link names (the page asks before posting)",
  request: { query: tokenQuery },
  responses: { 200: { description: 'The search', ...json(unsubscribeInfoSchema) }, ...tokenErrors },
});

const unsubscribeNow = createRoute({
  method: 'post',
  path: '/saved-searches/unsubscribe',
  tags,
  summary:
    "Turn off the alerts an unsubscribe link names, without a session: the page's button and RFC 8058 one-click (List-Unsubscribe-Post) alike",
  middleware: [jsonBodyLimit(4 * 1024)] as const,
  request: { query: tokenQuery },
  responses: { 200: { description: 'Unsubscribed', ...json(unsubscribeInfoSchema) }, ...tokenErrors },
});

export function savedSearchesRoutes(services: Services) {
  const { db } = services;
  const checkToken = (token: string) => {
    const check = verifyUnsubscribeToken(services.config, token);
    if (!check.ok) {
      throw new AppError(
        400,
        `unsubscribe_link_${check.reason}`,
        check.reason === 'expired'
          ? 'This unsubscribe link has expired'
          : 'This unsubscribe link is not valid',
      );
    }
    return check.target;
  };
  /** Someone else's search is not found, like one that does not exist. */
  const own = async (id: string) => {
    const search = await savedSearchOwner(db, id);
    if (!search) throw notFound();
    return search;
  };
  return createApiRouter()
    .openapi(list, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'savedSearches.list');
      return c.json(await listSavedSearches(db, viewer.id), 200);
    })
    .openapi(create, async (c) => {
      const viewer = await requireViewer(c);
      authorize(viewer, 'savedSearch.create');
      const input = c.req.valid('json');
      return c.json(await createSavedSearch(db, viewer.id, input), 201);
    })
    .openapi(update, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      authorize(viewer, 'savedSearch.manage', await own(id));
      return c.json(await updateSavedSearch(db, viewer.id, id, c.req.valid('json')), 200);
    })
    .openapi(opened, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      authorize(viewer, 'savedSearch.manage', await own(id));
      return c.json(await markSavedSearchOpened(db, viewer.id, id), 200);
    })
    .openapi(remove, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      authorize(viewer, 'savedSearch.manage', await own(id));
      await deleteSavedSearch(db, viewer.id, id);
      return c.body(null, 204);
    })
    .openapi(unsubscribeInfo, async (c) => {
      authorize(await getViewer(c), 'savedSearch.unsubscribeByToken');
      const found = await unsubscribe(db, checkToken(c.req.valid('query').token), false);
      if (!found) throw notFound();
      return c.json(found, 200);
    })
    .openapi(unsubscribeNow, async (c) => {
      authorize(await getViewer(c), 'savedSearch.unsubscribeByToken');
      const done = await unsubscribe(db, checkToken(c.req.valid('query').token), true);
      if (!done) throw notFound();
      return c.json(done, 200);
    });
}
