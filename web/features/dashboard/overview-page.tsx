import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTranslation } from '@web/lib/use-translation';
import { Clock, Heart, type LucideIcon, MessageSquare, Package, PlusCircle } from 'lucide-react';
import { Link } from 'react-router';
import { useOverview } from './dashboard-api';

type Counter = { key: 'totalListings' | 'pendingReview' | 'unreadMessages' | 'favorites'; Icon: LucideIcon };
const COUNTERS: Counter[] = [
  { key: 'totalListings', Icon: Package },
  { key: 'pendingReview', Icon: Clock },
  { key: 'unreadMessages', Icon: MessageSquare },
  { key: 'favorites', Icon: Heart },
];

/** Dashboard › Overview: the four counters and the quick actions (spec). */
export function OverviewPage() {
  const { t } = useTranslation('dashboard');
  const query = useOverview();

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="counters-heading" className="flex flex-col gap-3">
        <h2 id="counters-heading" className="sr-only">
          {t('overview.counters')}
        </h2>
        {query.isError && !query.data ? (
          <LoadError message={t('overview.loadError')} query={query} />
        ) : (
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {COUNTERS.map(({ key, Icon }) => (
              <div
                key={key}
                className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-sm"
                data-testid={key}
              >
                <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
                  {t(`overview.${key}`)}
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                </dt>
                <dd className="mt-auto text-3xl font-bold tabular-nums">
                  {query.data ? query.data[key] : <Skeleton className="h-9 w-12" />}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="quick-actions-heading" className="flex flex-col gap-3">
        <h2 id="quick-actions-heading" className="text-lg font-semibold">
          {t('overview.quickActions')}
        </h2>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <Link to="/post-ad">
              <PlusCircle aria-hidden="true" />
              {t('overview.postNewAd')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard/messages">
              <MessageSquare aria-hidden="true" />
              {t('overview.viewMessages')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard/listings">
              <Package aria-hidden="true" />
              {t('overview.manageListings')}
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
