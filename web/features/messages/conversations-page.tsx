import type { ConversationSummary } from '@common/schemas/messages';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useConversations } from './messages-api';

/** Dashboard › Messages: the caller's conversations, newest activity first. */
export function ConversationsPage() {
  const { t } = useTranslation('messages');
  const query = useConversations();

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common:common.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message={t('list.loadError')} query={query} />;
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
        <MessagesSquare className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{t('list.empty')}</p>
        <p className="text-sm text-muted-foreground">{t('list.emptyHint')}</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="messages-heading" className="flex flex-col gap-3">
      <h2 id="messages-heading" className="sr-only">
        {t('list.title')}
      </h2>
      <ul className="flex flex-col gap-2">
        {query.data.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow conversation={conversation} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConversationRow({ conversation: c }: { conversation: ConversationSummary }) {
  const { t, i18n } = useTranslation('messages');
  // A deleted account keeps no name (issue 31): its messages read as from "Cont șters".
  const name = `${c.otherParty.firstName} ${c.otherParty.lastName}`.trim() || t('deletedAccount');
  const unread = c.unread > 0;
  return (
    <Link
      to={`/dashboard/messages/${c.id}`}
      data-testid="conversation"
      className={cn(
        'flex gap-3 rounded-lg border bg-card p-3 transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-4',
        unread && 'border-primary/40 bg-primary/5',
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
      >
        {(c.otherParty.firstName[0] ?? '?').toUpperCase()}
        {(c.otherParty.lastName[0] ?? '').toUpperCase()}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-baseline justify-between gap-2">
          <h3 className={cn('truncate', unread ? 'font-bold' : 'font-semibold')}>
            {c.ad.sold && (
              <Badge variant="secondary" className="mr-1.5 align-middle" data-testid="conversation-sold">
                {t('soldShort')}
              </Badge>
            )}
            {c.ad.title}
          </h3>
          <time dateTime={c.lastMessageAt} className="shrink-0 text-xs text-muted-foreground">
            {formatRelativeTime(c.lastMessageAt, i18n.language)}
          </time>
        </div>
        <p className="truncate text-sm text-muted-foreground">
          {c.role === 'buyer' ? t('list.asBuyer', { name }) : t('list.asSeller', { name })}
        </p>
        <div className="flex items-center justify-between gap-2">
          {c.lastMessage && (
            <p className={cn('truncate text-sm', unread ? 'text-foreground' : 'text-muted-foreground')}>
              {c.lastMessage.direction === 'sent' && <span className="font-medium">{t('list.you')} </span>}
              {/* Issue 28: an offer's step says what it is when it carries no words of its own. */}
              {c.lastMessage.body || (c.lastMessage.offer ? t(`list.offer.${c.lastMessage.offer.kind}`) : '')}
            </p>
          )}
          {unread && (
            <Badge variant="destructive" className="ml-auto shrink-0" data-testid="conversation-unread">
              {t('list.unread', { count: c.unread })}
            </Badge>
          )}
        </div>
      </div>
    </Link>
  );
}
