import { caliberLabel } from '@common/calibers';
import type { PriceInsight } from '@common/schemas/price-insight';
import { cn } from '@web/lib/cn';
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

const NUMBER_LOCALES: Record<string, string> = { ro: 'ro-RO', en: 'en-GB' };

/** Issue 28: "Preț median pentru Glock 17 (9x19): 3.800 lei, din 23 de anunțuri din ultimele 12 luni". */
export function PriceInsightLine({ insight, brand, model, caliberId, className }: Props) {
  const { t, i18n } = useTranslation('listings');
  const locale = NUMBER_LOCALES[i18n.language.slice(0, 2)] ?? 'ro-RO';
  return (
    <p className={cn('text-sm text-muted-foreground', className)} data-testid="price-insight">
      {t('priceInsight.line', {
        name: `${brand} ${model} (${shortCaliber(caliberId)})`,
        price: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(insight.median),
        count: insight.count,
        months: insight.months,
      })}
    </p>
  );
}
