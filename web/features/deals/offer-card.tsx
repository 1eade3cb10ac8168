import { formatPrice } from '@common/price';
import type { Offer } from '@common/schemas/deals';
import type { ConversationDetail, Message } from '@common/schemas/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useDealActions } from './deals-api';
import { dealErrorText } from './error-text';

/**
 * A step of an offer in the thread (issue 28), drawn as a card for both sides: what happened, the
 * amount, and on the offer's latest step the answers the reader may give now (the server's `can`).
 */
export function OfferCard({ message, conversation }: { message: Message; conversation: ConversationDetail }) {
  const { t, i18n } = useTranslation('deals');
  const step = message.offer;
  if (!step) return null;
  const offer = conversation.offers.find((item) => item.id === step.offerId);
  const latest = [...conversation.messages].reverse().find((item) => item.offer?.offerId === step.offerId);
  const sent = message.direction === 'sent';
  const amount = step.amount === null ? '' : formatPrice(step.amount, i18n.language);
  return (
    <article
      data-testid="offer-card"
      data-kind={step.kind}
      className={cn(
        'flex w-full max-w-[85%] flex-col gap-2 rounded-lg border-2 p-3 sm:max-w-[75%]',
        sent ? 'border-primary/40 bg-primary/5' : 'border-amber-300 bg-amber-50/60',
      )}
    >
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5 font-semibold text-foreground">
          <HandCoins className="size-4" aria-hidden="true" />
          {t(`steps.${step.kind}.title`)}
        </span>
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt, i18n.language)}>
          {formatRelativeTime(message.createdAt, i18n.language)}
        </time>
      </div>
      {amount && <p className="text-xl font-bold text-primary">{amount}</p>}
      <p className="text-sm">{t(`steps.${step.kind}.${sent ? 'sent' : 'received'}`)}</p>
      {message.body && <p className="whitespace-pre-line break-words text-sm italic">{message.body}</p>}
      {offer && latest?.id === message.id && <OfferActions offer={offer} />}
    </article>
  );
}

function OfferActions({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation('deals');
  const actions = useDealActions();
  const [busy, setBusy] = useState(false);
  const [countering, setCountering] = useState(false);
  const [amount, setAmount] = useState('');
  const inputId = useId();
  const { can } = offer;
  if (!can.accept && !can.decline && !can.counter) {
    if (offer.status === 'pending' || offer.status === 'countered')
      return (
        <p className="text-xs text-muted-foreground">
          {t('waiting', { date: formatDateTime(offer.expiresAt, i18n.language) })}
        </p>
      );
    return null;
  }
  const answer = async (input: Parameters<typeof actions.answerOffer>[1]) => {
    setBusy(true);
    try {
      await actions.answerOffer(offer.id, input);
      toast.success(t(`answered.${input.answer}`));
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 border-t pt-2">
      <p className="text-xs text-muted-foreground">
        {t('answerBy', { date: formatDateTime(offer.expiresAt, i18n.language) })}
      </p>
      <div className="flex flex-wrap gap-2">
        {can.accept && (
          <Button type="button" size="sm" disabled={busy} onClick={() => void answer({ answer: 'accept' })}>
            {t('actions.accept')}
          </Button>
        )}
        {can.counter && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => setCountering(!countering)}
          >
            {t('actions.counter')}
          </Button>
        )}
        {can.decline && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void answer({ answer: 'decline' })}
          >
            {t('actions.decline')}
          </Button>
        )}
      </div>
      {countering && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void answer({ answer: 'counter', amount: Number(amount.replace(/[\s.]/g, '')) });
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor={inputId}>{t('actions.counterAmount')}</Label>
            <Input
              id={inputId}
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              className="w-40"
            />
          </div>
          <Button type="submit" size="sm" disabled={busy || amount.trim() === ''}>
            {t('actions.sendCounter')}
          </Button>
        </form>
      )}
    </div>
  );
}
