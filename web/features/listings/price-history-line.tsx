import { formatPrice } from '@common/price';
import type { AdDetail } from '@common/schemas/ads';
import { formatDate } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { TrendingDown, TrendingUp } from 'lucide-react';

type Change = AdDetail['priceHistory'][number];

function changeText(t: (key: string, values: Record<string, string>) => string, change: Change, lng: string) {
  return t(change.to < change.from ? 'detail.priceHistory.lowered' : 'detail.priceHistory.raised', {
    from: formatPrice(change.from, lng),
    to: formatPrice(change.to, lng),
    date: formatDate(change.at, lng),
  });
}

/**
 * Issue 28: the ad's last price change under its price ("Redus de la 4.200 lei la 3.900 lei, 12
 * noiembrie 2026"), and the earlier ones behind a disclosure.
 */
export function PriceHistoryLine({ history }: { history: AdDetail['priceHistory'] }) {
  const { t, i18n } = useTranslation('listings');
  const [latest, ...earlier] = history;
  if (!latest) return null;
  const Icon = latest.to < latest.from ? TrendingDown : TrendingUp;
  return (
    <div className="text-sm text-muted-foreground" data-testid="price-history">
      <p className="flex items-center gap-1.5">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {changeText(t, latest, i18n.language)}
      </p>
      {earlier.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-ring">
            {t('detail.priceHistory.earlier', { count: earlier.length })}
          </summary>
          <ul className="mt-1 list-disc ps-6">
            {earlier.map((change) => (
              <li key={change.at}>{changeText(t, change, i18n.language)}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
