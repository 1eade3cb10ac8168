import { useEffect, useState } from 'react';
import type { FiltersProblem } from './browse-filter-panel';
import { type BrowseFilters, NARROWING_KEYS } from './browse-filters';

type Check = (filters: BrowseFilters) => FiltersProblem;

let check: Check | null = null;
let loading: Promise<Check> | null = null;

/** Loads the check (the API's own schema, with zod), once. */
export function loadFiltersCheck(): Promise<Check> {
  loading ??= import('./browse-problem').then((m) => {
    check = m.filtersProblem;
    return check;
  });
  return loading;
}

/**
 * What the API's schema refuses in these filters, said by the field (browse-problem.ts). Null until the
 * check has loaded, which it does once some filter narrows the list: zod stays off the first load of
 * a plain list or a search (building its schemas is a long task on a phone), and a refusal in the
 * meantime comes back from the API (400) and is shown all the same.
 */
export function useFiltersProblem(filters: BrowseFilters): FiltersProblem {
  const [loaded, setLoaded] = useState<Check | null>(() => check);
  const narrowed = NARROWING_KEYS.some((key) => filters[key].trim() !== '');
  useEffect(() => {
    if (!loaded && narrowed) void loadFiltersCheck().then((next) => setLoaded(() => next));
  }, [loaded, narrowed]);
  return loaded ? loaded(filters) : null;
}
