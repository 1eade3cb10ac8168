import type { RatingSummary } from '@common/schemas/deals';
import { Badge } from '@web/components/ui/badge';
import { formatNumber } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { Star } from 'lucide-react';

/** "4,8": one decimal, in the reader's way of writing numbers. */
export const averageText = (average: number, language: string) => formatNumber(average, language, 1);

/**
 * Issue 28: a seller's score from their revealed ratings. `full` says "4,8 ★ din 23 de tranzacții"
 * (ad page, seller page); compact says "4,8 ★ (23)" (cards, from 3 ratings on).
 */
export function RatingScore({ summary, compact = false }: { summary: RatingSummary; compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const average = averageText(summary.average, i18n.language);
  const label = t('rating.full', { average, count: summary.count });
  if (compact)
    return (
      <Badge variant="outline" title={label} aria-label={label} data-testid="card-score">
        <Star aria-hidden="true" className="fill-amber-400 text-amber-500" />
        {average} ({summary.count})
      </Badge>
    );
  return (
    <span className="flex items-center gap-1.5 text-sm font-medium" data-testid="seller-score">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      {label}
    </span>
  );
}

/** Issue 28: "Rezervat": an accepted offer holds the ad until the seller releases it or sells it. */
export function ReservedBadge({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge variant="secondary" className={className} title={t('reserved.title')} data-testid="reserved-badge">
      {t('reserved.badge')}
    </Badge>
  );
}

/** A rating's stars as five icons, with its words ("4 stele") for screen readers. */
export function StarRow({ stars, label }: { stars: number; label: string }) {
  return (
    <span className="flex items-center gap-0.5">
      <span className="sr-only">{label}</span>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={value <= stars ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-muted-foreground'}
        />
      ))}
    </span>
  );
}
