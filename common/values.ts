/** Value sets shared by the API and the web app; labels live in the translation catalogs. */

export const LANGUAGES = ['ro', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ro';

export const CURRENCY = 'RON';
export const PRICE_LOCALE = 'ro-RO';

export const CATEGORIES = ['firearms', 'long-guns', 'accessories', 'optics'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CONDITIONS = ['new', 'like-new', 'good', 'fair'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const AD_STATUSES = ['pending', 'approved', 'needs_changes', 'rejected', 'expired', 'sold'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const SORTS = ['newest', 'price-asc', 'price-desc'] as const;
export type Sort = (typeof SORTS)[number];

export const REPORT_REASONS = ['spam', 'inappropriate', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Badge look per status (spec section 4): approved default, pending secondary, ... others outline. */
export const STATUS_BADGE: Record<AdStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  approved: 'default',
  pending: 'secondary',
  needs_changes: 'destructive',
  rejected: 'destructive',
  expired: 'outline',
  sold: 'secondary',
};
