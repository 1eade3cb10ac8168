import { formatPrice } from '@common/price';
import { type DealerHandover, HANDOVER_NOTE_MAX, handoverAnswerSchema } from '@common/schemas/handovers';
import { FormField } from '@web/components/form-field';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
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
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { apiErrorText } from '@web/lib/api-error-text';
import { formatDate } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { firstIssueMessage } from '@web/lib/validation';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useAnswerHandover, useHandoverRequests } from './dealer-desk-api';

type Answer = 'accept' | 'decline';

const STATUS_VARIANT = {
  pending: 'secondary',
  accepted: 'default',
  declined: 'destructive',
  cancelled: 'outline',
} as const;

/**
 * Dashboard › Predări (issue 29): the handover requests the two sides of weapon deals sent to the
 * dealer, pending first; the dealer accepts or declines each, with a note both sides get by mail.
 */
export function HandoverRequestsPage() {
  const { t } = useTranslation('dealerDesk');
  const query = useHandoverRequests();
  if (query.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    );
  if (query.isError) {
    // Someone who is not (or no longer) a verified dealer followed a link here: not a failure to retry.
    if (query.error instanceof ApiError && query.error.status === 403)
      return <p className="rounded-lg border border-dashed p-8 text-center">{t('list.notDealer')}</p>;
    return <LoadError message={t('list.loadError')} query={query} />;
  }
  return (
    <section aria-labelledby="handovers-heading" className="flex flex-col gap-3">
      <h2 id="handovers-heading" className="sr-only">
        {t('list.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('list.intro')}</p>
      {query.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {t('list.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.items.map((item) => (
            <li key={item.id}>
              <HandoverCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HandoverCard({ item }: { item: DealerHandover }) {
  const { t, i18n } = useTranslation('dealerDesk');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const fee =
    item.fee === null ? null : item.fee === 0 ? t('card.free') : formatPrice(item.fee, i18n.language);
  return (
    <article
      data-testid="handover-request"
      data-status={item.status}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          {item.ad.id ? (
            <Link to={`/ad/${item.ad.id}`} className="font-semibold break-words text-primary hover:underline">
              {item.ad.title}
            </Link>
          ) : (
            <span className="font-semibold break-words">{item.ad.title}</span>
          )}
          <span className="text-sm">
            <span className="font-medium">{t(`services.${item.service}`)}</span>
            {fee && ` · ${fee}`}
          </span>
        </div>
        <Badge variant={STATUS_VARIANT[item.status]}>{t(`status.${item.status}`)}</Badge>
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <p>{t('card.wishedDate', { date: formatDate(item.wishedDate, i18n.language) })}</p>
        <p>{t(`card.requestedBy.${item.requestedBy.role}`, { name: item.requestedBy.displayName })}</p>
        <p className="text-muted-foreground">
          {t('card.parties', { seller: item.seller, buyer: item.buyer })}
        </p>
      </div>
      {item.note && (
        <div className="rounded-md bg-muted/50 p-3 text-sm">
          <p className="font-medium">{t('card.note')}</p>
          <p className="whitespace-pre-line break-words">{item.note}</p>
        </div>
      )}
      {item.answerNote && (
        <div className="border-l-2 pl-3 text-sm" data-testid="handover-answer-note">
          <p className="font-medium">{t('card.answerNote')}</p>
          <p className="whitespace-pre-line break-words text-muted-foreground">{item.answerNote}</p>
        </div>
      )}
      {item.can.answer && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={() => setAnswer('accept')}>
            {t('card.accept')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setAnswer('decline')}>
            {t('card.decline')}
          </Button>
        </div>
      )}
      <Dialog open={answer !== null} onOpenChange={(open) => !open && setAnswer(null)}>
        {/* Mounted only while open, so every opening starts with an empty note. */}
        {answer && <AnswerForm item={item} answer={answer} onDone={() => setAnswer(null)} />}
      </Dialog>
    </article>
  );
}

function AnswerForm({ item, answer, onDone }: { item: DealerHandover; answer: Answer; onDone(): void }) {
  const { t, i18n } = useTranslation('dealerDesk');
  const answerHandover = useAnswerHandover();
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = handoverAnswerSchema.safeParse({ answer, note });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error, t));
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await answerHandover(item.id, parsed.data);
      toast.success(t(`answer.${answer}.done`));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'invalid_transition') {
        // Cancelled by a side, or answered from another tab: the list, asked again, shows which.
        toast.error(t('answer.stale'));
        onDone();
      } else {
        toast.error(apiErrorText(t, failure) ?? t('answer.failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogContent closeLabel={t('answer.close')}>
      <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{t(`answer.${answer}.title`)}</DialogTitle>
          <DialogDescription>
            {t('answer.description', {
              service: t(`services.${item.service}`),
              ad: item.ad.title,
              date: formatDate(item.wishedDate, i18n.language),
            })}
          </DialogDescription>
        </DialogHeader>
        <FormField
          id={`${id}-note`}
          label={t('answer.note')}
          hint={t(`answer.${answer}.noteHint`)}
          error={error}
          onEdit={() => setError(undefined)}
        >
          <Textarea
            rows={4}
            maxLength={HANDOVER_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              {t('answer.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" variant={answer === 'decline' ? 'destructive' : 'default'} disabled={busy}>
            {t(`answer.${answer}.confirm`)}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
