import { SEARCH_MAX } from '@common/limits';
import type { AdCard as AdCardData, RelaxableFilter } from '@common/schemas/ads';
import { FavoriteButton } from '@web/components/favorite-button';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { ApiError } from '@web/lib/api';
import { apiErrorText } from '@web/lib/api-error-text';
import { cn } from '@web/lib/cn';
import { useMediaQueryOnClient } from '@web/lib/use-media-query';
import { useTranslation } from '@web/lib/use-translation';
import { Loader2, Search, SlidersHorizontal } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { AdCard, AdCardSkeleton, AD_GRID_BESIDE_PANEL_CLASS as GRID } from './ad-card';
import { useBrowseAds } from './browse-api';
import { BrowseFilterChips } from './browse-filter-chips';
import { BrowseFilterPanel, type FiltersProblem } from './browse-filter-panel';
import {
  activeFilterCount,
  type BrowseFilters,
  DEFAULT_FILTERS,
  defaultSort,
  effectiveSort,
  filtersFromParams,
  filtersToParams,
  sortsFor,
} from './browse-filters';
import { useFiltersProblem } from './use-filters-problem';

const SKELETONS = 8;
/** From this width the filters sit in a side column; below it they open in a sheet. */
const WIDE = '(min-width: 1024px)';

/**
 * `saveSearch`: the saved-searches feature's button, put in by the route (features do not import each
 * other); `saveSearchWhenEmpty`: its "save and notify me" form, offered when nothing matches.
 */
export function BrowsePage({
  saveSearch,
  saveSearchWhenEmpty,
}: {
  saveSearch?: ReactNode;
  saveSearchWhenEmpty?: ReactNode;
} = {}) {
  const { t } = useTranslation('listings');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const problem = useFiltersProblem(filters);
  const query = useBrowseAds(filters, { enabled: !problem });
  // Null in the server's HTML and while it hydrates: both layouts are drawn, CSS showing the one that
  // fits, so a phone never sees the desktop's filter column first (layout shift).
  const wide = useMediaQueryOnClient(WIDE);

  // The search box keeps its own text: URL updates land a little later, and a box that read its value from
  // the URL would drop fast keystrokes. It takes the URL's text again when the URL changes by other means
  // (Back/Forward, a link).
  const location = useLocation();
  const navigationType = useNavigationType();
  const [text, setText] = useState(filters.q);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    const ours = (location.state as { browseFilters?: boolean } | null)?.browseFilters === true;
    if (navigationType === 'POP' || !ours) setText(filters.q);
  }

  const update = (next: BrowseFilters, options?: { typing?: boolean }) => {
    setText(next.q);
    // A new text is corrected again unless asked otherwise.
    if (next.q !== filters.q) next = { ...next, literal: undefined };
    // Keystrokes replace the history entry; every other choice adds one, so Back undoes them one by one.
    setSearchParams(filtersToParams(next), {
      replace: options?.typing,
      preventScrollReset: true,
      state: { browseFilters: true },
    });
  };
  const current = { ...filters, q: text };
  const clearNarrowing = () => update({ ...DEFAULT_FILTERS, q: current.q, sort: current.sort });
  // The empty list's way out: the filters first; with none left, the text too.
  const narrowed = activeFilterCount(filters) > 0;
  const clearAll = narrowed ? clearNarrowing : () => update(DEFAULT_FILTERS);

  const panel = <BrowseFilterPanel filters={current} onChange={update} problem={problem} />;
  const sort = <SortSelect filters={current} onChange={update} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('browse.title')}</h1>
        {saveSearch}
      </div>
      <search aria-label={t('browse.filters')} className="flex flex-col gap-3">
        <SearchBox value={text} onChange={(q) => update({ ...current, q }, { typing: true })} />
        {wide !== true && (
          <div className={cn('flex items-end gap-2', wide === null && 'lg:hidden')}>
            <FilterSheet
              count={activeFilterCount(filters)}
              total={problem ? null : (query.data?.pages[0]?.total ?? null)}
              onClear={clearNarrowing}
            >
              {panel}
            </FilterSheet>
            <div className="min-w-0 flex-1">{sort}</div>
          </div>
        )}
      </search>

      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        {wide !== false && (
          <aside
            aria-labelledby="filters-heading"
            className={cn('self-start rounded-lg border bg-card p-4', wide === null && 'hidden lg:block')}
          >
            <h2 id="filters-heading" className="mb-3 text-base font-semibold">
              {t('browse.filters')}
            </h2>
            {panel}
          </aside>
        )}
        <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-4">
          <h2 id="results-heading" className="sr-only">
            {t('browse.results')}
          </h2>
          <BrowseFilterChips
            filters={filters}
            onRemove={(key) => update({ ...current, [key]: '' })}
            onClear={clearNarrowing}
          />
          <Results
            query={query}
            problem={problem}
            onLiteral={() =>
              update({ ...current, q: query.data?.pages[0]?.correction?.from ?? current.q, literal: true })
            }
            onRelax={(filter) =>
              update(
                filter === 'price'
                  ? { ...current, priceMin: '', priceMax: '' }
                  : { ...current, [filter]: '' },
              )
            }
            toolbar={
              wide !== false ? (
                <div className={cn('w-56 shrink-0', wide === null && 'hidden lg:block')}>{sort}</div>
              ) : undefined
            }
            whenEmpty={{
              saveSearch: saveSearchWhenEmpty,
              onClear: narrowed || filters.q.trim() ? clearAll : undefined,
            }}
          />
        </section>
      </div>
    </div>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange(q: string): void }) {
  const { t } = useTranslation('listings');
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('browse.search')}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          enterKeyHint="search"
          className="pl-9"
          maxLength={SEARCH_MAX}
          placeholder={t('browse.searchPlaceholder')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

/** The order of the list; 'Best match' is offered (and the default) only when there is search text. */
function SortSelect({ filters, onChange }: { filters: BrowseFilters; onChange(next: BrowseFilters): void }) {
  const { t } = useTranslation('listings');
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('browse.sort')}</Label>
      <NativeSelect
        id={id}
        value={effectiveSort(filters)}
        onChange={(event) => {
          const sort = event.target.value as BrowseFilters['sort'];
          onChange({ ...filters, sort: sort === defaultSort(filters.q) ? '' : sort });
        }}
      >
        {sortsFor(filters.q).map((sort) => (
          <option key={sort} value={sort}>
            {t(`sorts.${sort}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

// The sheet's dialog code (Radix, scroll lock) is not on the first paint: it loads when the button is
// pointed at or focused, and at the latest when it is pressed.
const loadFilterSheetDialog = () => import('./filter-sheet-dialog');
const FilterSheetDialog = lazy(() => loadFilterSheetDialog().then((m) => ({ default: m.FilterSheetDialog })));

/**
 * The phone's filter panel: a button 'Filters (n)' opens a sheet. Choices apply as they are made (the
 * list behind updates), and the footer's button shows how many ads they leave.
 */
function FilterSheet({
  count,
  total,
  onClear,
  children,
}: {
  count: number;
  total: number | null;
  onClear(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('listings');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadFilterSheetDialog();

  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        className="shrink-0"
        data-testid="open-filters"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {count > 0 ? t('browse.filtersCount', { count }) : t('browse.filters')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FilterSheetDialog
            count={count}
            total={total}
            onClear={onClear}
            onClose={() => setOpen(false)}
            returnFocusTo={button}
          >
            {children}
          </FilterSheetDialog>
        </Suspense>
      )}
    </>
  );
}

function Results({
  query,
  problem,
  toolbar,
  onLiteral,
  onRelax,
  whenEmpty,
}: {
  query: ReturnType<typeof useBrowseAds>;
  problem: FiltersProblem;
  toolbar?: ReactNode;
  onLiteral(): void;
  onRelax(filter: RelaxableFilter): void;
  /** What the empty list offers besides removing one filter: saving the search, clearing the filters. */
  whenEmpty: { saveSearch?: ReactNode; onClear?: () => void };
}) {
  const { t } = useTranslation(['listings', 'validation', 'common']);
  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  // No list to show: the API refused the filters (400, said like a form error), or it could not
  // answer at all (the error state with Retry; never "0 ads found").
  const failed = query.isError && !query.data;
  const refused = failed && query.error instanceof ApiError && query.error.status === 400;

  const countLine = problem ? (
    <p className="text-sm text-destructive" role="alert" data-testid="filters-problem">
      {t(`validation:${problem.message}`, { defaultValue: t('validation:invalid') })}
    </p>
  ) : refused ? (
    <p className="text-sm text-destructive" role="alert" data-testid="filters-problem">
      {apiErrorText(t, query.error) ?? t('validation:invalid')}
    </p>
  ) : failed ? null : (
    <p className="text-sm text-muted-foreground" role="status" data-testid="result-count">
      {query.isPending
        ? t('common.loading')
        : t(first?.totalCapped ? 'browse.resultCountCapped' : 'browse.resultCount', {
            count: first?.total ?? 0,
          })}
    </p>
  );

  return (
    <>
      <div className="flex items-end justify-between gap-3">
        {countLine}
        {toolbar}
      </div>
      {first?.correction && (
        <p className="text-sm" data-testid="search-correction">
          {t('browse.corrected', { to: first.correction.to, from: first.correction.from })}{' '}
          <button
            type="button"
            className="font-medium text-primary underline underline-offset-2"
            onClick={onLiteral}
          >
            {t('browse.searchLiteral', { from: first.correction.from })}
          </button>
        </p>
      )}
      {problem || refused ? null : failed ? (
        <LoadError message={t('browse.loadError')} query={query} />
      ) : query.isPending ? (
        <div className={GRID} aria-busy="true">
          {Array.from({ length: SKELETONS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <AdCardSkeleton key={i} />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center text-muted-foreground"
          data-testid="no-results"
        >
          <p>{t('browse.noResults')}</p>
          {whenEmpty.saveSearch}
          {whenEmpty.onClear && (
            <Button type="button" variant="ghost" onClick={whenEmpty.onClear} data-testid="no-results-clear">
              {t('browse.clearFilters')}
            </Button>
          )}
          {first?.relax && (
            <Button type="button" variant="outline" onClick={() => onRelax(first.relax!.filter)}>
              {t(first.relax.capped ? 'browse.relaxCapped' : 'browse.relax', {
                filter: t(`browse.filterNames.${first.relax.filter}`),
                count: first.relax.total,
              })}
            </Button>
          )}
        </div>
      ) : (
        <ul
          className={cn(GRID, query.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={query.isPlaceholderData}
        >
          {items.map((ad, index) => (
            <li key={ad.id}>
              <AdCard ad={ad} priority={index === 0} action={<FavoriteButton adId={ad.id} />} />
            </li>
          ))}
        </ul>
      )}
      {!problem && !failed && first?.nearMatches && first.nearMatches.length > 0 && (
        <NearMatches ads={first.nearMatches} />
      )}
      {!problem && query.isFetchNextPageError ? (
        <LoadError
          message={t('browse.moreError')}
          query={{ refetch: () => query.fetchNextPage(), isFetching: query.isFetchingNextPage }}
          compact
        />
      ) : (
        !problem &&
        query.hasNextPage &&
        !query.isPlaceholderData && (
          <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
        )
      )}
    </>
  );
}

/**
 * Below a short list (or none): ads that match all of the search's words but one (issue 26 item 25),
 * ranked by the API, under their own heading so they are not taken for matches.
 */
function NearMatches({ ads }: { ads: AdCardData[] }) {
  const { t } = useTranslation('listings');
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-t pt-4" data-testid="near-matches">
      <div>
        <h3 id={id} className="text-lg font-semibold">
          {t('browse.nearMatches')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('browse.nearMatchesHint')}</p>
      </div>
      <ul className={GRID}>
        {ads.map((ad) => (
          <li key={ad.id}>
            <AdCard ad={ad} action={<FavoriteButton adId={ad.id} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A 'Load more' button that also presses itself when scrolled into view. */
function LoadMore({ loading, onLoad }: { loading: boolean; onLoad(): void }) {
  const { t } = useTranslation('listings');
  const ref = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;

  useEffect(() => {
    const element = ref.current;
    if (!element || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <div ref={ref} className="flex justify-center py-2">
      <Button type="button" variant="outline" onClick={onLoad} disabled={loading}>
        {loading && <Loader2 className="animate-spin" aria-hidden="true" />}
        {loading ? t('common.loading') : t('browse.loadMore')}
      </Button>
    </div>
  );
}
