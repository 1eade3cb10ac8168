import { createRoute } from '@hono/zod-openapi';
import { priceInsightAnswerSchema, priceInsightQuerySchema } from '../../common/schemas/price-insight';
import { findPriceInsight } from '../ads/price-insight';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { authorize } from '../policies/policies';
import { errorResponses, json } from './openapi-kit';

const priceInsight = createRoute({
  method: 'get',
  path: '/price-insight',
  tags: ['ads'],
  summary:
    'Issue 28: the median price of listed and sold ads of a brand, model and caliber in the last 12 months (null below 5 of them), for the post and edit form',
  request: { query: priceInsightQuerySchema },
  responses: {
    200: { description: 'The median, or null', ...json(priceInsightAnswerSchema) },
    400: errorResponses[400],
  },
});

/** Public and the same for everyone, like browse: the list cache in front of it (app.ts) spares the database. */
export function priceInsightRoutes({ db }: Services) {
  return createApiRouter().openapi(priceInsight, async (c) => {
    authorize(await getViewer(c), 'ads.browse');
    const { brand, model, caliber } = c.req.valid('query');
    return c.json({ priceInsight: await findPriceInsight(db, { brand, model, caliberId: caliber }) }, 200);
  });
}
