import { legalPageOf } from '@common/legal-pages';
import { HOME_LATEST, PAGE_SIZE } from '@common/limits';
import type { AdDetail, AdPage } from '@common/schemas/ads';
import type { QueryClient, QueryKey, QueryState } from '@tanstack/react-query';
import { handoverKeys } from '@web/features/handovers/handovers-api';
import { legalKeys } from '@web/features/legal/legal-api';
import { filtersFromParams, toApiSearch } from '@web/features/listings/browse-filters';
import { listingKeys } from '@web/features/listings/listings-api';
import { sellerKeys } from '@web/features/sellers/sellers-api';
import { ApiError } from '@web/lib/api';

/** An API answer as the browser would have received it (server/seo/pages.ts). */
export type Answer = { status: number; body: unknown };

const firstPage = (body: unknown) => ({ pages: [body], pageParams: [null] });

function errorOf(answer: Answer): ApiError {
  const error = (answer.body as { error?: Record<string, unknown> } | null)?.error;
  return new ApiError(
    answer.status,
    typeof error?.code === 'string' ? error.code : 'http_error',
    typeof error?.message === 'string' ? error.message : '',
    undefined,
    undefined,
    error,
  );
}

/** A query that failed as the browser's would have with this answer (an ad's 404 or 410). */
function seedError(client: QueryClient, queryKey: QueryKey, answer: Answer) {
  const error = errorOf(answer);
  const now = Date.now();
  const state: QueryState<unknown, Error> = {
    data: undefined,
    dataUpdateCount: 0,
    dataUpdatedAt: 0,
    error,
    errorUpdateCount: 1,
    errorUpdatedAt: now,
    fetchFailureCount: 1,
    fetchFailureReason: error,
    fetchMeta: null,
    isInvalidated: false,
    status: 'error',
    fetchStatus: 'idle',
  };
  client.getQueryCache().build(client, { queryKey }, state);
  // Asked again on mount, the query would show as loading (React Query's optimistic result) and the
  // page would render its skeleton instead of saying the ad is gone.
  client.setQueryDefaults(queryKey, { retryOnMount: false });
}

const idIn = (pattern: RegExp, path: string): string | null => {
  const raw = pattern.exec(path)?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
};

/**
 * Fills a query client with the answers the server resolved for a page (keyed by API path), under the
 * keys the page's components ask for, so that they render with data on the server and find it again
 * in the browser. Only answers the pages show as such go in: a 2xx as data, an ad's or seller's
 * 404/410 as the error the page explains; anything else is left for the browser to ask.
 */
export function seedQueries(client: QueryClient, url: URL, answers: Record<string, Answer>): void {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const ok = (answer: Answer | undefined): answer is Answer =>
    !!answer && answer.status >= 200 && answer.status < 300;
  const missing = (answer: Answer | undefined): answer is Answer =>
    !!answer && (answer.status === 404 || answer.status === 410);

  if (path === '/' || path === '/index.html') {
    const answer = answers[`/api/ads?limit=${HOME_LATEST}`];
    if (ok(answer)) client.setQueryData(listingKeys.latest(), (answer.body as AdPage).items);
    return;
  }
  if (path === '/browse') {
    const filters = filtersFromParams(url.searchParams);
    const answer = answers[`/api/ads?${toApiSearch(filters, null, PAGE_SIZE)}`];
    if (ok(answer)) client.setQueryData(listingKeys.browse(filters), firstPage(answer.body));
    return;
  }
  if (legalPageOf(path)) {
    const answer = answers['/api/legal'];
    if (ok(answer)) client.setQueryData(legalKeys.info, answer.body);
    return;
  }
  const adId = idIn(/^\/ad\/([^/]+)$/, path);
  if (adId) {
    const answer = answers[`/api/ads/${encodeURIComponent(adId)}`];
    if (ok(answer)) client.setQueryData(listingKeys.detail(adId), answer.body);
    else if (missing(answer)) seedError(client, listingKeys.detail(adId), answer);
    seedTransferDealers(client, answer, answers);
    return;
  }
  const sellerId = idIn(/^\/seller\/([^/]+)$/, path);
  if (sellerId) {
    const base = `/api/sellers/${encodeURIComponent(sellerId)}`;
    const profile = answers[base];
    const ads = answers[`${base}/ads`];
    if (ok(profile)) client.setQueryData(sellerKeys.profile(sellerId), profile.body);
    else if (missing(profile)) seedError(client, sellerKeys.profile(sellerId), profile);
    if (ok(ads)) client.setQueryData(sellerKeys.ads(sellerId), firstPage(ads.body));
    else if (missing(ads)) seedError(client, sellerKeys.ads(sellerId), ads);
  }
}

/** Issue 29: the dealers under a weapon's guide, in the ad's county (server/seo/pages.ts asked). */
function seedTransferDealers(client: QueryClient, ad: Answer | undefined, answers: Record<string, Answer>) {
  const detail = ad?.status === 200 ? (ad.body as AdDetail) : null;
  if (!detail?.county) return;
  const answer = answers[`/api/dealer-services?${new URLSearchParams([['county', detail.county]])}`];
  if (answer && answer.status === 200)
    client.setQueryData(handoverKeys.dealers([detail.county]), answer.body);
}

/**
 * The seeded answers that say something for the viewer: an ad's detail (its `can` flags, the seller's
 * e-mail for signed-in readers). The server resolved them as a visitor; lists and seller pages are the
 * same for everyone.
 */
export function isAnsweredForViewer(queryKey: QueryKey): boolean {
  const detail = listingKeys.detail('');
  return queryKey.length === detail.length && queryKey[0] === detail[0] && queryKey[1] === detail[1];
}
