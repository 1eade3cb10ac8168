import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  adDetailSchema,
  adEditResultSchema,
  adEditSchema,
  adGoneSchema,
  adInputSchema,
  adPageSchema,
  browseQuerySchema,
  myAdsSchema,
  renewByTokenSchema,
  renewResultSchema,
} from '../../common/schemas/ads';
import { createAd, deleteAd, updateAd } from '../ads/commands';
import { loadAdDetail } from '../ads/detail';
import { findAds } from '../ads/find-ads';
import { markAdSold, ownerIsActive, renewAd } from '../ads/lifecycle';
import { adWriteLimits } from '../ads/limits';
import { findAdSubject, listOwnAds } from '../ads/queries';
import { verifyRenewalToken } from '../ads/renewal-token';
import type { Services } from '../app-env';
import { getViewer, requireViewer, type Viewer } from '../auth/viewer';
import { AppError, notFound } from '../errors';
import { createApiRouter } from '../http/api-app';
import { clientIp } from '../http/client-ip';
import { enforceRateLimits } from '../http/rate-limit';
import { invalidTransition } from '../moderation/ad-moderation';
import { authorize, can } from '../policies/policies';
import {
  errorResponse,
  errorResponses,
  idParams,
  json,
  jsonBodyLimit,
  signedInFirst,
  tooManyResponse,
} from './openapi-kit';

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
  summary: 'One ad: listed (and recently sold) ones to anyone, others to the owner and moderators',
  request: { params: idParams },
  responses: {
    200: { description: 'The ad', ...json(adDetailSchema) },
    404: errorResponses[404],
    410: { description: 'Gone: sold, expired or removed, with the reason', ...json(adGoneSchema) },
  },
});

const renew = createRoute({
  method: 'post',
  path: '/ads/{id}/renew',
  tags: ['ads'],
  summary: 'List an own approved or expired ad for another period, without review',
  request: { params: idParams },
  responses: {
    200: { description: 'Renewed', ...json(renewResultSchema) },
    ...errorResponses,
    409: errorResponse('Not renewable in its status'),
  },
});

const renewByToken = createRoute({
  method: 'post',
  path: '/ads/renew-by-token',
  tags: ['ads'],
  summary: 'Renew an ad from the mailed one-click link (no sign-in)',
  middleware: [jsonBodyLimit(1024)] as const,
  request: { body: { ...json(renewByTokenSchema), required: true } },
  responses: {
    200: { description: 'Renewed', ...json(renewResultSchema) },
    400: errorResponse('Forged or expired link (code renewal_link_invalid / renewal_link_expired)'),
    404: errorResponses[404],
    409: errorResponse('Not renewable in its status'),
  },
});

const markSold = createRoute({
  method: 'post',
  path: '/ads/{id}/sold',
  tags: ['ads'],
  summary: 'Mark an own ad sold: out of the lists, its page keeps a banner for 30 days',
  request: { params: idParams },
  responses: {
    200: { description: 'The ad, sold', ...json(adDetailSchema) },
    ...errorResponses,
    409: errorResponse('Not in a status that can be sold'),
  },
});

const postAd = createRoute({
  method: 'post',
  path: '/ads',
  tags: ['ads'],
  summary: 'Submit an ad for review',
  middleware: [signedInFirst, adBodyLimit] as const,
  request: { body: { ...json(adInputSchema), required: true } },
  responses: {
    201: { description: 'Created, pending review', ...json(adDetailSchema) },
    ...errorResponses,
    ...tooManyResponse,
  },
});

const putAd = createRoute({
  method: 'put',
  path: '/ads/{id}',
  tags: ['ads'],
  summary:
    'Edit an own ad. A published ad stays public as approved: a lower price applies at once, other changes wait for review (editOutcome says which); any other ad goes back to review',
  middleware: [signedInFirst, adBodyLimit] as const,
  request: { params: idParams, body: { ...json(adEditSchema), required: true } },
  responses: {
    200: {
      description: 'Saved; the ad as its owner sees it, with what happened',
      ...json(adEditResultSchema),
    },
    ...errorResponses,
    ...tooManyResponse,
  },
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
  const { db, storage, config } = services;
  const submitter = (c: Context, viewer: Viewer) => ({
    id: viewer.id,
    email: viewer.email,
    clientIp: clientIp(c, services.config.trustProxy),
  });
  return createApiRouter()
    .openapi(browse, async (c) => {
      authorize(await getViewer(c), 'ads.browse');
      return c.json(await findAds(db, storage, c.req.valid('query'), services.search), 200);
    })
    .openapi(getAd, async (c) => {
      const viewer = await getViewer(c);
      return c.json(await loadAdDetail(services, viewer, c.req.valid('param').id), 200);
    })
    .openapi(postAd, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'ad.create');
      await enforceRateLimits(db, adWriteLimits('create', viewer.id, clientIp(c, config.trustProxy)));
      const id = await createAd(services, submitter(c, viewer), c.req.valid('json'));
      return c.json(await loadAdDetail(services, viewer, id), 201);
    })
    .openapi(putAd, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      const ad = await findAdSubject(db, id);
      if (!ad) throw notFound();
      authorize(viewer, 'ad.update', ad);
      await enforceRateLimits(db, adWriteLimits('edit', viewer.id, clientIp(c, config.trustProxy)));
      const editOutcome = await updateAd(services, id, submitter(c, viewer), c.req.valid('json'));
      return c.json({ ...(await loadAdDetail(services, viewer, id)), editOutcome }, 200);
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
    .openapi(renew, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      const ad = await findAdSubject(db, id);
      if (!ad) throw notFound();
      // Someone else's ad is not found; one's own in the wrong status is a conflict.
      authorize(viewer, 'ad.update', ad);
      if (!can(viewer, 'ad.renew', ad)) throw invalidTransition();
      return c.json(await renewAd(services, id), 200);
    })
    .openapi(renewByToken, async (c) => {
      authorize(await getViewer(c), 'ad.renewByToken');
      const check = verifyRenewalToken(services.config, c.req.valid('json').token);
      if (!check.ok) {
        throw new AppError(
          400,
          `renewal_link_${check.reason}`,
          check.reason === 'expired' ? 'This renewal link has expired' : 'This renewal link is not valid',
        );
      }
      if (!(await ownerIsActive(db, check.adId))) throw notFound();
      return c.json(await renewAd(services, check.adId), 200);
    })
    .openapi(markSold, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      const ad = await findAdSubject(db, id);
      if (!ad) throw notFound();
      // Someone else's ad is not found; one's own in the wrong status is a conflict.
      authorize(viewer, 'ad.update', ad);
      if (!can(viewer, 'ad.markSold', ad)) throw invalidTransition();
      await markAdSold(services, id);
      return c.json(await loadAdDetail(services, viewer, id), 200);
    })
    .openapi(myAds, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'ads.listOwn');
      return c.json(await listOwnAds(db, storage, viewer.id), 200);
    });
}
