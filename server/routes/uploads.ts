import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../../common/limits';
import { uploadResultSchema } from '../../common/schemas/ads';
import { saveUpload } from '../ads/uploads';
import type { AppEnv, Services } from '../app-env';
import { getViewer, requireViewer } from '../auth/viewer';
import { errorBody } from '../errors';
import { createApiRouter } from '../http/api-app';
import { clientIp } from '../http/client-ip';
import { enforceRateLimits } from '../http/rate-limit';
import { authorize } from '../policies/policies';
import { errorResponses, payloadResponses, tooManyResponse } from './openapi-kit';

/** Room for the multipart envelope around a file of the largest allowed size. */
const UPLOAD_BODY_MAX = UPLOAD_MAX_BYTES + 64 * 1024;
/** A busy seller's hour: twenty ads of five photos (AD_LIMITS), with retakes. */
export const UPLOADS_PER_HOUR = 120;
/** Per client address, looser than per user: several sellers may share one mobile address. */
export const UPLOADS_PER_ADDRESS_HOUR = 300;

const uploadForm = z.object({
  file: z
    .custom<File>((value) => value instanceof File, { message: 'Choose an image file to upload' })
    .meta({ type: 'string', format: 'binary' }),
});

export function uploadsRoutes(services: Services) {
  const { db } = services;

  /**
   * Before the body is read: the declared size (or the bytes as they stream in), then the caller,
   * then their hourly allowance. A 50 MB upload is refused from its Content-Length alone.
   */
  const gate: MiddlewareHandler<AppEnv>[] = [
    bodyLimit({
      maxSize: UPLOAD_BODY_MAX,
      onError: (c) => c.json(errorBody('too_large', 'The image is larger than 10 MB'), 413),
    }),
    async (c, next) => {
      const viewer = await requireViewer(c);
      await enforceRateLimits(db, [
        { key: `upload:user:${viewer.id}`, max: UPLOADS_PER_HOUR, windowSeconds: 3600 },
        {
          key: `upload:ip:${clientIp(c, services.config.trustProxy)}`,
          max: UPLOADS_PER_ADDRESS_HOUR,
          windowSeconds: 3600,
        },
      ]);
      await next();
    },
  ];

  const upload = createRoute({
    method: 'post',
    path: '/uploads',
    tags: ['uploads'],
    summary: 'Upload an ad image (multipart field "file"); it stays unattached until an ad uses it',
    middleware: gate,
    request: { body: { content: { 'multipart/form-data': { schema: uploadForm } }, required: true } },
    responses: {
      201: { description: 'Stored', content: { 'application/json': { schema: uploadResultSchema } } },
      ...errorResponses,
      ...payloadResponses,
      ...tooManyResponse,
    },
  });

  return createApiRouter().openapi(upload, async (c) => {
    const viewer = await getViewer(c);
    authorize(viewer, 'upload.create');
    const { file } = c.req.valid('form');
    const bytes = Buffer.from(await file.arrayBuffer());
    return c.json(await saveUpload(services, viewer.id, bytes), 201);
  });
}
