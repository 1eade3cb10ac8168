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

/** 'relevance' ranks text matches (title and brand/model above description); lists without text use 'newest'. */
export const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc'] as const;
export type Sort = (typeof SORTS)[number];

/** How a weapon works; labels in the `listings` catalog under `actions`. */
export const ACTIONS = [
  'semi-auto',
  'bolt',
  'straight-pull',
  'lever',
  'pump',
  'over-under',
  'side-by-side',
  'single-shot',
  'revolver',
  'break-barrel',
  'pcp',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Brands the form suggests and the brand filter lists. Free text is allowed too; a brand typed in
 * another case ("glock") is stored as spelled here (canonicalBrand).
 */
export const KNOWN_BRANDS = [
  'Aimpoint',
  'Anschütz',
  'Benelli',
  'Beretta',
  'Bergara',
  'Blaser',
  'Browning',
  'Burris',
  'Bushnell',
  'Canik',
  'Colt',
  'CZ',
  'Diana',
  'EOTech',
  'Fabarm',
  'FN Herstal',
  'Franchi',
  'Gamo',
  'Glock',
  'Hatsan',
  'Hawke',
  'Heckler & Koch',
  'Henry',
  'Hikmicro',
  'Holosun',
  'Howa',
  'Kahles',
  'Krieghoff',
  'Leupold',
  'Marlin',
  'Mauser',
  'Meopta',
  'Merkel',
  'Nikon',
  'Pulsar',
  'Remington',
  'Ruger',
  'Sako',
  'Sauer',
  'Savage',
  'Schmidt & Bender',
  'SIG Sauer',
  'Smith & Wesson',
  'Springfield Armory',
  'Steyr',
  'Stoeger',
  'Swarovski',
  'Taurus',
  'Tikka',
  'Trijicon',
  'Vortex',
  'Walther',
  'Weihrauch',
  'Winchester',
  'Zastava',
  'Zeiss',
] as const;

const brandKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, '');
const BRAND_BY_KEY = new Map<string, string>(KNOWN_BRANDS.map((brand) => [brandKey(brand), brand]));

/** A known brand as spelled in KNOWN_BRANDS ('sig sauer' → 'SIG Sauer'); other text trimmed as typed. */
export function canonicalBrand(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return BRAND_BY_KEY.get(brandKey(trimmed)) ?? trimmed;
}

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
