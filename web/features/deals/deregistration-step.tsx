import type { Deal } from '@common/schemas/deals';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useDealActions } from './deals-api';
import { dealErrorText } from './error-text';

/**
 * Issue 29: the seller's step after a weapon's sale, having it struck off their permit. Ticking it
 * done stops the reminder the site would mail; once done, the deal says when.
 */
export function DeregistrationStep({ deal }: { deal: Deal }) {
  const { t, i18n } = useTranslation('deals');
  const actions = useDealActions();
  const [busy, setBusy] = useState(false);
  if (deal.deregisteredAt)
    return (
      <p className="flex items-center gap-1.5 text-sm" data-testid="deregistered">
        <CircleCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('deregistration.done', { date: formatDate(deal.deregisteredAt, i18n.language) })}
      </p>
    );
  if (!deal.can.markDeregistered) return null;
  const mark = async () => {
    setBusy(true);
    try {
      await actions.markDeregistered(deal.id);
      toast.success(t('deregistration.saved'));
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-3" data-testid="deregistration">
      <p className="text-sm">{t('deregistration.ask')}</p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="self-start"
        disabled={busy}
        onClick={() => void mark()}
      >
        {t('deregistration.mark')}
      </Button>
    </div>
  );
}
