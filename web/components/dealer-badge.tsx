import { Badge } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/use-translation';
import { BadgeCheck } from 'lucide-react';

/** "Dealer verificat": the seller is an authorised arms dealer whose application an admin approved. */
export function DealerBadge({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge variant="default" className={className} title={t('dealer.title')} data-testid="dealer-badge">
      <BadgeCheck aria-hidden="true" />
      {t('dealer.badge')}
    </Badge>
  );
}
