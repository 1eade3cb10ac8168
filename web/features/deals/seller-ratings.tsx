import type { PublicRating, SellerRatingsPage } from '@common/schemas/deals';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadError } from '@web/components/load-error';
import { RatingScore, StarRow } from '@web/components/rating-score';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { formatDate } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { Flag } from 'lucide-react';
import { toast } from 'sonner';
import { dealKeys, useDealActions } from './deals-api';
import { dealErrorText } from './error-text';

/**
 * The revealed ratings a keyset page (20) at a time: the score comes with every page, the list grows
 * with "More ratings". Under the same key as before, so a deal step that reloads the app's data
 * reloads these too.
 */
function useSellerRatingPages(sellerId: string) {
  return useInfiniteQuery({
    queryKey: dealKeys.sellerRatings(sellerId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<SellerRatingsPage>(
        `/api/sellers/${encodeURIComponent(sellerId)}/ratings${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * The seller page's ratings (issue 28): the score ("4,8 ★ din 23 de tranzacții") and the revealed
 * ratings with their replies, newest first. Signed-in readers may report one.
 */
export function SellerRatings({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation('deals');
  const query = useSellerRatingPages(sellerId);
  const pages = query.data?.pages ?? [];
  // The newest page's score: a rating hidden meanwhile has left it.
  const summary = pages.at(-1)?.summary ?? null;
  const items = pages.flatMap((page) => page.items);
  return (
    <section aria-labelledby="ratings-heading" className="flex flex-col gap-3" data-testid="seller-ratings">
      <h2 id="ratings-heading" className="text-xl font-semibold">
        {t('seller.title')}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : query.isError && pages.length === 0 ? (
        // Only a failed first page replaces the list; a failed "More ratings" keeps what is shown.
        <LoadError message={t('seller.loadError')} query={query} />
      ) : (
        <>
          {summary ? (
            <RatingScore summary={summary} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('seller.none')}</p>
          )}
          {items.length > 0 && (
            <ul className="flex flex-col gap-2">
              {items.map((rating) => (
                <li key={rating.id}>
                  <RatingItem rating={rating} />
                </li>
              ))}
            </ul>
          )}
          {query.isFetchNextPageError && (
            <p className="text-sm text-destructive" role="alert">
              {t('seller.moreError')}
            </p>
          )}
          {query.hasNextPage && (
            <Button
              type="button"
              variant="outline"
              className="self-center"
              disabled={query.isFetchingNextPage}
              aria-busy={query.isFetchingNextPage || undefined}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? t('common:common.loading') : t('seller.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function RatingItem({ rating }: { rating: PublicRating }) {
  const { t, i18n } = useTranslation('deals');
  const { user } = useAuth();
  const actions = useDealActions();
  const report = async () => {
    try {
      await actions.report(rating.id);
      toast.success(t('seller.reported'));
    } catch (error) {
      toast.error(dealErrorText(t, error));
    }
  };
  return (
    <article className="flex flex-col gap-1.5 rounded-lg border bg-card p-3 text-sm" data-testid="rating">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRow stars={rating.stars} label={t('rating.stars', { count: rating.stars })} />
        <span className="text-xs text-muted-foreground">
          {t(`seller.as.${rating.ratedRole}`, { name: rating.raterName })} ·{' '}
          {formatDate(rating.createdAt, i18n.language)}
        </span>
      </div>
      {rating.comment && <p className="whitespace-pre-line break-words">{rating.comment}</p>}
      {rating.reply && (
        <p className="border-l-2 pl-2 text-muted-foreground" data-testid="rating-reply">
          <span className="font-medium">{t('seller.reply')}</span> {rating.reply}
        </p>
      )}
      {user && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-end text-muted-foreground"
          onClick={() => void report()}
        >
          <Flag aria-hidden="true" />
          {t('seller.report')}
        </Button>
      )}
    </article>
  );
}
