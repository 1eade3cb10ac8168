import { formatPrice } from '@common/price';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTranslation } from '@web/lib/use-translation';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useBuyers, useDealActions } from './deals-api';
import { dealErrorText } from './error-text';

const OUTSIDE = 'outside';

/**
 * "Marchează ca vândut" asks to whom (issue 28): one of the people who wrote about the ad, the
 * accepted offer's buyer first and chosen, or "outside the site". A buyer gets a deal to confirm
 * at the price entered (the accepted offer's, unless changed).
 */
export function SellDialog(props: { adId: string; title: string; open: boolean; onClose(): void }) {
  const { adId, title, open, onClose } = props;
  const { t, i18n } = useTranslation('deals');
  const buyers = useBuyers(adId, open);
  const actions = useDealActions();
  const [choice, setChoice] = useState<string>('');
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const items = buyers.data?.items ?? [];

  // The accepted offer's buyer (else the first who wrote) is the likely one: chosen, with their price.
  useEffect(() => {
    if (!open || !buyers.data) return;
    const first = buyers.data.items[0];
    setChoice(first ? first.id : OUTSIDE);
    setPrice(first?.price ? String(first.price) : '');
  }, [open, buyers.data]);

  const pick = (id: string) => {
    setChoice(id);
    const found = items.find((item) => item.id === id);
    if (found?.price) setPrice(String(found.price));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (choice === OUTSIDE) await actions.soldOutside(adId);
      else {
        const amount = Number(price.replace(/[\s.]/g, ''));
        await actions.sellTo(adId, { buyerId: choice, price: price.trim() ? amount : undefined });
      }
      toast.success(t(choice === OUTSIDE ? 'sale.doneOutside' : 'sale.done'));
      onClose();
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent closeLabel={t('close')}>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('sale.toWhom')}</DialogTitle>
            <DialogDescription className="break-words">{title}</DialogDescription>
          </DialogHeader>
          {buyers.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">{t('sale.buyer')}</legend>
              {items.map((item) => (
                <label
                  key={item.id}
                  className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="radio"
                    name="buyer"
                    value={item.id}
                    checked={choice === item.id}
                    onChange={() => pick(item.id)}
                    className="size-4 accent-primary"
                  />
                  <span className="flex flex-col">
                    <span className="font-medium">{item.displayName}</span>
                    {item.price !== null && (
                      <span className="text-muted-foreground">
                        {t(item.accepted ? 'sale.acceptedOffer' : 'sale.lastOffer', {
                          price: formatPrice(item.price, i18n.language),
                        })}
                      </span>
                    )}
                  </span>
                </label>
              ))}
              <label className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                <input
                  type="radio"
                  name="buyer"
                  value={OUTSIDE}
                  checked={choice === OUTSIDE}
                  onChange={() => setChoice(OUTSIDE)}
                  className="size-4 accent-primary"
                />
                {t('sale.outside')}
              </label>
            </fieldset>
          )}
          {choice !== OUTSIDE && choice !== '' && (
            <FormField id={`sale-price-${adId}`} label={t('sale.price')} hint={t('sale.priceHint')}>
              <Input inputMode="numeric" value={price} onChange={(event) => setPrice(event.target.value)} />
            </FormField>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy || choice === ''}>
              {busy ? t('sending') : t('sale.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
