import { ATTESTED_CATEGORY } from '@common/legal';
import { MESSAGE_MAX } from '@common/limits';
import { formatPrice } from '@common/price';
import type { AdDetail } from '@common/schemas/ads';
import { offerInputSchema } from '@common/schemas/deals';
import { ConsentCheckbox } from '@web/components/consent-checkbox';
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
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useAuth } from '@web/lib/auth';
import { useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import { BadgeCheck, HandCoins, Unlock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useDealActions } from './deals-api';
import { dealErrorText } from './error-text';
import { SellDialog } from './sell-dialog';

/**
 * Issue 28, the ad page's deal box: "Fă o ofertă" for a signed-in buyer (the server says when,
 * `ad.can.offer`), and for the owner the reservation's release and "Marchează ca vândut".
 */
export function OfferBox({ ad }: { ad: AdDetail }) {
  const { user, loading } = useAuth();
  if (loading || !user) return null;
  if (ad.can.offer) return <MakeOffer ad={ad} />;
  if (ad.can.markSold || ad.can.releaseReservation) return <OwnerSale ad={ad} />;
  return null;
}

type Values = { amount: string; message: string; attestation: boolean };

function MakeOffer({ ad }: { ad: AdDetail }) {
  const { t, i18n } = useTranslation('deals');
  const actions = useDealActions();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [values, setValues] = useState<Values>({ amount: '', message: '', attestation: false });
  // Issue 29: a weapon needing authorisation asks the buyer's attestation with the offer.
  const attests = ad.legalCategory === ATTESTED_CATEGORY;
  const [sent, setSent] = useState<string | null>(null);
  const errors = useFormErrors<keyof Values>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const amount = Number(values.amount.replace(/[\s.]/g, '').replace(',', '.'));
    const input = errors.check(
      offerInputSchema,
      { amount: values.amount.trim() === '' ? undefined : amount, message: values.message },
      ['amount', 'message', 'attestation'],
    );
    if (!input) return;
    if (attests && !values.attestation) return errors.fail('attestation', 'attestationRequired');
    setSending(true);
    try {
      const offer = await actions.makeOffer(ad.id, { ...input, ...(attests ? { attestation: true } : {}) });
      toast.success(t('offer.sent'));
      setSent(offer.conversationId);
      setOpen(false);
      setValues({ amount: '', message: '', attestation: false });
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="offer-heading" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id="offer-heading" className="font-semibold">
        {t('offer.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('offer.help')}</p>
      {sent && (
        <Link
          to={`/dashboard/messages/${sent}`}
          className="text-sm font-medium text-primary underline underline-offset-4"
        >
          {t('offer.seeThread')}
        </Link>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button type="button" className="self-start" data-testid="make-offer">
            <HandCoins aria-hidden="true" />
            {t('offer.make')}
          </Button>
        </DialogTrigger>
        <DialogContent closeLabel={t('close')}>
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t('offer.make')}</DialogTitle>
              <DialogDescription>
                {t('offer.asking', { price: formatPrice(ad.price, i18n.language) })}
              </DialogDescription>
            </DialogHeader>
            <FormField label={t('offer.amount')} hint={t('offer.amountHint')} {...errors.field('amount')}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                value={values.amount}
                onChange={(event) => setValues((v) => ({ ...v, amount: event.target.value }))}
              />
            </FormField>
            <FormField label={t('offer.message')} {...errors.field('message')}>
              <Textarea
                rows={3}
                maxLength={MESSAGE_MAX}
                value={values.message}
                onChange={(event) => setValues((v) => ({ ...v, message: event.target.value }))}
              />
            </FormField>
            {attests && (
              <ConsentCheckbox
                {...errors.field('attestation')}
                register={{
                  name: 'attestation',
                  ref: () => undefined,
                  onBlur: async () => undefined,
                  onChange: async (event: { target: { checked: boolean } }) =>
                    setValues((v) => ({ ...v, attestation: event.target.checked })),
                }}
              >
                {t('offer.attestation')}
              </ConsentCheckbox>
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t('cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={sending}>
                {sending ? t('sending') : t('offer.send')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function OwnerSale({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('deals');
  const actions = useDealActions();
  const [selling, setSelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const release = async () => {
    setBusy(true);
    try {
      await actions.release(ad.id);
      toast.success(t('reservation.released'));
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="sale-heading" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id="sale-heading" className="font-semibold">
        {t('sale.title')}
      </h2>
      {ad.reserved && <p className="text-sm text-muted-foreground">{t('reservation.help')}</p>}
      <div className="flex flex-wrap gap-2">
        {ad.can.releaseReservation && (
          <Button type="button" variant="outline" disabled={busy} onClick={() => void release()}>
            <Unlock aria-hidden="true" />
            {t('reservation.release')}
          </Button>
        )}
        {ad.can.markSold && (
          <Button type="button" onClick={() => setSelling(true)} data-testid="mark-sold">
            <BadgeCheck aria-hidden="true" />
            {t('sale.markSold')}
          </Button>
        )}
      </div>
      <SellDialog adId={ad.id} title={ad.title} open={selling} onClose={() => setSelling(false)} />
    </section>
  );
}
