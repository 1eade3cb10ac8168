import { z } from 'zod';
import { CALIBER_IDS, caliberLabel } from '../calibers';
import { COUNTY_CODES, countyName } from '../counties';
import { LEGAL_CATEGORIES } from '../legal';
import { ACTIONS, CATEGORIES, CONDITIONS, LANGUAGES, type Language, PRICE_LOCALE } from '../values';
import { browseQuerySchema } from './ads';
import { singleLineText, untrimmedSingleLine } from './text';

export const SAVED_SEARCH_NAME_MAX = 80;
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** "New ads since last opened" are counted up to this many ("99+"). */
export const SAVED_SEARCH_NEW_CAP = 99;

/**
 * What a saved search means: the browse URL's filters, without paging, sort or the typo switch.
 * Canonical: only the filters that are set, text trimmed, so two saves of one search are equal.
 */
export const savedQuerySchema = z.object({
  q: z.string().optional(),
  category: z.enum(CATEGORIES).optional(),
  condition: z.enum(CONDITIONS).optional(),
  county: z.enum(COUNTY_CODES).optional(),
  priceMin: z.number().optional(),
  priceMax: z.number().optional(),
  caliber: z.enum(CALIBER_IDS).optional(),
  action: z.enum(ACTIONS).optional(),
  brand: z.string().optional(),
  legal: z.enum(LEGAL_CATEGORIES).optional(),
  dealer: z.literal('1').optional(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

const FILTER_KEYS = Object.keys(savedQuerySchema.shape) as (keyof SavedQuery)[];

/** The canonical saved query of a parsed browse query. */
export function canonicalSavedQuery(query: z.output<typeof browseQuerySchema>): SavedQuery {
  const saved: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value === undefined || value === '') continue;
    saved[key] = value;
  }
  return saved as SavedQuery;
}

/** The browse URL of a saved query (what its link opens). */
export function savedQueryPath(query: SavedQuery): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `/browse?${search}` : '/browse';
}

/** POST /api/me/saved-searches: the current browse URL's query, and optionally a name. */
export const savedSearchCreateSchema = z.object({
  /** The browse URL's parameters as they are (strings), checked by the browse list's own schema. */
  query: z.preprocess(
    (value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).filter(([, item]) => item !== ''))
        : value,
    browseQuerySchema,
  ),
  name: singleLineText()
    .min(1, 'savedSearchNameRequired')
    .max(SAVED_SEARCH_NAME_MAX, 'savedSearchNameMax')
    .optional(),
  /** The language the default name is made in (the page's); the profile's mail language otherwise. */
  language: z.enum(LANGUAGES).optional(),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/** PATCH /api/me/saved-searches/{id}: rename, or change how often it alerts. */
export const savedSearchUpdateSchema = z
  .object({
    name: singleLineText({ error: 'savedSearchNameRequired' })
      .min(1, 'savedSearchNameRequired')
      .max(SAVED_SEARCH_NAME_MAX, 'savedSearchNameMax')
      .optional(),
    frequency: z.enum(SAVED_SEARCH_FREQUENCIES, { error: 'invalid' }).optional(),
  })
  .refine((update) => update.name !== undefined || update.frequency !== undefined, {
    message: 'invalid',
    path: ['name'],
  });
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: savedQuerySchema,
  /** The browse URL it stands for. */
  path: z.string(),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  /** Ads that became public and matched it since it was last opened (capped at SAVED_SEARCH_NEW_CAP + 1). */
  newAds: z.number(),
  lastOpenedAt: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({
  items: z.array(savedSearchSchema),
  max: z.number(),
});
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** The unsubscribe link's token, from an alert mail (at most UNSUBSCRIBE_TOKEN_MAX, server/alerts/unsubscribe-token.ts). */
export const unsubscribeTokenSchema = z.object({ token: untrimmedSingleLine().min(1).max(1000) });

/** What the unsubscribe page shows and the POST answers. */
export const unsubscribeInfoSchema = z.object({
  /**
   * One search's alerts, the daily digest (every daily search of the user), or (issue 28) the
   * price-drop alerts of the user's favorites (name empty; frequency instant while on).
   */
  kind: z.enum(['search', 'digest', 'priceDrops']),
  /** The search's name; for the digest, the names of its searches joined. */
  name: z.string(),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

// ——— The default name, from the filters ———

const LABELS: Record<
  Language,
  {
    all: string;
    categories: Record<(typeof CATEGORIES)[number], string>;
    conditions: Record<(typeof CONDITIONS)[number], string>;
    under: string;
    over: string;
    currency: string;
    dealer: string;
  }
> = {
  ro: {
    all: 'Toate anunțurile',
    categories: {
      firearms: 'Arme scurte',
      'long-guns': 'Arme lungi',
      accessories: 'Accesorii',
      optics: 'Optică',
    },
    conditions: { new: 'nou', 'like-new': 'ca nou', good: 'stare bună', fair: 'stare acceptabilă' },
    under: 'sub',
    over: 'peste',
    currency: 'lei',
    dealer: 'dealeri verificați',
  },
  en: {
    all: 'All ads',
    categories: {
      firearms: 'Handguns',
      'long-guns': 'Long guns',
      accessories: 'Accessories',
      optics: 'Optics',
    },
    conditions: { new: 'new', 'like-new': 'like new', good: 'good condition', fair: 'fair condition' },
    under: 'under',
    over: 'over',
    currency: 'lei',
    dealer: 'verified dealers',
  },
};

const price = (value: number, language: Language) =>
  new Intl.NumberFormat(language === 'ro' ? PRICE_LOCALE : 'en-GB', { maximumFractionDigits: 2 }).format(
    value,
  );

/** "Glock 17 · 9x19 · Cluj · sub 4.000 lei": the text, then the filters that say most. */
export function savedSearchName(query: SavedQuery, language: Language): string {
  const labels = LABELS[language];
  const parts: string[] = [];
  if (query.q) parts.push(query.q.charAt(0).toUpperCase() + query.q.slice(1));
  if (query.brand && !query.q?.toLowerCase().includes(query.brand.toLowerCase())) parts.push(query.brand);
  if (query.caliber) parts.push((caliberLabel(query.caliber) ?? query.caliber).replace(/ \(.*\)$/, ''));
  if (query.category && parts.length === 0) parts.push(labels.categories[query.category]);
  if (query.county) parts.push(countyName(query.county) ?? query.county);
  if (query.condition) parts.push(labels.conditions[query.condition]);
  const { priceMin: min, priceMax: max } = query;
  if (min !== undefined && max !== undefined)
    parts.push(`${price(min, language)}–${price(max, language)} ${labels.currency}`);
  else if (max !== undefined) parts.push(`${labels.under} ${price(max, language)} ${labels.currency}`);
  else if (min !== undefined) parts.push(`${labels.over} ${price(min, language)} ${labels.currency}`);
  if (query.dealer) parts.push(labels.dealer);
  const name = parts.join(' · ') || labels.all;
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}
