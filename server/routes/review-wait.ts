import { createRoute } from '@hono/zod-openapi';
import { typicalReviewWaitSchema } from '../../common/schemas/review-wait';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { typicalReviewWait } from '../moderation/review-wait';
import { authorize } from '../policies/policies';
import { json } from './openapi-kit';

const typicalWait = createRoute({
  method: 'get',
  path: '/moderation/typical-wait',
  tags: ['ads'],
  summary:
    'How long review typically takes: the median minutes from submission to decision over the last 7 days (null with fewer than 5 decisions)',
  responses: { 200: { description: 'The typical wait', ...json(typicalReviewWaitSchema) } },
});

export function reviewWaitRoutes({ db }: Services) {
  return createApiRouter().openapi(typicalWait, async (c) => {
    authorize(await getViewer(c), 'moderation.typicalWait');
    return c.json(await typicalReviewWait(db), 200);
  });
}
