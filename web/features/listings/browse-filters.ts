import { CATEGORIES, type Category, CONDITIONS, type Condition, SORTS, type Sort } from '@common/values';

/** The browse screen's filters; the URL query is their only store, so links are shareable and Back works. */
export type BrowseFilters = {
  q: string;
  category: Category | '';
  condition: Condition | '';
  sort: Sort;
};

export const DEFAULT_FILTERS: BrowseFilters = { q: '', category: '', condition: '', sort: 'newest' };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** Reads filters from the URL; unknown values fall back to "any" so an edited link still works. */
export function filtersFromParams(params: URLSearchParams): BrowseFilters {
  return {
    q: params.get('q') ?? '',
    category: oneOf(CATEGORIES, params.get('category')),
    condition: oneOf(CONDITIONS, params.get('condition')),
    sort: oneOf(SORTS, params.get('sort')) || 'newest',
  };
}

/** Writes filters to a URL query, leaving out empty values and the default sort. */
export function filtersToParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.condition) params.set('condition', filters.condition);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  return params;
}

export const hasActiveFilters = (filters: BrowseFilters) =>
  Boolean(filters.q.trim() || filters.category || filters.condition);

/** The query string of GET /api/ads for one page. */
export function toApiSearch(filters: BrowseFilters, cursor: string | null, limit: number): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.category) params.set('category', filters.category);
  if (filters.condition) params.set('condition', filters.condition);
  params.set('sort', filters.sort);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
