import { caliberLabel } from '@common/calibers';
import type { PriceInsight } from '@common/schemas/price-insight';
import { cn } from '@web/lib/cn';
import { formatNumber } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';

type Props = {
  insight: PriceInsight;
  brand: string;
  model: string;
  caliberId: string;
  className?: string;
};

/** '9x19 (9mm Luger)' → '9x19': the line names the caliber as briefly as the ads do. */
const shortCaliber = (caliberId: string) => (caliberLabel(caliberId) ?? caliberId).replace(/\s*\(.*\)$/, '');

/** Issue 28: "Preț median pentru Glock 17 (9x19): 3.800 lei, din 23 de anunțuri din ultimele 12 luni". */
export function PriceInsightLine({ insight, brand, model, caliberId, className }: Props) {
  const { t, i18n } = useTranslation('listings');
  return (
    <p className={cn('text-sm text-muted-foreground', className)} data-testid="price-insight">
      {t('priceInsight.line', {
        name: `${brand} ${model} (${shortCaliber(caliberId)})`,
        price: formatNumber(insight.median, i18n.language),
        count: insight.count,
        months: insight.months,
      })}
    </p>
  );
}
