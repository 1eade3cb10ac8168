import { CALIBER_IDS, type CaliberId } from '@common/calibers';
import { COUNTY_CODES, type CountyCode } from '@common/counties';
import { LEGAL_CATEGORIES, type LegalCategory } from '@common/legal';
import { BRAND_MAX, SEARCH_MAX } from '@common/limits';
import {
  ACTIONS,
  type Action,
  CATEGORIES,
  type Category,
  CONDITIONS,
  type Condition,
  canonicalBrand,
  SORTS,
  type Sort,
} from '@common/values';

/** The browse screen's filters; the URL query is their only store, so links are shareable and Back works. */
export type BrowseFilters = {
  q: string;
  category: Category | '';
  condition: Condition | '';
  county: CountyCode | '';
  /** Price bounds in RON as written in the URL (digits, maybe a decimal point); '' is no bound. */
  priceMin: string;
  priceMax: string;
  caliber: CaliberId | '';
  action: Action | '';
  brand: string;
  /** The legal category under Legea 295/2004 (issue 12). */
  legal: LegalCategory | '';
  /** '1': only the ads of verified dealers (issue 12). */
  dealer: '1' | '';
  /** '1': hide reserved ads (issue 28). */
  available: '1' | '';
  /** '' follows the default: relevance when there is search text, newest otherwise (defaultSort). */
  sort: Sort | '';
  /** Search the text as typed, without the server's typo correction. */
  literal?: boolean;
};

export const DEFAULT_FILTERS: BrowseFilters = {
  q: '',
  category: '',
  condition: '',
  county: '',
  priceMin: '',
  priceMax: '',
  caliber: '',
  action: '',
  brand: '',
  legal: '',
  dealer: '',
  available: '',
  sort: '',
};

/** The filters that narrow the list (not the search text, not the sort), in the order chips show them. */
export const NARROWING_KEYS = [
  'category',
  'condition',
  'county',
  'priceMin',
  'priceMax',
  'caliber',
  'action',
  'brand',
  'legal',
  'dealer',
  'available',
] as const satisfies ReadonlyArray<keyof BrowseFilters>;
export type NarrowingKey = (typeof NARROWING_KEYS)[number];

/** The server's default order: a text search is ranked by relevance, a plain list shows the newest. */
export const defaultSort = (q: string): Sort => (q.trim() ? 'relevance' : 'newest');

/** The order the list is actually in. */
export const effectiveSort = (filters: BrowseFilters): Sort => filters.sort || defaultSort(filters.q);

/** Sorts the select offers: relevance only means something when there is text to match. */
export const sortsFor = (q: string): readonly Sort[] =>
  q.trim() ? SORTS : SORTS.filter((sort) => sort !== 'relevance');

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/**
 * A price bound as people type it in Romania: spaces and thousands dots dropped ('1.500' and '1 500' are
 * 1500), a decimal comma read as a point. Anything else is kept as written, so the schema can say
 * what is wrong with it instead of the filter silently vanishing.
 */
export function normalizePrice(text: string): string {
  const compact = text.trim().replace(/[\s\u00a0]+/g, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(compact)) return compact.replace(/\./g, '');
  if (/^\d+,\d{1,2}$/.test(compact)) return compact.replace(',', '.');
  return compact.slice(0, 20);
}

/**
 * A search typed or pasted with a tab, or a link carrying %00: the API refuses control characters
 * (issue 26), so they are read as spaces and the list still loads.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const controlsAsSpaces = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');

/** Reads filters from the URL; unknown values fall back to "any" so an edited link still works. */
export function filtersFromParams(params: URLSearchParams): BrowseFilters {
  const q = controlsAsSpaces(params.get('q') ?? '').slice(0, SEARCH_MAX);
  const sort = oneOf(SORTS, params.get('sort'));
  return {
    q,
    category: oneOf(CATEGORIES, params.get('category')),
    condition: oneOf(CONDITIONS, params.get('condition')),
    county: oneOf(COUNTY_CODES, params.get('county')),
    priceMin: normalizePrice(params.get('priceMin') ?? ''),
    priceMax: normalizePrice(params.get('priceMax') ?? ''),
    caliber: oneOf(CALIBER_IDS, params.get('caliber')),
    action: oneOf(ACTIONS, params.get('action')),
    brand: canonicalBrand(controlsAsSpaces(params.get('brand') ?? '').slice(0, BRAND_MAX)),
    legal: oneOf(LEGAL_CATEGORIES, params.get('legal')),
    dealer: params.get('dealer') === '1' ? '1' : '',
    available: params.get('available') === '1' ? '1' : '',
    // A sort that is the default anyway, or relevance without text, is the same as none.
    sort: sort === defaultSort(q) || (sort === 'relevance' && !q.trim()) ? '' : sort,
    ...(params.get('literal') === '1' && q.trim() ? { literal: true } : {}),
  };
}

/** Writes filters to a URL query, leaving out empty values and the default sort. */
export function filtersToParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  for (const key of NARROWING_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (filters.sort && filters.sort !== defaultSort(filters.q)) params.set('sort', filters.sort);
  if (filters.literal && filters.q.trim()) params.set('literal', '1');
  return params;
}

export const activeFilterCount = (filters: BrowseFilters) =>
  NARROWING_KEYS.filter((key) => filters[key].trim() !== '').length;

/** The query string of GET /api/ads for one page. */
export function toApiSearch(filters: BrowseFilters, cursor: string | null, limit: number): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  for (const key of NARROWING_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  params.set('sort', filters.sort || defaultSort(q));
  if (filters.literal && q) params.set('literal', '1');
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
