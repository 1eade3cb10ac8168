import { browseQuerySchema } from '@common/schemas/ads';
import { type BrowseFilters, NARROWING_KEYS, type NarrowingKey, toApiSearch } from './browse-filters';

// Apart from browse-filters.ts: the home page's first load reads that module (through the API hooks)
// and must not carry zod and the schemas with it.

/**
 * The field and validation key of the first thing the browse schema (the API's own) refuses in these
 * filters, such as a minimum price above the maximum; the page shows it by that field and asks nothing.
 */
export function filtersProblem(filters: BrowseFilters): { field: NarrowingKey; message: string } | null {
  const result = browseQuerySchema.safeParse(
    Object.fromEntries(new URLSearchParams(toApiSearch(filters, null, 1))),
  );
  if (result.success) return null;
  const issue = result.error.issues[0];
  const field = NARROWING_KEYS.find((key) => key === issue?.path[0]) ?? 'priceMax';
  return { field, message: issue?.message ?? 'invalid' };
}
