import { z } from 'zod';
import { EDIT_OUTCOMES } from '../ad-edit';
import { CALIBER_IDS } from '../calibers';
import { COUNTY_CODES } from '../counties';
import { isWeaponCategory, LEGAL_CATEGORIES, LEGAL_CHOICES } from '../legal';
import { GONE_REASONS } from '../lifecycle';
import {
  BARREL_LENGTH_MAX_MM,
  BRAND_MAX,
  CALIBER_MAX,
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LOCATION_MAX,
  MAX_IMAGES,
  MODEL_MAX,
  PAGE_SIZE,
  PAGE_SIZE_MAX,
  PRICE_MAX,
  SEARCH_MAX,
  SUBCATEGORY_MAX,
  TITLE_MAX,
  TITLE_MIN,
} from '../limits';
import { accountMarksSchema } from '../scam/safety';
import { ACTIONS, AD_STATUSES, CATEGORIES, CONDITIONS, SORTS } from '../values';
import { ratingSummarySchema } from './deals';
import { priceInsightSchema } from './price-insight';
import { multiLineText, singleLineText, untrimmedSingleLine } from './text';

// Messages are keys of the `validation` catalog (see schemas/auth.ts).

const optionalText = (max: number, message: string) =>
  singleLineText()
    .max(max, message)
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null);

const optionalInt = (max: number, message: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((value, ctx) => {
      if (value === '') return null;
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isInteger(n) || n < 0 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    })
    .nullish()
    .transform((value) => value ?? null);

/** The ad form's fields, for create and edit alike (spec section 5), plus barrel length and capacity. */
const adFieldsSchema = z.object({
  title: singleLineText({ error: 'titleMin' }).min(TITLE_MIN, 'titleMin').max(TITLE_MAX, 'titleMax'),
  description: multiLineText({ error: 'descriptionMin' })
    .min(DESCRIPTION_MIN, 'descriptionMin')
    .max(DESCRIPTION_MAX, 'descriptionMax'),
  category: z.enum(CATEGORIES, { error: 'categoryRequired' }),
  subcategory: optionalText(SUBCATEGORY_MAX, 'subcategoryMax'),
  condition: z.enum(CONDITIONS, { error: 'conditionRequired' }),
  /** Required and above zero (issue 26): an empty box was published at "0 RON". */
  price: z.union([z.number(), z.string().trim()], { error: 'priceRequired' }).transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: 'priceRequired' });
      return z.NEVER;
    }
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: 'pricePositive' });
      return z.NEVER;
    }
    if (n > PRICE_MAX) {
      ctx.addIssue({ code: 'custom', message: 'priceMax' });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  }),
  county: z.enum(COUNTY_CODES, { error: 'countyRequired' }),
  /** The locality (town or village) as typed; the county is the searchable part. */
  location: singleLineText({ error: 'locationRequired' })
    .min(1, 'locationRequired')
    .max(LOCATION_MAX, 'locationMax'),
  brand: optionalText(BRAND_MAX, 'brandMax'),
  model: optionalText(MODEL_MAX, 'modelMax'),
  /** A caliber's name, known (the server maps it to a caliber id) or any other text. */
  caliber: optionalText(CALIBER_MAX, 'caliberMax'),
  action: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .enum(ACTIONS, { error: 'actionInvalid' })
      .nullish()
      .transform((value) => value ?? null),
  ),
  barrelLength: optionalInt(BARREL_LENGTH_MAX_MM, 'barrelLengthInvalid'),
  capacity: optionalInt(CAPACITY_MAX, 'capacityInvalid'),
  /** Ids of images this user uploaded through POST /api/uploads, in display order. */
  imageIds: z
    .array(z.uuid({ error: 'imageInvalid' }))
    .max(MAX_IMAGES, 'imagesMax')
    .default([]),
  /** Weapons only (common/legal.ts); accessories and optics are stored as not a weapon. */
  legalCategory: z.enum(LEGAL_CHOICES, { error: 'legalCategoryRequired' }).nullish(),
  /** The seller's declaration, ticked on every weapon submission. */
  declaration: z.boolean({ error: 'declarationRequired' }).nullish(),
});

/** A weapon needs a lawful category, and (when `declare`) the seller's declaration ticked. */
const weaponRules =
  (declare: boolean) => (ad: z.output<typeof adFieldsSchema>, ctx: z.core.$RefinementCtx) => {
    if (!isWeaponCategory(ad.category)) return;
    if (!ad.legalCategory) {
      ctx.addIssue({ code: 'custom', path: ['legalCategory'], message: 'legalCategoryRequired' });
    } else if (ad.legalCategory === 'prohibited') {
      ctx.addIssue({ code: 'custom', path: ['legalCategory'], message: 'legalCategoryProhibited' });
    }
    if (declare && ad.declaration !== true) {
      ctx.addIssue({ code: 'custom', path: ['declaration'], message: 'declarationRequired' });
    }
  };

/** POST /api/ads: a new weapon always carries the declaration. */
export const adInputSchema = adFieldsSchema.superRefine(weaponRules(true));
/**
 * PUT /api/ads/{id} (issue 26): the declaration already given stays given while the edit keeps what
 * the weapon is (common/ad-edit.ts); the server asks for it again when the edit changes that.
 */
export const adEditSchema = adFieldsSchema.superRefine(weaponRules(false));
export type AdInput = z.input<typeof adInputSchema>;
export type AdInputParsed = z.output<typeof adInputSchema>;

export const adImageSchema = z.object({
  id: z.string(),
  card: z.string(),
  cardJpeg: z.string(),
  large: z.string(),
  largeJpeg: z.string(),
});
export type AdImage = z.infer<typeof adImageSchema>;

export const sellerSchema = z.object({
  id: z.string(),
  /** "Mihai P.", as the seller's page names them (issue 26): the last name never leaves the server. */
  displayName: z.string(),
  /** Only for signed-in viewers: keeps addresses away from scrapers. */
  email: z.string().nullable(),
  /** A verified dealer's business name (issue 12), null for everyone else. */
  dealerName: z.string().nullable(),
  /** Issue 28: the seller's score from their revealed ratings ("4,8 ★ din 23 de tranzacții"); null without. */
  rating: ratingSummarySchema.nullable(),
  /** Issue 30: "Cont nou / New account" (younger than 30 days) and whether the e-mail is verified. */
  ...accountMarksSchema.shape,
});

/** What a list shows of an ad (ad card). */
export const adCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITIONS),
  price: z.number(),
  location: z.string(),
  county: z.enum(COUNTY_CODES).nullable(),
  caliber: z.string().nullable(),
  caliberId: z.enum(CALIBER_IDS).nullable(),
  action: z.string().nullable(),
  featured: z.boolean(),
  status: z.enum(AD_STATUSES),
  /** Under Legea 295/2004 (common/legal.ts): a badge on the card and the detail. */
  legalCategory: z.enum(LEGAL_CATEGORIES),
  /** The seller is a verified dealer (issue 12): a badge on the card and the detail. */
  sellerDealer: z.boolean(),
  createdAt: z.string(),
  /** When a moderator approved it (issue 26): what cards and the ad page call "published"; null before. */
  publishedAt: z.string().nullable(),
  image: adImageSchema.nullable(),
  /** Issue 28: an offer on it was accepted; listed with a "Rezervat" badge until released or sold. */
  reserved: z.boolean(),
  /** Issue 28: the seller's score, only from CARD_SCORE_MIN_RATINGS ratings on (null below). */
  sellerScore: ratingSummarySchema.nullable(),
});
export type AdCard = z.infer<typeof adCardSchema>;

/** Everything the detail page needs. */
export const adDetailSchema = adCardSchema.extend({
  userId: z.string(),
  description: z.string(),
  subcategory: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  barrelLength: z.number().nullable(),
  capacity: z.number().nullable(),
  images: z.array(adImageSchema),
  updatedAt: z.string(),
  seller: sellerSchema,
  /** Left by a moderator when asking for changes or rejecting (moderation issue). */
  moderationReason: z.string().nullable(),
  /** When the listing ends (approved) or ended (expired); see common/lifecycle.ts. */
  expiresAt: z.string(),
  /** When the owner marked it sold; the page shows the "Vândut" banner with this date. */
  soldAt: z.string().nullable(),
  /**
   * Issue 28: the latest changes of its public price, newest first (at most PRICE_HISTORY_SHOWN):
   * "redus de la 4.200 la 3.900 lei, 12 nov.".
   */
  priceHistory: z.array(z.object({ from: z.number(), to: z.number(), at: z.string() })),
  /**
   * Issue 26: the owner's edit of the published ad, waiting for review or sent back for changes; only
   * its owner and moderators see it (null for everyone else). The fields above stay the public version.
   */
  revision: z
    .object({
      status: z.enum(['pending', 'needs_changes']),
      moderationReason: z.string().nullable(),
      submittedAt: z.string(),
      values: z.object({
        title: z.string(),
        description: z.string(),
        category: z.enum(CATEGORIES),
        subcategory: z.string().nullable(),
        condition: z.enum(CONDITIONS),
        price: z.number(),
        county: z.enum(COUNTY_CODES).nullable(),
        location: z.string(),
        brand: z.string().nullable(),
        model: z.string().nullable(),
        caliber: z.string().nullable(),
        action: z.string().nullable(),
        barrelLength: z.number().nullable(),
        capacity: z.number().nullable(),
        legalCategory: z.enum(LEGAL_CATEGORIES),
      }),
      images: z.array(adImageSchema),
    })
    .nullable(),
  /** Issue 28: the median price of comparable ads (server/ads/price-insight.ts); null below 5 of them. */
  priceInsight: priceInsightSchema.nullable(),
  /** What the viewer may do with the ad, so the UI hides what the server would refuse. */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    renew: z.boolean(),
    markSold: z.boolean(),
    contact: z.boolean(),
    moderate: z.boolean(),
    /** Visitors may report too; owners may not, and only listed ads are reported. */
    report: z.boolean(),
    /** Issue 28: "Fă o ofertă" (signed in, not the owner, listed and not reserved). */
    offer: z.boolean(),
    /** Issue 28: the owner may release the reservation. */
    releaseReservation: z.boolean(),
  }),
});
export type AdDetail = z.infer<typeof adDetailSchema>;

/** What saving an edit did (issue 26, common/ad-edit.ts), with the ad as its owner now sees it. */
export const adEditResultSchema = adDetailSchema.extend({ editOutcome: z.enum(EDIT_OUTCOMES) });
export type AdEditResult = z.infer<typeof adEditResultSchema>;

/** Filters a result page may suggest removing when it found nothing ('price' is both bounds). */
export const RELAXABLE_FILTERS = [
  'category',
  'condition',
  'county',
  'price',
  'caliber',
  'action',
  'brand',
] as const;
export type RelaxableFilter = (typeof RELAXABLE_FILTERS)[number];

/** A price bound in RON from a query string; empty means none. */
const priceBound = (message: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((value, ctx) => {
      if (value === '') return undefined;
      // Plain decimals only: Number() would also take '0x10', '1e3' and ' 5 '.
      if (typeof value === 'string' && !/^\d{1,8}(\.\d{1,2})?$/.test(value)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n) || n < 0 || n > PRICE_MAX) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    })
    .optional();

/**
 * The browse list's query: every filter is a URL parameter, so a search can be shared and saved.
 * Without `sort`, a text search is ranked by relevance and a list without text shows the newest.
 */
export const browseQuerySchema = z
  .object({
    q: singleLineText().max(SEARCH_MAX, 'searchMax').optional(),
    category: z.enum(CATEGORIES, { error: 'categoryInvalid' }).optional(),
    condition: z.enum(CONDITIONS, { error: 'conditionInvalid' }).optional(),
    county: z.enum(COUNTY_CODES, { error: 'countyInvalid' }).optional(),
    priceMin: priceBound('priceMinInvalid'),
    priceMax: priceBound('priceMaxInvalid'),
    caliber: z.enum(CALIBER_IDS, { error: 'caliberInvalid' }).optional(),
    action: z.enum(ACTIONS, { error: 'actionInvalid' }).optional(),
    brand: singleLineText().max(BRAND_MAX, 'brandMax').optional(),
    /** Issue 12: the legal category (common/legal.ts). */
    legal: z.enum(LEGAL_CATEGORIES, { error: 'invalid' }).optional(),
    /** Issue 12: '1' lists only the ads of verified dealers. */
    dealer: z.literal('1', { error: 'invalid' }).optional(),
    /** Issue 28: '1' hides reserved ads (an accepted offer holds them). */
    available: z.literal('1', { error: 'invalid' }).optional(),
    sort: z.enum(SORTS, { error: 'sortInvalid' }).optional(),
    /** '1': search the text as typed, without correcting a misspelt word. */
    literal: z.literal('1', { error: 'invalid' }).optional(),
    cursor: untrimmedSingleLine().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
  })
  .refine(
    (query) =>
      query.priceMin === undefined || query.priceMax === undefined || query.priceMin <= query.priceMax,
    { path: ['priceMax'], message: 'priceRange' },
  );
export type BrowseQuery = z.input<typeof browseQuerySchema>;

export const adPageSchema = z.object({
  items: z.array(adCardSchema),
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
  total: z.number(),
  /** True when a text search matched more ads than `total`, which is then a cap (show "1000+"). */
  totalCapped: z.boolean().optional(),
  /**
   * The text found nothing as typed, so a misspelt word was corrected and this is what was searched
   * ("Am căutat «to» în loc de «from»"); further pages go with `q` = `to`. `literal=1` turns it off.
   */
  correction: z.object({ from: z.string(), to: z.string() }).nullable().optional(),
  /**
   * A first page of a text search of two words or more that found less than a page: ads matching
   * all of its words but one, best first, not in `items` (shown below them, labelled).
   */
  nearMatches: z.array(adCardSchema).optional(),
  /** Nothing found: the filter whose removal finds the most ads, and how many it finds. */
  relax: z
    .object({ filter: z.enum(RELAXABLE_FILTERS), total: z.number(), capped: z.boolean() })
    .nullable()
    .optional(),
});
export type AdPage = z.infer<typeof adPageSchema>;

export const uploadResultSchema = adImageSchema.extend({ width: z.number(), height: z.number() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** The owner's list in the dashboard: every status, newest first, with counts. */
export const myAdsSchema = z.object({
  items: z.array(
    adCardSchema.extend({
      moderationReason: z.string().nullable(),
      expiresAt: z.string(),
      soldAt: z.string().nullable(),
      /** Issue 26: an edit of the published ad waiting for review, or sent back with a reason. */
      revision: z
        .object({
          status: z.enum(['pending', 'needs_changes']),
          moderationReason: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  counts: z.object({ total: z.number(), pending: z.number() }),
});
export type MyAds = z.infer<typeof myAdsSchema>;

/**
 * The body of a 410 for an ad page that is gone: the one error shape, plus why and what to offer
 * instead (similar ads: same category and caliber). 404 stays a plain error for ids never known.
 */
export const adGoneSchema = z.object({
  error: z.object({
    code: z.literal('gone'),
    message: z.string(),
    reason: z.enum(GONE_REASONS),
    /** When it became so (sold or expired), when known. */
    since: z.string().nullable(),
    /** Browse's filters for similar ads: the category, and the caliber's id (common/calibers.ts) when known. */
    similar: z.object({ category: z.enum(CATEGORIES), caliber: z.string().nullable() }),
    /** A sold ad still names itself (issue 26): its title and first photo. Null for the other reasons. */
    ad: z.object({ title: z.string(), image: adImageSchema.nullable() }).nullable(),
  }),
});
export type AdGone = z.infer<typeof adGoneSchema>['error'];

/** The mailed renewal link's token, posted by the /renew page. */
export const renewByTokenSchema = z.object({ token: untrimmedSingleLine().min(1).max(200) });

/** What a renewal answers: the new end of the listing. */
export const renewResultSchema = z.object({
  id: z.string(),
  status: z.enum(AD_STATUSES),
  expiresAt: z.string(),
});
export type RenewResult = z.infer<typeof renewResultSchema>;
