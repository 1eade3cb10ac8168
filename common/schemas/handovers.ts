import { z } from 'zod';
import { COUNTY_CODES } from '../counties';
import { PRICE_MAX } from '../limits';
import { multiLineText, singleLineText, untrimmedSingleLine } from './text';

// Issue 29, handover at an armurier: a verified dealer offers transfer services (inspection, handover,
// keeping the weapon until the buyer's authorisation arrives), each with its fee; either side of a
// weapon's deal asks such a dealer for a handover on a wished date; the dealer accepts or declines.
// Messages are keys of the `validation` catalog.

export const DEALER_SERVICES = ['inspection', 'handover', 'keeping'] as const;
export type DealerService = (typeof DEALER_SERVICES)[number];

export const DEALER_ADDRESS_MAX = 200;
export const HANDOVER_NOTE_MAX = 1000;
/** How far ahead a handover may be wished: the purchase authorisation takes weeks, not years. */
export const HANDOVER_DAYS_AHEAD_MAX = 180;
export const HANDOVER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

/** A service's fee in whole lei (0: free); null when the dealer does not offer it. */
const fee = z
  .number({ error: 'dealerFeeInvalid' })
  .int('dealerFeeInvalid')
  .min(0, 'dealerFeeInvalid')
  .max(PRICE_MAX, 'priceMax')
  .nullable();

/** PUT /api/me/dealer/services: what the dealer offers, where. All fees null stops offering. */
export const dealerServicesInputSchema = z.object({
  county: z.enum(COUNTY_CODES, { error: 'countyRequired' }),
  address: singleLineText({ error: 'dealerAddressMin' })
    .min(5, 'dealerAddressMin')
    .max(DEALER_ADDRESS_MAX, 'dealerAddressMax'),
  fees: z.object({ inspection: fee, handover: fee, keeping: fee }),
});
export type DealerServicesInput = z.input<typeof dealerServicesInputSchema>;

const feesSchema = z.object({
  inspection: z.number().nullable(),
  handover: z.number().nullable(),
  keeping: z.number().nullable(),
});
export type DealerServiceFees = z.infer<typeof feesSchema>;

/** GET /api/me/dealer/services: whether the caller may offer services, and what they offer. */
export const myDealerServicesSchema = z.object({
  /** Only a verified dealer offers services. */
  eligible: z.boolean(),
  services: z
    .object({ county: z.enum(COUNTY_CODES), address: z.string(), fees: feesSchema, updatedAt: z.string() })
    .nullable(),
});
export type MyDealerServices = z.infer<typeof myDealerServicesSchema>;

/** GET /api/dealer-services: the counties asked for (one to four). */
export const dealerServicesQuerySchema = z.object({
  county: z
    .union([
      z.enum(COUNTY_CODES, { error: 'countyInvalid' }),
      z.array(z.enum(COUNTY_CODES, { error: 'countyInvalid' })),
    ])
    .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
    .refine((value) => value.length >= 1 && value.length <= 4, 'countyInvalid'),
});

/** A dealer offering transfer services, as anyone sees them under the guide. */
export const transferDealerSchema = z.object({
  dealerId: z.string(),
  businessName: z.string(),
  county: z.enum(COUNTY_CODES),
  address: z.string(),
  fees: feesSchema,
});
export type TransferDealer = z.infer<typeof transferDealerSchema>;
export const transferDealerListSchema = z.object({ items: z.array(transferDealerSchema) });
export type TransferDealerList = z.infer<typeof transferDealerListSchema>;

/** Today in Romania's calendar, YYYY-MM-DD. */
export function romanianToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(now);
}

/** A real calendar day from today (Romania) to HANDOVER_DAYS_AHEAD_MAX days on. */
export function isHandoverDay(value: string, now: Date = new Date()): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
  const today = new Date(`${romanianToday(now)}T00:00:00Z`).getTime();
  const ahead = (day.getTime() - today) / 86_400_000;
  return ahead >= 0 && ahead <= HANDOVER_DAYS_AHEAD_MAX;
}

/** POST /api/deals/{id}/handovers: ask a dealer for a service on a wished date, with a note. */
export const handoverRequestInputSchema = z.object({
  dealerId: untrimmedSingleLine({ error: 'handoverDealerRequired' })
    .min(1, 'handoverDealerRequired')
    .max(100, 'handoverDealerRequired'),
  service: z.enum(DEALER_SERVICES, { error: 'handoverServiceRequired' }),
  /** The day wished, YYYY-MM-DD (Romania's calendar): from today to HANDOVER_DAYS_AHEAD_MAX days on. */
  wishedDate: untrimmedSingleLine({ error: 'handoverDateInvalid' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'handoverDateInvalid')
    .refine((value) => isHandoverDay(value), 'handoverDateRange'),
  note: multiLineText()
    .max(HANDOVER_NOTE_MAX, 'handoverNoteMax')
    .nullish()
    .transform((value) => value || null),
});
export type HandoverRequestInput = z.input<typeof handoverRequestInputSchema>;

/** POST /api/handover-requests/{id}/answer: the dealer accepts or declines, with an optional note. */
export const handoverAnswerSchema = z.object({
  answer: z.enum(['accept', 'decline'], { error: 'invalid' }),
  note: multiLineText()
    .max(HANDOVER_NOTE_MAX, 'handoverNoteMax')
    .nullish()
    .transform((value) => value || null),
});
export type HandoverAnswerInput = z.input<typeof handoverAnswerSchema>;

/** A handover request as either side of the deal, or the dealer, sees it. */
export const handoverRequestSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  dealer: z.object({ id: z.string(), businessName: z.string(), county: z.string(), address: z.string() }),
  service: z.enum(DEALER_SERVICES),
  /** The service's fee when it was asked for, whole lei. */
  fee: z.number().nullable(),
  wishedDate: z.string(),
  note: z.string().nullable(),
  /** Who asked: the deal's seller or buyer, by name. */
  requestedBy: z.object({ role: z.enum(['buyer', 'seller']), displayName: z.string() }),
  status: z.enum(HANDOVER_STATUSES),
  answerNote: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** A side of the deal takes back its own pending request. */
  canCancel: z.boolean(),
});
export type HandoverRequest = z.infer<typeof handoverRequestSchema>;

/** What the dealer's dashboard lists: the request with the deal it is for and what they may do. */
export const dealerHandoverSchema = handoverRequestSchema.extend({
  ad: z.object({ id: z.string().nullable(), title: z.string() }),
  seller: z.string(),
  buyer: z.string(),
  can: z.object({ answer: z.boolean() }),
});
export type DealerHandover = z.infer<typeof dealerHandoverSchema>;
export const dealerHandoverListSchema = z.object({ items: z.array(dealerHandoverSchema) });
export type DealerHandoverList = z.infer<typeof dealerHandoverListSchema>;

/** One line of a deal's history, oldest first. */
export const DEAL_EVENT_KINDS = [
  'recorded',
  'confirmed',
  'denied',
  'deregistered',
  'handoverRequested',
  'handoverAccepted',
  'handoverDeclined',
  'handoverCancelled',
] as const;
export type DealEventKind = (typeof DEAL_EVENT_KINDS)[number];
export const dealEventSchema = z.object({
  kind: z.enum(DEAL_EVENT_KINDS),
  at: z.string(),
  /** The handover request the event is about. */
  handoverId: z.string().nullable(),
  /** The dealer's business name, for handover events. */
  dealer: z.string().nullable(),
  /** The note of the request or of the dealer's answer. */
  note: z.string().nullable(),
});
export type DealEvent = z.infer<typeof dealEventSchema>;
