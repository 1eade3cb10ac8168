import { formatPrice } from '@common/price';
import type { Deal } from '@common/schemas/deals';
import type { HandoverRequest } from '@common/schemas/handovers';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDate, formatDateTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useDealActions } from './deals-api';
import { dealErrorText } from './error-text';

/**
 * Issue 29: what happened to a deal, oldest first (recorded, answered, deregistered, the handover
 * requests and the dealers' answers), and where each handover request stands now, with "Anulează
 * cererea" for the side that asked while it waits.
 */
export function DealHistory({ deal }: { deal: Deal }) {
  const { t, i18n } = useTranslation('deals');
  const headingId = useId();
  if (deal.history.length === 0 && deal.handovers.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-md border p-3 text-sm">
      <h3 id={headingId} className="font-semibold">
        {t('history.title')}
      </h3>
      {deal.handovers.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('handovers.title')} data-testid="handover-requests">
          {deal.handovers.map((request) => (
            <HandoverItem key={request.id} deal={deal} request={request} />
          ))}
        </ul>
      )}
      <ol className="flex flex-col gap-1.5" data-testid="deal-history">
        {deal.history.map((event) => (
          // An event is one kind, at one moment, about at most one request: together they name it.
          <li key={`${event.kind}:${event.handoverId ?? ''}:${event.at}`} className="flex flex-col">
            <span>
              <time dateTime={event.at} className="text-muted-foreground">
                {formatDateTime(event.at, i18n.language)}
              </time>{' '}
              · {t(`history.events.${event.kind}`, { dealer: event.dealer ?? t('history.aDealer') })}
            </span>
            {event.note && <Quote note={event.note} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Quote({ note }: { note: string }) {
  const { t } = useTranslation('deals');
  return (
    <p className="border-l-2 pl-2 whitespace-pre-line break-words text-muted-foreground">
      {t('history.quoted', { note })}
    </p>
  );
}

const STATUS_VARIANT = {
  pending: 'secondary',
  accepted: 'default',
  declined: 'destructive',
  cancelled: 'outline',
} as const;

/** A day without time (YYYY-MM-DD), at noon: the same day in Romania whatever the offset. */
const dayOf = (day: string) => `${day}T12:00:00Z`;

function HandoverItem({ deal, request }: { deal: Deal; request: HandoverRequest }) {
  const { t, i18n } = useTranslation('deals');
  const actions = useDealActions();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await actions.cancelHandover(request.id);
      toast.success(t('handovers.cancelled'));
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  const fee =
    request.fee === null
      ? null
      : request.fee === 0
        ? t('handovers.free')
        : formatPrice(request.fee, i18n.language);
  return (
    <li
      className="flex flex-col gap-1 rounded-md bg-muted/50 p-3"
      data-testid="handover-request"
      data-status={request.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="min-w-0 font-medium break-words">
          {t(`handovers.services.${request.service}`)} · {request.dealer.businessName}
        </span>
        <Badge variant={STATUS_VARIANT[request.status]}>{t(`handovers.status.${request.status}`)}</Badge>
      </div>
      <span className="break-words text-muted-foreground">{request.dealer.address}</span>
      <span>
        {t('handovers.wished', { date: formatDate(dayOf(request.wishedDate), i18n.language) })}
        {fee && ` · ${t('handovers.fee', { fee })}`}
      </span>
      <span className="text-muted-foreground">
        {request.requestedBy.role === deal.role
          ? t('handovers.byYou')
          : t('handovers.byOther', { name: request.requestedBy.displayName })}
      </span>
      {request.answerNote && <Quote note={request.answerNote} />}
      {request.canCancel && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start"
          disabled={busy}
          onClick={() => void cancel()}
        >
          {t('handovers.cancel')}
        </Button>
      )}
    </li>
  );
}
