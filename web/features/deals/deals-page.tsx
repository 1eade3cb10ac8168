import { RATING_COMMENT_MAX, RATING_REPLY_MAX } from '@common/deals';
import { formatPrice } from '@common/price';
import type { Deal } from '@common/schemas/deals';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { formatDate } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { Star } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ContractButton } from './contract-dialog';
import { DealHistory } from './deal-history';
import { useDealActions, useMyDeals } from './deals-api';
import { DeregistrationStep } from './deregistration-step';
import { dealErrorText } from './error-text';

/**
 * Dashboard › Tranzacții (issue 28): the caller's deals, to confirm or deny, rate and answer. Issue 29:
 * a weapon's deal shows the legal guide (`renderGuide`, from the legal-guide feature, the seller's
 * side first for the seller), the seller's deregistration step, the handover request to a dealer
 * (`renderHandover`, from the handovers feature) and the deal's history.
 */
export function DealsPage({
  renderGuide,
  renderHandover,
}: {
  renderGuide?: (deal: Deal) => ReactNode;
  renderHandover?: (deal: Deal) => ReactNode;
} = {}) {
  const { t } = useTranslation('deals');
  const query = useMyDeals();
  if (query.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  if (query.isError) return <LoadError message={t('list.loadError')} query={query} />;
  if (query.data.items.length === 0)
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        {t('list.empty')}
      </p>
    );
  return (
    <section aria-labelledby="deals-heading" className="flex flex-col gap-3">
      <h2 id="deals-heading" className="sr-only">
        {t('list.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {query.data.items.map((deal) => (
          <li key={deal.id}>
            <DealRow
              deal={deal}
              guide={deal.weapon && deal.status !== 'denied' ? renderGuide?.(deal) : null}
              handover={deal.weapon && deal.can.requestHandover ? renderHandover?.(deal) : null}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DealRow({ deal, guide, handover }: { deal: Deal; guide: ReactNode; handover: ReactNode }) {
  const { t, i18n } = useTranslation('deals');
  return (
    <article data-testid="deal" className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          {deal.ad.id ? (
            <Link to={`/ad/${deal.ad.id}`} className="font-semibold break-words text-primary hover:underline">
              {deal.ad.title}
            </Link>
          ) : (
            <span className="font-semibold break-words">{deal.ad.title}</span>
          )}
          <span className="text-sm text-muted-foreground">
            {t(deal.role === 'seller' ? 'list.soldTo' : 'list.boughtFrom', {
              name: deal.otherParty.displayName,
            })}{' '}
            · {formatDate(deal.createdAt, i18n.language)}
          </span>
        </div>
        <div className="flex flex-col items-end gap-1">
          <span className="text-lg font-bold text-primary">{formatPrice(deal.price, i18n.language)}</span>
          <Badge
            variant={
              deal.status === 'denied' ? 'destructive' : deal.status === 'confirmed' ? 'default' : 'secondary'
            }
          >
            {t(`status.${deal.status}`)}
          </Badge>
        </div>
      </div>
      {(deal.can.confirm || deal.can.deny) && <Confirmation deal={deal} />}
      {deal.status === 'awaiting' && deal.role === 'seller' && (
        <p className="text-sm text-muted-foreground">{t('list.awaitingBuyer')}</p>
      )}
      {deal.weapon && deal.status !== 'denied' && <ContractButton deal={deal} />}
      {handover}
      {deal.can.rate && <RatingForm deal={deal} />}
      {deal.myRating && (
        <p className="text-sm" data-testid="my-rating">
          {t('rating.mine', { stars: deal.myRating.stars })}{' '}
          <span className="text-muted-foreground">
            {deal.myRating.revealed ? t('rating.shown') : t('rating.hiddenUntil')}
          </span>
        </p>
      )}
      {deal.theyRated && !deal.theirRating && (
        <p className="text-sm text-muted-foreground">{t('rating.theyRatedBlind')}</p>
      )}
      {deal.theirRating && <TheirRating deal={deal} rating={deal.theirRating} />}
      {deal.role === 'seller' && deal.status === 'confirmed' && <DeregistrationStep deal={deal} />}
      <DealHistory deal={deal} />
      {guide}
    </article>
  );
}

function Confirmation({ deal }: { deal: Deal }) {
  const { t } = useTranslation('deals');
  const actions = useDealActions();
  const [busy, setBusy] = useState(false);
  const send = async (answer: 'confirm' | 'deny') => {
    setBusy(true);
    try {
      await actions.answerDeal(deal.id, { answer });
      toast.success(t(answer === 'confirm' ? 'list.confirmed' : 'list.denied'));
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-3">
      <p className="text-sm">{t('list.confirmQuestion')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={busy} onClick={() => void send('confirm')}>
          {t('list.confirm')}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void send('deny')}>
          {t('list.deny')}
        </Button>
      </div>
    </div>
  );
}

function RatingForm({ deal }: { deal: Deal }) {
  const { t, i18n } = useTranslation('deals');
  const actions = useDealActions();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await actions.rate(deal.id, { stars, comment });
      toast.success(t('rating.sent'));
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-2 rounded-md border p-3"
      noValidate
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">
          {t('rating.title', { name: deal.otherParty.displayName })}
        </legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name={`${id}-stars`}
                value={value}
                checked={stars === value}
                onChange={() => setStars(value)}
                className="sr-only"
                aria-label={t('rating.stars', { count: value })}
              />
              <Star
                aria-hidden="true"
                className={
                  value <= stars ? 'size-7 fill-amber-400 text-amber-500' : 'size-7 text-muted-foreground'
                }
              />
            </label>
          ))}
        </div>
        {deal.ratingUntil && (
          <p className="text-xs text-muted-foreground">
            {t('rating.until', { date: formatDate(deal.ratingUntil, i18n.language) })}
          </p>
        )}
      </fieldset>
      <Label htmlFor={`${id}-comment`}>{t('rating.comment')}</Label>
      <Textarea
        id={`${id}-comment`}
        rows={2}
        maxLength={RATING_COMMENT_MAX}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <p className="text-xs text-muted-foreground">{t('rating.blindNote')}</p>
      <Button type="submit" size="sm" className="self-start" disabled={busy || stars === 0}>
        {t('rating.send')}
      </Button>
    </form>
  );
}

function TheirRating({ deal, rating }: { deal: Deal; rating: NonNullable<Deal['theirRating']> }) {
  const { t } = useTranslation('deals');
  const actions = useDealActions();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await actions.reply(rating.id, reply);
      toast.success(t('reply.sent'));
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-3 text-sm" data-testid="their-rating">
      <p className="font-medium">
        {t('rating.theirs', { name: deal.otherParty.displayName, stars: rating.stars })}
      </p>
      {rating.comment && <p className="whitespace-pre-line break-words">{rating.comment}</p>}
      {rating.reply && (
        <p className="border-l-2 pl-2 text-muted-foreground">
          {t('reply.yours')} {rating.reply}
        </p>
      )}
      {rating.canReply && (
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2" noValidate>
          <Label htmlFor={`${id}-reply`}>{t('reply.label')}</Label>
          <Textarea
            id={`${id}-reply`}
            rows={2}
            maxLength={RATING_REPLY_MAX}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
          />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            className="self-start"
            disabled={busy || !reply.trim()}
          >
            {t('reply.send')}
          </Button>
        </form>
      )}
    </div>
  );
}
