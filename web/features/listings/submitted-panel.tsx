import { LISTING_DAYS } from '@common/lifecycle';
import type { AdDetail } from '@common/schemas/ads';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTranslation } from '@web/lib/use-translation';
import { CheckCircle2, Clock, Mail, PencilLine, ShieldCheck, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTypicalReviewWait, waitPhrase } from './review-wait-api';

/**
 * What a seller sees once their ad is sent (issue 12): that it arrived, how long review usually takes
 * right now, and what each decision would mean for them.
 */
export function SubmittedPanel({ ad, onPostAnother }: { ad: AdDetail; onPostAnother(): void }) {
  const { t } = useTranslation('listings');
  const wait = useTypicalReviewWait(true);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form it replaces was long, and the page would stay scrolled down with the heading under the
  // sticky top bar: the news is read from the top, and a screen reader starts there.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);

  // A failed estimate is no reason to alarm someone whose ad was sent: the general sentence is true.
  const median = wait.data?.medianMinutes ?? null;
  const phrase = median === null ? null : waitPhrase(median);

  return (
    <section
      aria-labelledby="submitted-heading"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6"
      data-testid="ad-submitted"
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 className="size-12 text-primary" aria-hidden="true" />
        <h1
          id="submitted-heading"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
        >
          {t('post.success')}
        </h1>
      </div>

      <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:p-6">
        <h2 className="text-lg font-semibold">{t('post.next.title')}</h2>
        <div className="flex gap-3" data-testid="review-wait">
          <Clock className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          {wait.isPending ? (
            <div className="flex flex-1 flex-col gap-1" aria-busy="true">
              <span className="sr-only" role="status">
                {t('post.next.wait.loading')}
              </span>
              <Skeleton className="h-5 w-4/5" />
            </div>
          ) : phrase ? (
            <p>
              <span className="font-medium">{t(phrase.key, { count: phrase.count })}</span>{' '}
              <span className="text-sm text-muted-foreground">{t('post.next.wait.basis')}</span>
            </p>
          ) : (
            <p className="font-medium">{t('post.next.wait.generic')}</p>
          )}
        </div>
        <p className="flex gap-3">
          <Mail className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          {t('post.next.mail')}
        </p>
        <h3 className="mt-2 text-sm font-semibold text-muted-foreground uppercase">
          {t('post.next.outcomes')}
        </h3>
        <dl className="flex flex-col gap-3">
          <Outcome icon={<ShieldCheck className="text-primary" />} title={t('post.next.approved')}>
            {t('post.next.approvedText', { days: LISTING_DAYS })}
          </Outcome>
          <Outcome icon={<PencilLine className="text-amber-600" />} title={t('post.next.changes')}>
            {t('post.next.changesText')}
          </Outcome>
          <Outcome icon={<XCircle className="text-destructive" />} title={t('post.next.rejected')}>
            {t('post.next.rejectedText')}
          </Outcome>
        </dl>
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/dashboard/listings">{t('post.next.myListings')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/ad/${ad.id}`}>{t('post.next.viewAd')}</Link>
        </Button>
        <Button type="button" variant="ghost" onClick={onPostAnother}>
          {t('post.next.postAnother')}
        </Button>
      </div>
    </section>
  );
}

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span aria-hidden="true" className="mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0">
        {icon}
      </span>
      <div>
        <dt className="font-medium">{title}</dt>
        <dd className="text-sm text-muted-foreground">{children}</dd>
      </div>
    </div>
  );
}
