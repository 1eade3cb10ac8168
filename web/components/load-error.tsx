import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useTranslation } from '@web/lib/use-translation';
import { CloudOff, Loader2, RotateCw } from 'lucide-react';

/** What the error state needs of a query (react-query's own fields), or of anything retried like one. */
export type Retryable = { refetch: () => unknown; isFetching: boolean };

type Props = {
  /** What could not be loaded, in the page's words: "The ad could not be loaded." */
  message: string;
  /** Asks again: usually the query itself (`refetch`), and `isFetching` while it asks. */
  query: Retryable;
  /** A smaller box, for a part of a page (the next page of a list) rather than the whole of it. */
  compact?: boolean;
  className?: string;
};

/**
 * The one way the app says that data could not be loaded: never an empty list, which would be a lie
 * ("no ads yet"), but the reason and a Retry that asks again. An alert, so a screen reader hears it
 * when it appears. While asking again the button stays where it is (focus kept) and says so.
 */
export function LoadError({ message, query, compact = false, className }: Props) {
  const { t } = useTranslation('common');
  const retrying = query.isFetching;
  return (
    <div
      role="alert"
      data-testid="load-error"
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 text-center',
        compact ? 'p-4' : 'p-6 sm:p-8',
        className,
      )}
    >
      {!compact && <CloudOff className="size-8 text-destructive" aria-hidden="true" />}
      <p className="font-medium">{message}</p>
      <p className="text-sm text-muted-foreground">{t('loadError.hint')}</p>
      <Button
        type="button"
        variant="outline"
        className="mt-1"
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) void query.refetch();
        }}
      >
        {retrying ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
        {retrying ? t('loadError.retrying') : t('loadError.retry')}
      </Button>
    </div>
  );
}

/** For pages that need a session, when the session itself could not be read. */
export function SessionLoadError({ query }: { query: Retryable }) {
  const { t } = useTranslation('common');
  return <LoadError message={t('loadError.session')} query={query} />;
}
