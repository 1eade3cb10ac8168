import { z } from 'zod';
import { COUNTY_CODES } from '../counties';
import {
  DEAL_STATUSES,
  OFFER_ANSWERS,
  OFFER_STATUSES,
  OFFER_STEP_KINDS,
  RATING_COMMENT_MAX,
  RATING_REPLY_MAX,
} from '../deals';
import { LEGAL_CATEGORIES } from '../legal';
import { MESSAGE_MAX, PRICE_MAX, REPORT_DETAILS_MAX } from '../limits';
import { dealEventSchema, handoverRequestSchema } from './handovers';
import { multiLineText, singleLineText, untrimmedSingleLine } from './text';

// Issue 28. Messages are keys of the `validation` catalog (see schemas/auth.ts).

/** Whole lei, positive and at most the price limit of an ad. */
const amount = (required: string) =>
  z
    .number({ error: required })
    .int('offerAmountWhole')
    .min(1, 'offerAmountPositive')
    .max(PRICE_MAX, 'priceMax');

/** POST /api/ads/{id}/offers: "Fă o ofertă". */
export const offerInputSchema = z.object({
  amount: amount('offerAmountRequired'),
  message: multiLineText()
    .max(MESSAGE_MAX, 'messageMax')
    .nullish()
    .transform((value) => value || null),
  /** Issue 29: the buyer's attestation, needed for a first offer on an ad in the authorisation category. */
  attestation: z.boolean({ error: 'invalid' }).optional(),
});
export type OfferInput = z.input<typeof offerInputSchema>;

/** POST /api/offers/{id}/answer: the seller accepts, declines or counters; the buyer accepts or declines a counter. */
export const offerAnswerSchema = z
  .object({
    answer: z.enum(OFFER_ANSWERS, { error: 'invalid' }),
    /** The counter's amount; only with `counter`. */
    amount: amount('offerAmountRequired').optional(),
  })
  .refine((input) => input.answer !== 'counter' || input.amount !== undefined, {
    path: ['amount'],
    message: 'offerAmountRequired',
  });
export type OfferAnswerInput = z.input<typeof offerAnswerSchema>;

/** An offer as one of its two sides sees it, with what they may do now. */
export const offerSchema = z.object({
  id: z.string(),
  adId: z.string(),
  conversationId: z.string(),
  status: z.enum(OFFER_STATUSES),
  amount: z.number(),
  counterAmount: z.number().nullable(),
  /** Until when it waits for its answer (pending or countered). */
  expiresAt: z.string(),
  createdAt: z.string(),
  role: z.enum(['buyer', 'seller']),
  can: z.object({ accept: z.boolean(), decline: z.boolean(), counter: z.boolean() }),
});
export type Offer = z.infer<typeof offerSchema>;

/** A message that is a step of an offer: the thread draws it as a card. */
export const offerStepSchema = z.object({
  offerId: z.string(),
  kind: z.enum(OFFER_STEP_KINDS),
  amount: z.number().nullable(),
});
export type OfferStep = z.infer<typeof offerStepSchema>;

/** POST /api/ads/{id}/deal: the ad was sold to this person (one who wrote about it) at this price. */
export const soldToInputSchema = z.object({
  buyerId: singleLineText({ error: 'dealBuyerRequired' }).min(1, 'dealBuyerRequired').max(100, 'invalid'),
  /** Whole lei; may be left out for the accepted offer's buyer (its price is taken). */
  price: amount('dealPriceRequired').optional(),
});
export type SoldToInput = z.input<typeof soldToInputSchema>;

/** GET /api/ads/{id}/buyers: whom "Marchează ca vândut" offers, the accepted offer's buyer first. */
export const buyerCandidatesSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      /** The accepted offer's price for its buyer; else their last offer's amount, or null. */
      price: z.number().nullable(),
      accepted: z.boolean(),
    }),
  ),
});
export type BuyerCandidates = z.infer<typeof buyerCandidatesSchema>;

/** POST /api/deals/{id}/answer: the buyer confirms the deal, or denies it (a report for moderators). */
export const dealAnswerSchema = z.object({
  answer: z.enum(['confirm', 'deny'], { error: 'invalid' }),
  details: multiLineText()
    .max(REPORT_DETAILS_MAX, 'reportDetailsMax')
    .nullish()
    .transform((value) => value || null),
});
export type DealAnswerInput = z.input<typeof dealAnswerSchema>;

/** POST /api/deals/{id}/rating: 1-5 stars and an optional comment. */
export const ratingInputSchema = z.object({
  stars: z.number({ error: 'ratingStars' }).int('ratingStars').min(1, 'ratingStars').max(5, 'ratingStars'),
  comment: multiLineText()
    .max(RATING_COMMENT_MAX, 'ratingCommentMax')
    .nullish()
    .transform((value) => value || null),
});
export type RatingInput = z.input<typeof ratingInputSchema>;

/** POST /api/ratings/{id}/reply: the rated person's one public answer. */
export const ratingReplySchema = z.object({
  reply: multiLineText({ error: 'ratingReplyRequired' })
    .min(1, 'ratingReplyRequired')
    .max(RATING_REPLY_MAX, 'ratingReplyMax'),
});
export type RatingReplyInput = z.input<typeof ratingReplySchema>;

/** POST /api/ratings/{id}/reports: why the rating should go. */
export const ratingReportSchema = z.object({
  details: multiLineText()
    .max(REPORT_DETAILS_MAX, 'reportDetailsMax')
    .nullish()
    .transform((value) => value || null),
});

/** A person's score: the average of their visible, revealed ratings and how many there are. */
export const ratingSummarySchema = z.object({ average: z.number(), count: z.number() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** A rating as anyone may read it once revealed. */
export const publicRatingSchema = z.object({
  id: z.string(),
  stars: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** "Mihai P.": who gave it. */
  raterName: z.string(),
  /** The rated person's side of the deal. */
  ratedRole: z.enum(['buyer', 'seller']),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type PublicRating = z.infer<typeof publicRatingSchema>;

/** GET /api/sellers/{id}/ratings: the query. */
export const sellerRatingsQuerySchema = z.object({ cursor: untrimmedSingleLine().max(300).optional() });

/** GET /api/sellers/{id}/ratings: the score and the ratings, newest first, a keyset page at a time. */
export const sellerRatingsPageSchema = z.object({
  summary: ratingSummarySchema.nullable(),
  items: z.array(publicRatingSchema),
  nextCursor: z.string().nullable(),
});
export type SellerRatingsPage = z.infer<typeof sellerRatingsPageSchema>;

/** A deal in the dashboard, seen from one side, with the ratings as far as that side may see them. */
export const dealSchema = z.object({
  id: z.string(),
  ad: z.object({ id: z.string().nullable(), title: z.string() }),
  role: z.enum(['buyer', 'seller']),
  otherParty: z.object({ id: z.string(), displayName: z.string() }),
  price: z.number(),
  createdAt: z.string(),
  status: z.enum(DEAL_STATUSES),
  /** Until when each side may rate (30 days after confirmation); null before. */
  ratingUntil: z.string().nullable(),
  /** The caller's own rating of the other side, once given. */
  myRating: z
    .object({ id: z.string(), stars: z.number(), comment: z.string().nullable(), revealed: z.boolean() })
    .nullable(),
  /** The other side's rating of the caller: only once revealed (both rated, or the window is over). */
  theirRating: publicRatingSchema.extend({ canReply: z.boolean() }).nullable(),
  /** The other side has rated, without saying how (double-blind). */
  theyRated: z.boolean(),
  /** Issue 29: the ad was a weapon with a legal guide (the deal shows the steps and the contract). */
  weapon: z.boolean(),
  /** The ad's legal category (its guide in the deal); null once the ad is deleted. */
  legalCategory: z.enum(LEGAL_CATEGORIES).nullable(),
  /** Issue 29: when the seller ticked "Am făcut radierea" (the weapon struck off their permit). */
  deregisteredAt: z.string().nullable(),
  /** The ad's county (the seller's side), for the dealers near it; null once the ad is deleted. */
  adCounty: z.enum(COUNTY_CODES).nullable(),
  /** Issue 29: handover requests to dealers, newest first. */
  handovers: z.array(handoverRequestSchema),
  /** What happened to the deal, oldest first: recorded, answered, deregistered, handover requests and answers. */
  history: z.array(dealEventSchema),
  can: z.object({
    confirm: z.boolean(),
    deny: z.boolean(),
    rate: z.boolean(),
    /** Issue 29: the seller of a confirmed weapon deal ticks the deregistration done. */
    markDeregistered: z.boolean(),
    /** Issue 29: either side of a weapon deal that is not denied asks a dealer for a handover. */
    requestHandover: z.boolean(),
  }),
});
export type Deal = z.infer<typeof dealSchema>;

export const dealListSchema = z.object({ items: z.array(dealSchema) });
export type DealList = z.infer<typeof dealListSchema>;

/** GET /api/admin/trust-reports: denied deals and reported ratings. */
export const trustReportsQuerySchema = z.object({
  status: z.enum(['open', 'all'], { error: 'invalid' }).default('open'),
});

export const trustReportSchema = z.object({
  id: z.string(),
  kind: z.enum(['deal_denied', 'rating']),
  status: z.enum(['open', 'dismissed', 'actioned']),
  details: z.string().nullable(),
  createdAt: z.string(),
  deal: z.object({
    id: z.string(),
    adId: z.string().nullable(),
    adTitle: z.string(),
    price: z.number(),
    seller: z.string(),
    buyer: z.string(),
  }),
  rating: z
    .object({
      id: z.string(),
      stars: z.number(),
      comment: z.string().nullable(),
      rater: z.string(),
      /** The rated person's side of the deal: with the deal's names, says who rated whom. */
      ratedRole: z.enum(['buyer', 'seller']),
      /** The rated person's public answer, which the moderator reads along with the rating. */
      reply: z.string().nullable(),
      hidden: z.boolean(),
    })
    .nullable(),
});
export type TrustReport = z.infer<typeof trustReportSchema>;
export const trustReportListSchema = z.object({ items: z.array(trustReportSchema) });
export type TrustReportList = z.infer<typeof trustReportListSchema>;

export const ratingHiddenSchema = z.object({ id: z.string(), hidden: z.boolean(), resolved: z.number() });
export const trustReportResolvedSchema = z.object({ id: z.string(), status: z.string() });
export const ratingReportResultSchema = z.object({ id: z.string(), created: z.boolean() });
