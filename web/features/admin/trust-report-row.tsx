import { formatPrice } from '@common/price';
import type { ReportStatus } from '@common/schemas/admin';
import type { TrustReport } from '@common/schemas/deals';
import { StarRow } from '@web/components/rating-score';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { CheckCheck, ExternalLink, EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import { AdminRow } from './list-states';

const STATUS_VARIANT: Record<ReportStatus, 'destructive' | 'secondary' | 'outline'> = {
  open: 'destructive',
  actioned: 'secondary',
  dismissed: 'outline',
};

/**
 * One trust report: the deal it is about (ad, both sides, price), then either the buyer's denial
 * note or the reported rating with its reply and the reporter's reason, and what may be done to it.
 */
export function TrustReportRow({
  report,
  busy,
  onAsk,
}: {
  report: TrustReport;
  busy: boolean;
  onAsk: (kind: 'dismiss' | 'hide') => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const { deal, rating } = report;
  const open = report.status === 'open';
  return (
    <AdminRow
      testId="trust-report"
      below={
        rating ? (
          <RatingDetails report={report} />
        ) : (
          <p className="rounded-md border p-3 text-sm break-words whitespace-pre-line">
            <span className="font-semibold">{t('trust.denialNote')}</span>{' '}
            {report.details ?? <span className="text-muted-foreground">{t('trust.noNote')}</span>}
          </p>
        )
      }
      actions={
        <>
          {deal.adId && (
            <Button asChild variant="outline" size="sm">
              <Link to={`/ad/${deal.adId}`}>
                <ExternalLink aria-hidden="true" />
                {t('actions.viewListing')}
              </Link>
            </Button>
          )}
          {rating && !rating.hidden && (
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={busy}
              onClick={() => onAsk('hide')}
            >
              <EyeOff aria-hidden="true" />
              {t('trust.hide')}
            </Button>
          )}
          {open && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => onAsk('dismiss')}
            >
              <CheckCheck aria-hidden="true" />
              {t('trust.dismiss')}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{t(`trust.kinds.${report.kind}`)}</Badge>
        <Badge variant={STATUS_VARIANT[report.status]}>{t(`reportStatuses.${report.status}`)}</Badge>
        <time dateTime={report.createdAt} className="text-xs text-muted-foreground">
          {formatRelativeTime(report.createdAt, i18n.language)}
        </time>
      </div>
      <h3 className="min-w-0 font-semibold leading-snug break-words">{deal.adTitle}</h3>
      <p className="font-bold text-primary">{formatPrice(deal.price, i18n.language)}</p>
      <p className="text-sm text-muted-foreground break-words">
        {t('trust.parties', { seller: deal.seller, buyer: deal.buyer })}
      </p>
    </AdminRow>
  );
}

function RatingDetails({ report }: { report: TrustReport }) {
  const { t } = useTranslation('admin');
  const { deal, rating } = report;
  if (!rating) return null;
  const rated = rating.ratedRole === 'seller' ? deal.seller : deal.buyer;
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3 text-sm" data-testid="trust-rating">
      <div className="flex flex-wrap items-center gap-2">
        <StarRow stars={rating.stars} label={t('trust.stars', { count: rating.stars })} />
        <span className="break-words">
          {t(`trust.rated.${rating.ratedRole}`, { rater: rating.rater, rated })}
        </span>
        {rating.hidden && <Badge variant="secondary">{t('trust.hiddenBadge')}</Badge>}
      </div>
      <p className="break-words whitespace-pre-line">
        {rating.comment ?? <span className="text-muted-foreground">{t('trust.noComment')}</span>}
      </p>
      {rating.reply && (
        <p className="border-l-2 pl-2 break-words whitespace-pre-line text-muted-foreground">
          <span className="font-medium">{t('trust.reply')}</span> {rating.reply}
        </p>
      )}
      <p className="break-words whitespace-pre-line">
        <span className="font-semibold">{t('trust.reportReason')}</span>{' '}
        {report.details ?? <span className="text-muted-foreground">{t('trust.noReason')}</span>}
      </p>
    </div>
  );
}
