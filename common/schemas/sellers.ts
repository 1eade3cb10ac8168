import { z } from 'zod';
import { COUNTY_CODES } from '../counties';
import { adCardSchema } from './ads';
import { untrimmedSingleLine } from './text';

/** Seller profiles (issue 12): what anyone may read of a seller. Never an e-mail, phone or address. */

/** The typical reply time looks at conversations started this many days back... */
export const REPLY_WINDOW_DAYS = 90;
/** ...and is shown only when at least this many of them got a reply. */
export const REPLY_MIN_SAMPLE = 3;
/** The seller page lists this many active ads at a time. */
export const SELLER_ADS_PAGE_SIZE = 24;

/** GET /api/sellers/{id}: the seller's public profile. */
export const sellerProfileSchema = z.object({
  id: z.string(),
  /** First name and the last name's initial ("Mihai P."): enough to recognise, not to look someone up. */
  displayName: z.string(),
  /** The county of the seller's newest listed ad (profiles keep none); null without one. */
  county: z.enum(COUNTY_CODES).nullable(),
  /** The month the account was made, "YYYY-MM" in Romania's time zone. */
  memberSince: z.string(),
  emailVerified: z.boolean(),
  /** Issue 30: "Cont nou / New account": the account is younger than NEW_ACCOUNT_DAYS (30). */
  newAccount: z.boolean(),
  /** A verified dealer's business name (issue 12): the page shows the badge with it; null otherwise. */
  dealerName: z.string().nullable(),
  counts: z.object({
    /** Listed now: approved, not expired, the owner active. */
    active: z.number(),
    /** Marked sold by the seller, ever (while the ad exists). */
    sold: z.number(),
  }),
  /**
   * The median time from a buyer's first message to the seller's first reply, over the conversations
   * started in the last REPLY_WINDOW_DAYS days; null until REPLY_MIN_SAMPLE of them got a reply.
   */
  replyTime: z.object({ medianMinutes: z.number(), sample: z.number() }).nullable(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** GET /api/sellers/{id}/ads: the query. */
export const sellerAdsQuerySchema = z.object({ cursor: untrimmedSingleLine().max(300).optional() });

/** GET /api/sellers/{id}/ads: the seller's listed ads, newest first, one keyset page at a time. */
export const sellerAdsPageSchema = z.object({
  items: z.array(adCardSchema),
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SellerAdsPage = z.infer<typeof sellerAdsPageSchema>;
