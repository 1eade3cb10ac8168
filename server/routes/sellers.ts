import { createRoute } from '@hono/zod-openapi';
import { sellerAdsPageSchema, sellerAdsQuerySchema, sellerProfileSchema } from '../../common/schemas/sellers';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { loadSellerProfile, requireSeller } from '../sellers/profile';
import { listSellerAds } from '../sellers/seller-ads';
import { errorResponses, idParams, json } from './openapi-kit';

const tags = ['sellers'];

const profile = createRoute({
  method: 'get',
  path: '/sellers/{id}',
  tags,
  summary:
    "A seller's public profile: name, county, member since, verified e-mail, active and sold counts, typical reply time (never contact details)",
  request: { params: idParams },
  responses: {
    200: { description: 'The profile', ...json(sellerProfileSchema) },
    404: errorResponses[404],
  },
});

const ads = createRoute({
  method: 'get',
  path: '/sellers/{id}/ads',
  tags,
  summary: "A seller's listed ads, newest first, 24 per keyset page",
  request: { params: idParams, query: sellerAdsQuerySchema },
  responses: {
    200: { description: 'A page', ...json(sellerAdsPageSchema) },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export function sellersRoutes({ db, storage }: Services) {
  return createApiRouter()
    .openapi(profile, async (c) => {
      const viewer = await getViewer(c);
      return c.json(await loadSellerProfile(db, viewer, c.req.valid('param').id), 200);
    })
    .openapi(ads, async (c) => {
      const seller = await requireSeller(db, await getViewer(c), c.req.valid('param').id);
      return c.json(await listSellerAds(db, storage, seller.id, c.req.valid('query').cursor), 200);
    });
}
