import { z } from 'zod';

/** How long review takes (issue 12): what a seller is told after posting an ad. */

/** Decisions of this many days back count... */
export const REVIEW_WINDOW_DAYS = 7;
/** ...and with fewer than this many the page says something general instead of a figure. */
export const REVIEW_MIN_SAMPLE = 5;

/** GET /api/moderation/typical-wait */
export const typicalReviewWaitSchema = z.object({
  /**
   * The median minutes from an ad's submission to the moderator's decision (approved, rejected or
   * changes requested) over the decisions of the last REVIEW_WINDOW_DAYS days; null with fewer than
   * REVIEW_MIN_SAMPLE of them.
   */
  medianMinutes: z.number().nullable(),
  /** How many decisions the window holds. */
  sample: z.number(),
});
export type TypicalReviewWait = z.infer<typeof typicalReviewWaitSchema>;
