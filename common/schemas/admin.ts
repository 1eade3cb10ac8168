import { z } from 'zod';
import { REVIEWED_FIELDS } from '../ad-edit';
import { LEGAL_CATEGORIES } from '../legal';
import { ROLES } from '../roles';
import { messageRiskCountsSchema, reusedPhotoSchema } from '../scam/safety';
import { AD_STATUSES, type AdStatus, REPORT_REASONS } from '../values';
import { adImageSchema } from './ads';
import { multiLineText, singleLineText, untrimmedSingleLine } from './text';

// The admin panel's contract: moderation of ads, reports and users, and the audit trail.
// Messages are keys of the `validation` catalog (see schemas/auth.ts).

export const MODERATION_REASON_MIN = 5;
export const MODERATION_REASON_MAX = 500;
export const ADMIN_PAGE_SIZE = 30;
export const ADMIN_SEARCH_MAX = 100;

/**
 * What a moderator may do to an ad in each status. The server refuses anything else with 409; the
 * panel and the ad page read the same table to offer only what the server would accept.
 */
export const AD_TRANSITIONS = {
  // Issue 26: an ad sent back for changes waits for its seller; it is approved once resubmitted.
  approve: { from: ['pending'], to: 'approved', needsReason: false },
  reject: { from: ['pending', 'needs_changes', 'approved'], to: 'rejected', needsReason: true },
  requestChanges: { from: ['pending'], to: 'needs_changes', needsReason: true },
} as const satisfies Record<string, { from: readonly AdStatus[]; to: AdStatus; needsReason: boolean }>;
export type AdTransition = keyof typeof AD_TRANSITIONS;

export const canTransition = (transition: AdTransition, status: AdStatus): boolean =>
  (AD_TRANSITIONS[transition].from as readonly AdStatus[]).includes(status);

/**
 * Issue 26: the pending edit of a published ad is decided apart from the ad (which stays public):
 * approve applies it, reject drops it, request-changes sends it back to the seller, who resubmits it
 * by saving the edit again. Only a waiting (pending) edit is approved.
 */
export const REVISION_STATUSES = ['pending', 'needs_changes'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];
export const REVISION_TRANSITIONS = {
  approve: { from: ['pending'] },
  reject: { from: ['pending', 'needs_changes'] },
  requestChanges: { from: ['pending'] },
} as const satisfies Record<AdTransition, { from: readonly RevisionStatus[] }>;
export const canDecideRevision = (transition: AdTransition, status: RevisionStatus): boolean =>
  (REVISION_TRANSITIONS[transition].from as readonly RevisionStatus[]).includes(status);

/** Featuring is for published ads only; unfeaturing works in any status (a rejected ad keeps no star). */
export const canFeature = (status: AdStatus, featured: boolean) => status === 'approved' && !featured;
export const canUnfeature = (featured: boolean) => featured;

/** Ready-made reasons the panel offers; the moderator may edit the text before sending it. */
export const STANDARD_REASONS = [
  'photos',
  'description',
  'price',
  'category',
  'prohibited',
  'duplicate',
] as const;
export type StandardReason = (typeof STANDARD_REASONS)[number];

export const moderationReasonSchema = z.object({
  reason: multiLineText({ error: 'reasonMin' })
    .min(MODERATION_REASON_MIN, 'reasonMin')
    .max(MODERATION_REASON_MAX, 'reasonMax'),
});
export type ModerationReasonInput = z.input<typeof moderationReasonSchema>;

/** Every moderation action the audit trail records. */
export const MODERATION_ACTIONS = [
  'ad.approve',
  'ad.reject',
  'ad.request_changes',
  'ad.take_down',
  // Issue 12: the seller's declaration on a weapon submission (the actor is the seller).
  'ad.declare',
  'ad.feature',
  'ad.unfeature',
  // Issue 26: decisions on the pending edit of a published ad.
  'ad.revision_approve',
  'ad.revision_reject',
  'ad.revision_request_changes',
  'reports.dismiss',
  'user.deactivate',
  'user.reactivate',
  'user.set_role',
  // Issue 12: verified dealers (the target is the applicant's account).
  'dealer.approve',
  'dealer.refuse',
  'dealer.withdraw',
  // Issue 28: a rating hidden with a reason, a trust report (denied deal, reported rating) dismissed.
  'rating.hide',
  'trust_report.dismiss',
] as const;
export type ModerationActionName = (typeof MODERATION_ACTIONS)[number];

export const pageQuerySchema = z.object({ cursor: untrimmedSingleLine().max(300).optional() });

/**
 * The queue's two lists (issue 26): `waiting` for a moderator (pending ads and edits), `seller`
 * (sent back for changes, waiting on their sellers).
 */
export const QUEUE_VIEWS = ['waiting', 'seller'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];
export const queueQuerySchema = pageQuerySchema.extend({
  view: z.enum(QUEUE_VIEWS, { error: 'invalid' }).default('waiting'),
});

const sellerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/** An ad as a moderator acts on it; `actions` lists what this moderator may do now. */
export const moderatedAdSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number(),
  status: z.enum(AD_STATUSES),
  featured: z.boolean(),
  moderationReason: z.string().nullable(),
  createdAt: z.string(),
  /** When the owner last submitted it (creation or the last edit): the wait is counted from here. */
  submittedAt: z.string(),
  image: adImageSchema.nullable(),
  seller: sellerSchema,
  /** Issue 12: the legal category, and the seller's last declaration for a weapon. */
  legalCategory: z.enum(LEGAL_CATEGORIES),
  declaration: z.object({ declaredAt: z.string(), clientIp: z.string(), version: z.string() }).nullable(),
  /** Issue 26: a new ad, or the pending edit of a published one (title and price are the edit's). */
  kind: z.enum(['ad', 'revision']),
  /** For an edit, what it changes against the public version, field by field; null for an ad. */
  changes: z
    .array(
      z.object({
        field: z.enum([...REVIEWED_FIELDS, 'images']),
        before: z.union([z.string(), z.number()]).nullable(),
        after: z.union([z.string(), z.number()]).nullable(),
      }),
    )
    .nullable(),
  /** Issue 30: photos matching photos of other users' ads (listed, pending or removed lately). */
  reusedPhotos: z.array(reusedPhotoSchema),
});
export type ModeratedAd = z.infer<typeof moderatedAdSchema>;

export const queuePageSchema = z.object({
  items: z.array(moderatedAdSchema),
  nextCursor: z.string().nullable(),
  /** How many wait for a moderator (ads sent back to their sellers are not counted). */
  total: z.number(),
  /** How many wait on their sellers (needs changes). */
  sellerTotal: z.number(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

/** What a moderation action on an ad answers: the ad's state afterwards. */
export const adModerationResultSchema = z.object({
  id: z.string(),
  status: z.enum(AD_STATUSES),
  featured: z.boolean(),
  moderationReason: z.string().nullable(),
});
export type AdModerationResult = z.infer<typeof adModerationResultSchema>;

export const REPORT_STATUS_VALUES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUS_VALUES)[number];

export const reportsQuerySchema = pageQuerySchema.extend({
  /** `open`: only ads with open reports; default: every report. */
  status: z.enum(['open', 'all']).default('all'),
});

export const reportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUS_VALUES),
  createdAt: z.string(),
  /** Who resolved it and when, once dismissed or actioned. */
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** The reports of one ad, newest first, with the ad as it is now. */
export const reportGroupSchema = z.object({
  ad: z.object({ id: z.string(), title: z.string(), status: z.enum(AD_STATUSES), featured: z.boolean() }),
  count: z.number(),
  openCount: z.number(),
  lastReportedAt: z.string(),
  reports: z.array(reportSchema),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportGroupsPageSchema = z.object({
  items: z.array(reportGroupSchema),
  nextCursor: z.string().nullable(),
});
export type ReportGroupsPage = z.infer<typeof reportGroupsPageSchema>;

export const reportsResolutionSchema = z.object({ resolved: z.number(), ad: adModerationResultSchema });
export type ReportsResolution = z.infer<typeof reportsResolutionSchema>;

export const usersQuerySchema = pageQuerySchema.extend({
  q: singleLineText().max(ADMIN_SEARCH_MAX, 'searchMax').optional(),
});

export const USER_ACTIONS = ['deactivate', 'reactivate', 'makeModerator', 'removeModerator'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  /** Whether the owner has confirmed the address through the mailed link. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** What the caller may do to this account, so the panel shows only those buttons. */
  actions: z.array(z.enum(USER_ACTIONS)),
  /** Issue 30: the rules their messages triggered, over all time; null when none ever did. */
  messageRisks: messageRiskCountsSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const usersPageSchema = z.object({
  items: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

/** admin.super grants and removes the moderator role; the super role itself is given from the command line. */
export const ASSIGNABLE_ROLES = ['user', 'admin.moderator'] as const;
export const roleChangeSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES, { error: 'invalid' }) });

export const userDeactivationSchema = z.object({
  reason: multiLineText()
    .max(MODERATION_REASON_MAX, 'reasonMax')
    .optional()
    .transform((value) => value || null),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(['ad', 'user', 'rating', 'trust_report']),
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  statusBefore: z.string().nullable(),
  statusAfter: z.string().nullable(),
  createdAt: z.string(),
  /** Issue 26: for `ad.declare`, the seller's declaration (the wording's version, when, from where). */
  declaration: z.object({ version: z.string(), declaredAt: z.string(), clientIp: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
