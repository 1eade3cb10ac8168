import type { PublicRating } from '@common/schemas/deals';
import { LoadError } from '@web/components/load-error';
import { RatingScore } from '@web/components/rating-score';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth';
import { formatDate } from '@web/lib/format';
import { Flag, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDealActions, useSellerRatings } from './deals-api';
import { dealErrorText } from './error-text';

/**
 * The seller page's ratings (issue 28): the score ("4,8 ★ din 23 de tranzacții") and the revealed
 * ratings with their replies, newest first. Signed-in readers may report one.
 */
export function SellerRatings({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation('deals');
  const query = useSellerRatings(sellerId);
  return (
    <section aria-labelledby="ratings-heading" className="flex flex-col gap-3" data-testid="seller-ratings">
      <h2 id="ratings-heading" className="text-xl font-semibold">
        {t('seller.title')}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : query.isError ? (
        <LoadError message={t('seller.loadError')} query={query} />
      ) : (
        <>
          {query.data.summary ? (
            <RatingScore summary={query.data.summary} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('seller.none')}</p>
          )}
          {query.data.items.length > 0 && (
            <ul className="flex flex-col gap-2">
              {query.data.items.map((rating) => (
                <li key={rating.id}>
                  <RatingItem rating={rating} />
                </li>
              ))}
            </ul>
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
        <span className="flex items-center gap-1 font-medium">
          <span className="sr-only">{t('rating.stars', { count: rating.stars })}</span>
          {[1, 2, 3, 4, 5].map((value) => (
            <Star
              key={value}
              aria-hidden="true"
              className={
                value <= rating.stars
                  ? 'size-4 fill-amber-400 text-amber-500'
                  : 'size-4 text-muted-foreground'
              }
            />
          ))}
        </span>
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
