import { LoadError, type Retryable } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTranslation } from '@web/lib/use-translation';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Paged } from './admin-api';

type ListQuery = Retryable & { isPending: boolean; isError: boolean };

/** Loading placeholders, the load error with a retry, or the empty message; null when there are rows. */
export function ListState({ query, empty, isEmpty }: { query: ListQuery; empty: string; isEmpty: boolean }) {
  const { t } = useTranslation('admin');
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common:common.loading')}
        </span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message={t('loadError')} query={query} />;
  }
  if (isEmpty)
    return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{empty}</p>;
  return null;
}

/** Previous and Next under a list, when there is more than one page. */
export function Pager({ paged }: { paged: Paged }) {
  const { t } = useTranslation('admin');
  if (!paged.hasNext && !paged.hasPrevious) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={!paged.hasPrevious}
        onClick={paged.previous}
      >
        <ChevronLeft aria-hidden="true" />
        {t('pager.previous')}
      </Button>
      <span className="text-sm text-muted-foreground">{t('pager.page', { page: paged.page })}</span>
      <Button type="button" variant="outline" size="sm" disabled={!paged.hasNext} onClick={paged.next}>
        {t('pager.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/**
 * A row of the admin lists: content on the left, actions under it on phones and beside it on wide
 * screens, and an optional full-width part below both.
 */
export function AdminRow({
  children,
  actions,
  below,
  testId,
}: {
  children: ReactNode;
  actions: ReactNode;
  below?: ReactNode;
  testId?: string;
}) {
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm"
      data-testid={testId}
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 flex-1 flex-col gap-2">{children}</div>
        <div className="flex flex-wrap gap-2 md:max-w-[50%] md:justify-end">{actions}</div>
      </div>
      {below}
    </li>
  );
}
