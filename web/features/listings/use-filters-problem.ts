import { useEffect, useState } from 'react';
import type { FiltersProblem } from './browse-filter-panel';
import type { BrowseFilters } from './browse-filters';

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
 * check has loaded, right after the first paint: zod stays off browse's first load, and a refusal
 * in the meantime comes back from the API (400) and is shown all the same.
 */
export function useFiltersProblem(filters: BrowseFilters): FiltersProblem {
  const [loaded, setLoaded] = useState<Check | null>(() => check);
  useEffect(() => {
    if (!loaded) void loadFiltersCheck().then((next) => setLoaded(() => next));
  }, [loaded]);
  return loaded ? loaded(filters) : null;
}
