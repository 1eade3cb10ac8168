import { createRoute } from '@hono/zod-openapi';
import { dataExportListSchema, dataExportSchema, deleteAccountSchema } from '../../common/schemas/legal';
import { requestDeletion } from '../account-data/deletion';
import { listExports, readExport, requestExport } from '../account-data/exports';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { clientIp } from '../http/client-ip';
import {
  errorResponse,
  errorResponses,
  idParams,
  json,
  jsonBody,
  jsonBodyLimit,
  tooManyResponse,
} from './openapi-kit';

const tags = ['account'];

const create = createRoute({
  method: 'post',
  path: '/me/data-exports',
  tags,
  summary:
    'Ask for a copy of everything the site keeps about the caller (a ZIP built in the background, mailed when ready)',
  responses: {
    202: { description: 'Queued', ...json(dataExportSchema) },
    401: errorResponses[401],
    ...tooManyResponse,
  },
});

const list = createRoute({
  method: 'get',
  path: '/me/data-exports',
  tags,
  summary: "The caller's latest data exports, newest first",
  responses: { 200: { description: 'Exports', ...json(dataExportListSchema) }, 401: errorResponses[401] },
});

const download = createRoute({
  method: 'get',
  path: '/me/data-exports/{id}/download',
  tags,
  summary: 'Download a ready export (its owner only, for 24 hours)',
  request: { params: idParams },
  responses: {
    200: {
      description: 'The ZIP: data.json and photos/',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const remove = createRoute({
  method: 'post',
  path: '/me/delete-account',
  tags,
  summary:
    'Delete the account: password (and two-factor code where on) required; erased by a queued job, mailed when done',
  middleware: [jsonBodyLimit(4 * 1024)] as const,
  request: jsonBody(deleteAccountSchema),
  responses: {
    202: { description: 'Deleted: signed out, the rest is erased in the background' },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponse('Wrong password or two-factor code'),
    413: errorResponse('The request is too large'),
    ...tooManyResponse,
  },
});

export function accountDataRoutes(services: Services) {
  return createApiRouter()
    .openapi(create, async (c) => c.json(await requestExport(services, await getViewer(c)), 202))
    .openapi(list, async (c) => c.json({ items: await listExports(services, await getViewer(c)) }, 200))
    .openapi(download, async (c) => {
      const { id } = c.req.valid('param');
      const zip = await readExport(services, await getViewer(c), id);
      c.header('Content-Type', 'application/zip');
      c.header('Content-Disposition', `attachment; filename="armamarket-date-${id.slice(0, 8)}.zip"`);
      return c.body(new Uint8Array(zip), 200);
    })
    .openapi(remove, async (c) => {
      const input = c.req.valid('json');
      await requestDeletion(services, await getViewer(c), input, clientIp(c, services.config.trustProxy));
      // The session is gone from the database; the browser forgets its cookie too.
      c.header('Set-Cookie', expiredSessionCookie(services.config.publicUrl));
      return c.body(null, 202);
    });
}

/** better-auth's session cookie (prefix 'am', `__Secure-` over HTTPS, auth.ts), expired. */
const expiredSessionCookie = (publicUrl: string) =>
  publicUrl.startsWith('https:')
    ? '__Secure-am.session_token=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax'
    : 'am.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax';
