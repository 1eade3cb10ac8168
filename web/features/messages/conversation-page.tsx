import type { ConversationDetail, Message } from '@common/schemas/messages';
import { AccountMarks } from '@web/components/account-marks';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { formatDate, formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { ArrowLeft, ExternalLink, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { MessageForm } from './message-form';
import { MessageSafetyNotes } from './message-safety-notes';
import { isNotFound, useConversation, useMarkRead, useReply } from './messages-api';

/** Draws a message that is a step of an offer (issue 28: the deals feature's card, composed in by the route). */
type RenderOffer = (message: Message, conversation: ConversationDetail) => ReactNode;

/** Dashboard › Messages › one conversation: the messages, oldest first, and a reply box. */
export function ConversationPage({ renderOffer }: { renderOffer?: RenderOffer }) {
  const { conversationId = '' } = useParams();
  const { t } = useTranslation('messages');
  const query = useConversation(conversationId);

  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/dashboard/messages"
        className="flex items-center gap-1 self-start rounded-md text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('thread.back')}
      </Link>
      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common:common.loading')}
          </span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-20 w-3/4" />
          <Skeleton className="ml-auto h-20 w-3/4" />
        </div>
      ) : query.isError && isNotFound(query.error) ? (
        <p role="alert" className="rounded-lg border border-dashed p-8 text-center">
          {t('thread.notFound')}
        </p>
      ) : query.isError ? (
        <LoadError message={t('thread.loadError')} query={query} />
      ) : (
        <Thread conversation={query.data} renderOffer={renderOffer} />
      )}
    </div>
  );
}

function Thread({
  conversation: c,
  renderOffer,
}: {
  conversation: ConversationDetail;
  renderOffer?: RenderOffer;
}) {
  const { t, i18n } = useTranslation('messages');
  const reply = useReply(c.id);
  const markRead = useMarkRead(c.id);
  // A deleted account keeps no name (issue 31): its messages read as from "Cont șters".
  const name = `${c.otherParty.firstName} ${c.otherParty.lastName}`.trim() || t('deletedAccount');

  // Whenever the conversation shows messages received and not yet read, they are read now.
  const marking = useRef(false);
  useEffect(() => {
    if (c.unread === 0 || marking.current) return;
    marking.current = true;
    void markRead()
      .catch(() => undefined)
      .finally(() => {
        marking.current = false;
      });
  }, [c.unread, markRead]);

  return (
    <>
      <header className="flex flex-col gap-1 rounded-lg border bg-card p-4">
        <h2 className="text-lg font-semibold leading-snug break-words">{c.ad.title}</h2>
        {c.ad.sold && (
          <p className="flex items-center gap-2 text-sm font-medium" data-testid="conversation-sold">
            <Badge variant="secondary">{t('soldShort')}</Badge>
            {t('sold')}
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {c.role === 'seller' ? t('thread.withBuyer', { name }) : t('thread.withSeller', { name })}
        </p>
        {/* Issue 30: how new the other account is and whether its e-mail is verified; not for an erased one. */}
        {c.otherParty.firstName !== '' && <AccountMarks marks={c.otherParty} />}
        {/* Issue 29: the buyer's attestation of the purchase authorisation, as both sides see it. */}
        {c.buyerAttestedAt && (
          <p className="flex items-start gap-1.5 text-sm" data-testid="buyer-attested">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t(c.role === 'seller' ? 'thread.buyerAttested' : 'thread.youAttested', {
              date: formatDate(c.buyerAttestedAt, i18n.language),
            })}
          </p>
        )}
        {c.ad.id ? (
          <Link
            to={`/ad/${c.ad.id}`}
            className="flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('thread.viewAd')}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        ) : (
          <p className="text-sm text-muted-foreground italic">{t('thread.adGone')}</p>
        )}
      </header>

      <section aria-labelledby="thread-heading" className="flex flex-col gap-3">
        <h3 id="thread-heading" className="sr-only">
          {t('thread.messages')}
        </h3>
        <ol className="flex flex-col gap-3">
          {c.messages.map((message) => (
            <li key={message.id} className={cn('flex', message.direction === 'sent' && 'justify-end')}>
              {message.offer && renderOffer ? renderOffer(message, c) : <MessageCard message={message} />}
            </li>
          ))}
        </ol>
      </section>

      <div className="rounded-lg border bg-card p-4">
        <MessageForm
          label={t('thread.replyLabel')}
          placeholder={t('thread.replyPlaceholder')}
          submitLabel={t('thread.send')}
          successMessage={t('thread.replied')}
          onSend={reply}
          rows={3}
        />
      </div>
    </>
  );
}

function MessageCard({ message }: { message: Message }) {
  const { t, i18n } = useTranslation('messages');
  const sent = message.direction === 'sent';
  return (
    <article
      data-testid="message"
      className={cn(
        'flex w-full max-w-[85%] flex-col gap-1.5 rounded-lg border p-3 sm:max-w-[75%]',
        sent ? 'border-primary/20 bg-primary/10' : 'bg-card',
      )}
    >
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <Badge variant={sent ? 'default' : 'secondary'}>
          {sent ? t('thread.sent') : t('thread.received')}
        </Badge>
        <time dateTime={message.createdAt}>{formatRelativeTime(message.createdAt, i18n.language)}</time>
      </div>
      <p className="whitespace-pre-line break-words text-sm leading-relaxed">{message.body}</p>
      <MessageSafetyNotes safety={message.safety} />
    </article>
  );
}
