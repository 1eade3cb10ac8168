import { createRoute } from '@hono/zod-openapi';
import { saleContractInputSchema } from '../../common/schemas/deal-contract';
import type { Services } from '../app-env';
import { getViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { saleContract } from '../legal/sale-contract';
import {
  errorResponse,
  errorResponses,
  idParams,
  jsonBody,
  jsonBodyLimit,
  signedInFirst,
  tooManyResponse,
} from './openapi-kit';

// Issue 29: the sale contract of a deal, as a PDF built from the form's details, which are not kept.

/** Nine lines of at most 200 characters: a few kilobytes even in 4-byte characters. */
const contractBody = jsonBodyLimit(16 * 1024);

const contractRoute = createRoute({
  method: 'post',
  path: '/deals/{id}/contract',
  tags: ['deals'],
  summary:
    'Download the sale contract of a deal (its seller or buyer, unless the deal was denied) as a PDF in Romanian with an English translation: the weapon, price and date come from the ad and the deal; the identity details and serial number in the body go into the PDF only and are never stored',
  middleware: [signedInFirst, contractBody] as const,
  request: { params: idParams, ...jsonBody(saleContractInputSchema) },
  responses: {
    200: {
      description: 'The contract, as an attachment',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errorResponses,
    409: errorResponse('The buyer denied this deal'),
    413: errorResponse('The request is too large'),
    ...tooManyResponse,
  },
});

export function dealContractRoutes(services: Services) {
  return createApiRouter().openapi(contractRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { pdf, fileName } = await saleContract(services.db, await getViewer(c), id, c.req.valid('json'));
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${fileName}"`);
    // The document holds both sides' identity details: no cache along the way may keep a copy.
    c.header('Cache-Control', 'no-store');
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200);
  });
}
