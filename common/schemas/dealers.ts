import { z } from 'zod';
import { isValidCui, normalizeCui } from '../cui';
import { moderationReasonSchema } from './admin';
import { singleLineText, untrimmedSingleLine } from './text';

// Verified dealers (issue 12): an authorised arms dealer (armurier autorizat) applies from Settings,
// an admin.super approves or refuses; verified dealers carry a badge and a browse filter.
// Messages are keys of the `validation` catalog.

export const DEALER_NAME_MAX = 120;
export const DEALER_AUTHORISATION_MAX = 60;

const text = (min: string, max: number, maxKey: string) =>
  singleLineText({ error: min }).min(2, min).max(max, maxKey);

/** POST /api/me/dealer: the application. The CUI is stored as its digits. */
export const dealerApplicationInputSchema = z.object({
  businessName: text('dealerNameMin', DEALER_NAME_MAX, 'dealerNameMax'),
  cui: untrimmedSingleLine({ error: 'cuiInvalid' })
    .max(20, 'cuiInvalid')
    .refine(isValidCui, 'cuiInvalid')
    .transform((value) => normalizeCui(value) ?? value),
  authorisationNumber: text('authorisationMin', DEALER_AUTHORISATION_MAX, 'authorisationMax'),
});
export type DealerApplicationInput = z.input<typeof dealerApplicationInputSchema>;
/** The application as the route hands it over: checked, the CUI as its digits. */
export type DealerApplicationFields = z.output<typeof dealerApplicationInputSchema>;

export const DEALER_APPLICATION_STATUSES = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export type DealerApplicationStatus = (typeof DEALER_APPLICATION_STATUSES)[number];

export const dealerApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(DEALER_APPLICATION_STATUSES),
  businessName: z.string(),
  cui: z.string(),
  authorisationNumber: z.string(),
  /** Why it was refused or withdrawn. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type DealerApplication = z.infer<typeof dealerApplicationSchema>;

/** GET /api/me/dealer: whether the caller is a verified dealer, and their latest application. */
export const dealerStateSchema = z.object({
  verified: z.boolean(),
  application: dealerApplicationSchema.nullable(),
  /** True when a new application would be accepted (none pending, not verified). */
  canApply: z.boolean(),
});
export type DealerState = z.infer<typeof dealerStateSchema>;

export const DEALER_ACTIONS = ['approve', 'refuse', 'withdraw'] as const;
export type DealerAction = (typeof DEALER_ACTIONS)[number];

/** An application as an admin.super reviews it. */
export const adminDealerApplicationSchema = dealerApplicationSchema.extend({
  applicant: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
  }),
  actions: z.array(z.enum(DEALER_ACTIONS)),
});
export type AdminDealerApplication = z.infer<typeof adminDealerApplicationSchema>;

export const dealerApplicationsQuerySchema = z.object({
  status: z.enum(DEALER_APPLICATION_STATUSES, { error: 'invalid' }).default('pending'),
  cursor: untrimmedSingleLine().max(300).optional(),
});

export const dealerApplicationsPageSchema = z.object({
  items: z.array(adminDealerApplicationSchema),
  nextCursor: z.string().nullable(),
});
export type DealerApplicationsPage = z.infer<typeof dealerApplicationsPageSchema>;

/** Refusing an application or withdrawing a badge says why (the applicant is mailed the reason). */
export const dealerReasonSchema = moderationReasonSchema;
