import { caliberOfText } from '@common/calibers';
import type { AdInput } from '@common/schemas/ads';
import { PRICE_INSIGHT_LOW_SHARE } from '@common/schemas/price-insight';
import { useTranslation } from '@web/lib/use-translation';
import { AlertTriangle } from 'lucide-react';
import { type Control, useWatch } from 'react-hook-form';
import { PriceInsightLine } from './price-insight-line';
import { usePriceInsight } from './use-price-insight';

/** The price as typed ('3800', '3800,50'), or null when it is no number yet. */
function typedPrice(value: unknown): number | null {
  const text = String(value ?? '')
    .trim()
    .replace(',', '.');
  if (text === '') return null;
  const price = Number(text);
  return Number.isFinite(price) ? price : null;
}

/**
 * Issue 28, near the price field of the post and edit form: what ads like this one sell for and,
 * when the price typed is far below it, a calm warning. A price far below the market is how most
 * scams bait buyers, so such ads draw reports; an honest seller should know before posting.
 */
export function FormPriceInsight({ control }: { control: Control<AdInput> }) {
  const { t } = useTranslation('listings');
  const [brand, model, caliber, title, price] = useWatch({
    control,
    name: ['brand', 'model', 'caliber', 'title', 'price'],
  });
  const caliberId = caliberOfText(caliber ?? '', title ?? '');
  const { insight, query } = usePriceInsight({ brand: brand ?? '', model: model ?? '', caliberId });
  if (!insight || !query) return null;
  const typed = typedPrice(price);
  const low = typed !== null && typed > 0 && typed < insight.median * PRICE_INSIGHT_LOW_SHARE;
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <PriceInsightLine insight={insight} brand={query.brand} model={query.model} caliberId={query.caliber} />
      <div role="status" aria-live="polite">
        {low && (
          <p
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="price-insight-low"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('priceInsight.lowPrice')}
          </p>
        )}
      </div>
    </div>
  );
}
