import { z } from 'zod';
import { CALIBER_IDS } from '../calibers';
import { BRAND_MAX, MODEL_MAX } from '../limits';
import { singleLineText } from './text';

/** Issue 28: how far back comparables count, and how many it takes to show a median. */
export const PRICE_INSIGHT_MONTHS = 12;
export const PRICE_INSIGHT_MIN_COMPARABLES = 5;
/** The form warns below this share of the median: a price far below the market is a scam sign. */
export const PRICE_INSIGHT_LOW_SHARE = 0.6;

/** The median price of comparable ads (whole lei) and how many there were; null below the minimum. */
export const priceInsightSchema = z.object({
  median: z.number().int(),
  count: z.number().int(),
  months: z.literal(PRICE_INSIGHT_MONTHS),
});
export type PriceInsight = z.infer<typeof priceInsightSchema>;

/** GET /api/price-insight: the post and edit form ask with what the seller typed. */
export const priceInsightQuerySchema = z.object({
  brand: singleLineText({ error: 'brandRequired' }).min(1, 'brandRequired').max(BRAND_MAX, 'brandMax'),
  model: singleLineText({ error: 'modelRequired' }).min(1, 'modelRequired').max(MODEL_MAX, 'modelMax'),
  caliber: z.enum(CALIBER_IDS, { error: 'caliberInvalid' }),
});
export type PriceInsightQuery = z.infer<typeof priceInsightQuerySchema>;

export const priceInsightAnswerSchema = z.object({ priceInsight: priceInsightSchema.nullable() });
export type PriceInsightAnswer = z.infer<typeof priceInsightAnswerSchema>;
