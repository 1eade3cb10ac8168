import { createRoute } from '@hono/zod-openapi';
import { adDetailSchema } from '../../common/schemas/ads';
import {
  buyerCandidatesSchema,
  dealAnswerSchema,
  dealListSchema,
  dealSchema,
  offerAnswerSchema,
  offerInputSchema,
  offerSchema,
  ratingInputSchema,
  ratingReplySchema,
  ratingReportResultSchema,
  ratingReportSchema,
  sellerRatingsPageSchema,
  sellerRatingsQuerySchema,
  soldToInputSchema,
} from '../../common/schemas/deals';
import { loadAdDetail } from '../ads/detail';
import { findAdSubject } from '../ads/queries';
import type { Services } from '../app-env';
import { getViewer, requireViewer } from '../auth/viewer';
import { answerDeal, dealFor, listDeals, markDeregistered } from '../deals/deals';
import { answerOffer, makeOffer, releaseReservation } from '../deals/offers';
import { rateDeal, replyToRating, reportRating, sellerRatings } from '../deals/ratings';
import { buyerCandidates, sellToBuyer } from '../deals/sold-to';
import { notFound } from '../errors';
import { createApiRouter } from '../http/api-app';
import { clientIp } from '../http/client-ip';
import { invalidTransition } from '../moderation/ad-moderation';
import { authorize, can } from '../policies/policies';
import {
  errorResponse,
  errorResponses,
  idParams,
  json,
  jsonBody,
  jsonBodyLimit,
  signedInFirst,
  tooManyResponse,
} from './openapi-kit';

// Issue 28: offers in the conversation, the reservation, the sale to a buyer, deals and ratings.

/** An offer with its message is a few kilobytes at most; the other bodies far less. */
const offerBody = jsonBodyLimit(32 * 1024);
const smallBody = jsonBodyLimit(8 * 1024);
const conflict = { 409: errorResponse('Not a step this allows now (state, expiry, or already done)') };

const makeOfferRoute = createRoute({
  method: 'post',
  path: '/ads/{id}/offers',
  tags: ['offers'],
  summary:
    'Make an offer on a listed ad that is not your own: whole lei, at most the asking price, one open offer per ad; it becomes a step of your conversation with the seller',
  middleware: [signedInFirst, offerBody] as const,
  request: { params: idParams, ...jsonBody(offerInputSchema) },
  responses: {
    201: { description: 'Made; waits 48 hours for the seller', ...json(offerSchema) },
    ...errorResponses,
    ...conflict,
    ...tooManyResponse,
  },
});

const answerOfferRoute = createRoute({
  method: 'post',
  path: '/offers/{id}/answer',
  tags: ['offers'],
  summary:
    'Answer an offer: the seller accepts, declines or counters a pending one; the buyer accepts or declines a counter. Accepting reserves the ad',
  middleware: [signedInFirst, smallBody] as const,
  request: { params: idParams, ...jsonBody(offerAnswerSchema) },
  responses: {
    200: { description: 'The offer after the answer', ...json(offerSchema) },
    ...errorResponses,
    ...conflict,
    ...tooManyResponse,
  },
});

const releaseRoute = createRoute({
  method: 'post',
  path: '/ads/{id}/reservation/release',
  tags: ['offers'],
  summary: 'Release the reservation of an own ad: it is available again and the accepted offer ends',
  request: { params: idParams },
  responses: {
    200: { description: 'The ad, available', ...json(adDetailSchema) },
    401: errorResponses[401],
    404: errorResponses[404],
    ...conflict,
  },
});

const buyersRoute = createRoute({
  method: 'get',
  path: '/ads/{id}/buyers',
  tags: ['deals'],
  summary:
    'Whom an own ad may be marked sold to: the people who wrote about it, the accepted offer’s buyer first',
  request: { params: idParams },
  responses: {
    200: { description: 'The candidates', ...json(buyerCandidatesSchema) },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const sellToRoute = createRoute({
  method: 'post',
  path: '/ads/{id}/deal',
  tags: ['deals'],
  summary:
    'Mark an own ad sold to one of the people who wrote about it: the ad is sold and a deal waits for the buyer to confirm',
  middleware: [signedInFirst, smallBody] as const,
  request: { params: idParams, ...jsonBody(soldToInputSchema) },
  responses: {
    201: { description: 'The deal, as its seller sees it', ...json(dealSchema) },
    ...errorResponses,
    ...conflict,
  },
});

const myDealsRoute = createRoute({
  method: 'get',
  path: '/me/deals',
  tags: ['deals'],
  summary:
    "The caller's deals as buyer and seller, newest first, with the ratings as far as they may see them",
  responses: { 200: { description: 'Deals', ...json(dealListSchema) }, 401: errorResponses[401] },
});

const answerDealRoute = createRoute({
  method: 'post',
  path: '/deals/{id}/answer',
  tags: ['deals'],
  summary: 'The buyer confirms the deal, or denies it (it then goes to the moderators and is never rated)',
  middleware: [signedInFirst, smallBody] as const,
  request: { params: idParams, ...jsonBody(dealAnswerSchema) },
  responses: { 200: { description: 'The deal', ...json(dealSchema) }, ...errorResponses, ...conflict },
});

const deregisteredRoute = createRoute({
  method: 'post',
  path: '/deals/{id}/deregistered',
  tags: ['deals'],
  summary:
    'The seller of a confirmed weapon deal says the weapon was struck off their permit: the reminder of that step stops',
  middleware: [signedInFirst] as const,
  request: { params: idParams },
  responses: { 200: { description: 'The deal', ...json(dealSchema) }, ...errorResponses, ...conflict },
});

const rateRoute = createRoute({
  method: 'post',
  path: '/deals/{id}/rating',
  tags: ['deals'],
  summary:
    'Rate the other side of a confirmed deal, once, within 30 days: 1-5 stars and an optional comment; shown when both have rated or the 30 days are over',
  middleware: [signedInFirst, smallBody] as const,
  request: { params: idParams, ...jsonBody(ratingInputSchema) },
  responses: { 201: { description: 'The deal', ...json(dealSchema) }, ...errorResponses, ...conflict },
});

const replyRoute = createRoute({
  method: 'post',
  path: '/ratings/{id}/reply',
  tags: ['deals'],
  summary: 'The rated person’s one public reply to a rating that shows',
  middleware: [signedInFirst, smallBody] as const,
  request: { params: idParams, ...jsonBody(ratingReplySchema) },
  responses: { 200: { description: 'The deal', ...json(dealSchema) }, ...errorResponses, ...conflict },
});

const reportRoute = createRoute({
  method: 'post',
  path: '/ratings/{id}/reports',
  tags: ['deals'],
  summary: 'Report a rating to the moderators (anyone signed in but its author)',
  middleware: [signedInFirst, smallBody] as const,
  request: { params: idParams, ...jsonBody(ratingReportSchema) },
  responses: {
    201: { description: 'Reported', ...json(ratingReportResultSchema) },
    200: { description: 'Your open report was updated', ...json(ratingReportResultSchema) },
    ...errorResponses,
    ...conflict,
    ...tooManyResponse,
  },
});

const sellerRatingsRoute = createRoute({
  method: 'get',
  path: '/sellers/{id}/ratings',
  tags: ['sellers'],
  summary: "A person's score and their revealed ratings with replies, newest first, 20 per keyset page",
  request: { params: idParams, query: sellerRatingsQuerySchema },
  responses: {
    200: { description: 'A page', ...json(sellerRatingsPageSchema) },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export function dealsRoutes(services: Services) {
  const { db } = services;
  /** An own ad, or 404 for anyone else's and unknown ids. */
  const ownAd = async (viewerId: Awaited<ReturnType<typeof requireViewer>>, id: string) => {
    const ad = await findAdSubject(db, id);
    if (!ad) throw notFound();
    authorize(viewerId, 'ad.manageSale', ad);
    return ad;
  };
  return createApiRouter()
    .openapi(makeOfferRoute, async (c) => {
      const viewer = await getViewer(c);
      const ip = clientIp(c, services.config.trustProxy);
      const offer = await makeOffer(services, viewer, c.req.valid('param').id, c.req.valid('json'), ip);
      return c.json(offer, 201);
    })
    .openapi(answerOfferRoute, async (c) => {
      const viewer = await getViewer(c);
      return c.json(await answerOffer(services, viewer, c.req.valid('param').id, c.req.valid('json')), 200);
    })
    .openapi(releaseRoute, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      await ownAd(viewer, id);
      await releaseReservation(services, id);
      return c.json(await loadAdDetail(services, viewer, id), 200);
    })
    .openapi(buyersRoute, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      await ownAd(viewer, id);
      return c.json(await buyerCandidates(db, id), 200);
    })
    .openapi(sellToRoute, async (c) => {
      const viewer = await requireViewer(c);
      const { id } = c.req.valid('param');
      const ad = await ownAd(viewer, id);
      if (!can(viewer, 'ad.markSold', ad)) throw invalidTransition();
      const { dealId } = await sellToBuyer(services, id, c.req.valid('json'));
      return c.json(await dealFor(db, viewer, dealId), 201);
    })
    .openapi(myDealsRoute, async (c) => {
      return c.json({ items: await listDeals(db, await getViewer(c)) }, 200);
    })
    .openapi(answerDealRoute, async (c) => {
      const viewer = await getViewer(c);
      return c.json(await answerDeal(services, viewer, c.req.valid('param').id, c.req.valid('json')), 200);
    })
    .openapi(deregisteredRoute, async (c) => {
      const viewer = await getViewer(c);
      return c.json(await markDeregistered(db, viewer, c.req.valid('param').id), 200);
    })
    .openapi(rateRoute, async (c) => {
      const viewer = await getViewer(c);
      return c.json(await rateDeal(db, viewer, c.req.valid('param').id, c.req.valid('json')), 201);
    })
    .openapi(replyRoute, async (c) => {
      const viewer = await getViewer(c);
      return c.json(await replyToRating(db, viewer, c.req.valid('param').id, c.req.valid('json').reply), 200);
    })
    .openapi(reportRoute, async (c) => {
      const viewer = await getViewer(c);
      const result = await reportRating(db, viewer, c.req.valid('param').id, c.req.valid('json').details);
      return result.created ? c.json(result, 201) : c.json(result, 200);
    })
    .openapi(sellerRatingsRoute, async (c) => {
      const viewer = await getViewer(c);
      return c.json(
        await sellerRatings(db, viewer, c.req.valid('param').id, c.req.valid('query').cursor),
        200,
      );
    });
}
