import { createRoute } from '@hono/zod-openapi';
import {
  adDetailSchema,
  adInputSchema,
  adPageSchema,
  browseQuerySchema,
  myAdsSchema,
} from '../../common/schemas/ads';
import { createAd, deleteAd, updateAd } from '../ads/commands';
import { loadAdDetail } from '../ads/detail';
import { findAds } from '../ads/find-ads';
import { findAdSubject, listOwnAds } from '../ads/queries';
import type { Services } from '../app-env';
import { getViewer, requireViewer } from '../auth/viewer';
import { notFound } from '../errors';
import { createApiRouter } from '../http/api-app';
import { authorize } from '../policies/policies';
import { errorResponses, idParams, json, jsonBodyLimit, signedInFirst } from './openapi-kit';

/** An ad form is a few kilobytes; anything far bigger is refused before it is read. */
const JSON_BODY_MAX = 64 * 1024;
const adBodyLimit = jsonBodyLimit(JSON_BODY_MAX);

const browse = createRoute({
  method: 'get',
  path: '/ads',
  tags: ['ads'],
  summary: 'Approved ads, filtered and sorted, one keyset page at a time',
  request: { query: browseQuerySchema },
  responses: { 200: { description: 'A page', ...json(adPageSchema) }, 400: errorResponses[400] },
});

const getAd = createRoute({
  method: 'get',
  path: '/ads/{id}',
  tags: ['ads'],
  summary: 'One ad: approved ones to anyone, others to the owner and moderators',
  request: { params: idParams },
  responses: { 200: { description: 'The ad', ...json(adDetailSchema) }, 404: errorResponses[404] },
});

const postAd = createRoute({
  method: 'post',
  path: '/ads',
  tags: ['ads'],
  summary: 'Submit an ad for review',
  middleware: [signedInFirst, adBodyLimit] as const,
  request: { body: { ...json(adInputSchema), required: true } },
  responses: { 201: { description: 'Created, pending review', ...json(adDetailSchema) }, ...errorResponses },
});

const putAd = createRoute({
  method: 'put',
  path: '/ads/{id}',
  tags: ['ads'],
  summary: 'Replace an own ad; it goes back to review',
  middleware: [signedInFirst, adBodyLimit] as const,
  request: { params: idParams, body: { ...json(adInputSchema), required: true } },
  responses: { 200: { description: 'Updated, pending review', ...json(adDetailSchema) }, ...errorResponses },
});

const removeAd = createRoute({
  method: 'delete',
  path: '/ads/{id}',
  tags: ['ads'],
  summary: 'Delete an ad with its images',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, 401: errorResponses[401], 404: errorResponses[404] },
});

const myAds = createRoute({
  method: 'get',
  path: '/me/ads',
  tags: ['ads'],
  summary: "The signed-in user's ads, every status, newest first",
  responses: { 200: { description: 'Own ads', ...json(myAdsSchema) }, 401: errorResponses[401] },
});

export function adsRoutes(services: Services) {
  const { db, storage } = services;
  return createApiRouter()
    .openapi(browse, async (c) => {
      authorize(await getViewer(c), 'ads.browse');
      return c.json(await findAds(db, storage, c.req.valid('query')), 200);
    })
    .openapi(getAd, async (c) => {
      const viewer = await getViewer(c);
      return c.json(await loadAdDetail(services, viewer, c.req.valid('param').id), 200);
    })
    .openapi(postAd, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'ad.create');
      const id = await createAd(services, viewer.id, c.req.valid('json'));
      return c.json(await loadAdDetail(services, viewer, id), 201);
    })
    .openapi(putAd, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      const ad = await findAdSubject(db, id);
      if (!ad) throw notFound();
      authorize(viewer, 'ad.update', ad);
      await updateAd(services, id, viewer.id, c.req.valid('json'));
      return c.json(await loadAdDetail(services, viewer, id), 200);
    })
    .openapi(removeAd, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      const ad = await findAdSubject(db, id);
      if (!ad) throw notFound();
      authorize(viewer, 'ad.delete', ad);
      await deleteAd(services, id);
      return c.body(null, 204);
    })
    .openapi(myAds, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'ads.listOwn');
      return c.json(await listOwnAds(db, storage, viewer.id), 200);
    });
}
