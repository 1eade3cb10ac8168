import { FavoriteButton } from '@web/components/favorite-button';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { AD_GRID_CLASS, AdCard, AdCardSkeleton } from './ad-card';
import { BrowseFilterPanel } from './browse-filter-panel';
import { type BrowseFilters, DEFAULT_FILTERS, filtersFromParams, filtersToParams } from './browse-filters';
import { useBrowseAds } from './listings-api';

const SKELETONS = 8;

export function BrowsePage() {
  const { t } = useTranslation('listings');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const query = useBrowseAds(filters);

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
    // Keystrokes replace the history entry; choices in the selects add one, so Back undoes them one by one.
    setSearchParams(filtersToParams(next), {
      replace: options?.typing,
      preventScrollReset: true,
      state: { browseFilters: true },
    });
  };

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('browse.title')}</h1>
      <BrowseFilterPanel
        filters={{ ...filters, q: text }}
        onChange={update}
        onReset={() => update(DEFAULT_FILTERS)}
      />

      {query.isPending ? (
        <div className={AD_GRID_CLASS} aria-busy="true">
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          {Array.from({ length: SKELETONS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <AdCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <section aria-labelledby="results-heading" className="flex flex-col gap-4">
          <h2 id="results-heading" className="sr-only">
            {t('browse.results')}
          </h2>
          <p className="text-sm text-muted-foreground" role="status" data-testid="result-count">
            {t('browse.resultCount', { count: total })}
          </p>
          {items.length === 0 ? (
            <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
              {t('browse.noResults')}
            </p>
          ) : (
            <ul
              className={cn(AD_GRID_CLASS, query.isPlaceholderData && 'opacity-60 transition-opacity')}
              aria-busy={query.isPlaceholderData}
            >
              {items.map((ad, index) => (
                <li key={ad.id}>
                  <AdCard ad={ad} priority={index === 0} action={<FavoriteButton adId={ad.id} />} />
                </li>
              ))}
            </ul>
          )}
          {query.hasNextPage && !query.isPlaceholderData && (
            <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
          )}
        </section>
      )}
    </div>
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
