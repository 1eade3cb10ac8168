import { z } from 'zod';
import { REPORT_DETAILS_MAX } from '../limits';
import { REPORT_REASONS } from '../values';
import { multiLineText } from './text';

// Messages are keys of the `validation` catalog (see schemas/auth.ts).

/** Spec section 5: a reason is required, details are optional (empty means none). */
export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'reportReasonRequired' }),
  details: multiLineText()
    .max(REPORT_DETAILS_MAX, 'reportDetailsMax')
    .nullish()
    .transform((value) => value || null),
});
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportResultSchema = z.object({
  id: z.string(),
  status: z.string(),
  /** False when the caller's open report on the ad was updated instead. */
  created: z.boolean(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;
