/** How long ads stay listed and what happens around the end (issue 12). Both sides read these. */

/** An approved ad is listed this long from its approval or its last renewal. */
export const LISTING_DAYS = 60;
/** The owner is mailed a renewal link this many days before the end. */
export const RENEWAL_REMINDER_DAYS = 3;
/** The mailed renewal link works this long after it was sent (past the end, the ad is renewed from expired). */
export const RENEWAL_LINK_DAYS = 30;
/** An expired ad is deleted with its images this long after it expired. */
export const PURGE_AFTER_EXPIRY_DAYS = 180;
/** A sold ad's page stays reachable (with its "Vândut" banner) this long after the sale. */
export const SOLD_VISIBLE_DAYS = 30;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Why an ad page is gone: the API answers 410 with one of these, 404 for an ad it never had. */
export const GONE_REASONS = ['sold', 'expired', 'removed'] as const;
export type GoneReason = (typeof GONE_REASONS)[number];

/** Whole days left until `expiresAt` (0 on the last day), never negative. */
export function daysLeft(expiresAt: string | Date, now: Date = new Date()): number {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return Math.max(0, Math.floor(ms / DAY_MS));
}
