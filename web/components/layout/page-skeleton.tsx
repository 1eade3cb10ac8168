import { Skeleton } from '@web/components/ui/skeleton';
import { useTranslation } from '@web/lib/use-translation';

/**
 * What a page shows while its code loads: the shape of a page (a title, a block, a few cards), at
 * once, so a tap always changes the screen (issue 26: on a slow phone the old page stayed, or went
 * blank). Screen readers hear "loading".
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" aria-busy="true" data-testid="page-skeleton">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      <Skeleton className="h-8 w-2/3 max-w-sm" />
      <Skeleton className="aspect-[4/3] w-full max-w-2xl sm:aspect-[16/7]" />
      <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    </div>
  );
}
