import { isWeaponCategory, type LegalCategory, type LegalChoice } from './legal';
import type { AdInputParsed } from './schemas/ads';
import { type AdStatus, canonicalBrand } from './values';

/**
 * What an edit of an ad changes and what happens to it (issue 26). Both sides read this file: the
 * edit page says beforehand what the server will do, and the server does it.
 */

/** The ad's values a moderator reviews, as the ad row stores them. */
export const REVIEWED_FIELDS = [
  'title',
  'description',
  'category',
  'subcategory',
  'condition',
  'price',
  'county',
  'location',
  'brand',
  'model',
  'caliber',
  'action',
  'barrelLength',
  'capacity',
  'legalCategory',
] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];
/** A field of the diff: the reviewed values and the list of photos. */
export type ChangedField = ReviewedField | 'images';

/** What the weapon is: an edit that keeps these keeps the seller's declaration given. */
export const WEAPON_IDENTITY_FIELDS = [
  'category',
  'legalCategory',
  'brand',
  'model',
  'caliber',
] as const satisfies readonly ReviewedField[];

export type AdValues = {
  title: string;
  description: string;
  category: string;
  subcategory: string | null;
  condition: string;
  price: number;
  county: string | null;
  location: string;
  brand: string | null;
  model: string | null;
  caliber: string | null;
  action: string | null;
  barrelLength: number | null;
  capacity: number | null;
  legalCategory: string;
};

/** The form's parsed values as the ad row stores them (server/ads/commands.ts writes these). */
export function adValuesOf(input: AdInputParsed): AdValues {
  // The schema has refused a weapon without a lawful category; anything else is no weapon.
  const legalCategory: LegalCategory = isWeaponCategory(input.category)
    ? (input.legalCategory as Exclude<LegalChoice, 'prohibited'>)
    : 'not-a-weapon';
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    subcategory: input.subcategory || null,
    condition: input.condition,
    price: input.price,
    county: input.county,
    location: input.location,
    brand: input.brand ? canonicalBrand(input.brand) : null,
    model: input.model || null,
    caliber: input.caliber || null,
    action: input.action,
    barrelLength: input.barrelLength,
    capacity: input.capacity,
    legalCategory,
  };
}

const sameText = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();

function sameValue(field: ReviewedField, a: AdValues, b: AdValues): boolean {
  const x = a[field];
  const y = b[field];
  if (typeof x === 'number' || typeof y === 'number')
    return Number(x ?? Number.NaN) === Number(y ?? Number.NaN);
  return sameText(x as string | null, y as string | null);
}

/** The fields an edit changes, in the form's order; 'images' when the photos or their order differ. */
export function changedFields(
  before: AdValues & { imageIds: readonly string[] },
  after: AdValues & { imageIds: readonly string[] },
): ChangedField[] {
  const changed: ChangedField[] = REVIEWED_FIELDS.filter((field) => !sameValue(field, before, after));
  if (before.imageIds.join(',') !== after.imageIds.join(',')) changed.push('images');
  return changed;
}

/** Whether the edit changes what the weapon is, so that the seller must declare again. */
export function weaponIdentityChanged(before: AdValues, after: AdValues): boolean {
  return WEAPON_IDENTITY_FIELDS.some((field) => !sameValue(field, before, after));
}

/**
 * What saving an edit does:
 * - unchanged: nothing to save;
 * - live: a published ad whose price only went down: the new price shows at once, no review;
 * - review: a published ad stays public as approved while the edit waits for a moderator;
 * - liveAndReview: both: the lower price at once, the rest after review;
 * - resubmit: an ad not public now (in review, sent back, rejected, expired, sold) goes to review.
 */
export const EDIT_OUTCOMES = ['unchanged', 'live', 'review', 'liveAndReview', 'resubmit'] as const;
export type EditOutcome = (typeof EDIT_OUTCOMES)[number];

export function editOutcome(
  status: AdStatus,
  changed: readonly ChangedField[],
  before: { price: number },
  after: { price: number },
): EditOutcome {
  if (status !== 'approved') return 'resubmit';
  if (changed.length === 0) return 'unchanged';
  const priceDown = changed.includes('price') && after.price < before.price;
  const rest = changed.filter((field) => !(priceDown && field === 'price'));
  if (rest.length === 0) return 'live';
  return priceDown ? 'liveAndReview' : 'review';
}
