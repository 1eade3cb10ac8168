// Issue 28: offers, deals and ratings. What both sides need to know of the rules; the server enforces them.

/** An offer waits this long for its answer (the seller's, or the buyer's to a counter). */
export const OFFER_HOURS = 48;
/** Each side may rate the other this many days after the buyer confirmed the deal. */
export const RATING_WINDOW_DAYS = 30;
export const RATING_COMMENT_MAX = 500;
export const RATING_REPLY_MAX = 500;
/** Cards show a seller's score only from this many ratings on. */
export const CARD_SCORE_MIN_RATINGS = 3;

export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'expired',
  'released',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Still waiting for an answer: at most one per buyer and ad. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['pending', 'countered'];

export const OFFER_STEP_KINDS = [
  'made',
  'countered',
  'accepted',
  'declined',
  'expired',
  'released',
  'superseded',
] as const;
export type OfferStepKind = (typeof OFFER_STEP_KINDS)[number];

/** What a side may do to an offer: the seller answers a pending one, the buyer a counter. */
export const OFFER_ANSWERS = ['accept', 'decline', 'counter'] as const;
export type OfferAnswer = (typeof OFFER_ANSWERS)[number];
export type DealSide = 'buyer' | 'seller';

const ALLOWED: Record<OfferAnswer, Partial<Record<OfferStatus, DealSide>>> = {
  accept: { pending: 'seller', countered: 'buyer' },
  decline: { pending: 'seller', countered: 'buyer' },
  counter: { pending: 'seller' },
};

/** The offer state machine: whether `side` may give `answer` to an offer in `status`. */
export function mayAnswer(answer: OfferAnswer, status: OfferStatus, side: DealSide): boolean {
  return ALLOWED[answer][status] === side;
}

/** Where each answer leads. */
export const ANSWER_STATUS: Record<OfferAnswer, OfferStatus> = {
  accept: 'accepted',
  decline: 'declined',
  counter: 'countered',
};

export const DEAL_STATUSES = ['awaiting', 'confirmed', 'denied'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/**
 * Issue 29: days after a weapon deal's confirmation when the seller is reminded to have it struck off
 * their permit (unless they ticked "Am făcut radierea"). No legal term is stated: the current norms'
 * term could not be confirmed (common/legal-guide.ts), so the reminder comes early.
 */
export const DEREGISTRATION_REMINDER_DAYS = 3;
