import { ATTESTED_CATEGORY } from '@common/legal';
import type { AdDetail } from '@common/schemas/ads';
import type { ConversationDetail } from '@common/schemas/messages';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { formatRelativeTime } from '@web/lib/format';
import { rememberAction, takeAction } from '@web/lib/pending-action';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import { MessageSquare, MessageSquareText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { MessageForm } from './message-form';
import { MessageSafetyNotes } from './message-safety-notes';
import { useAdConversation, useContactSeller, useReply } from './messages-api';

/**
 * The contact box of the ad detail (spec: 4 rows, for signed-in users who are not the owner). The
 * server says who may write (`ad.can.contact`); a visitor sees an invitation instead, and trying to
 * write sends them to sign in and back here, where the box then has the focus.
 */
export function ContactSeller({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('messages');
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const here = useCurrentPath();

  if (loading || ad.status !== 'approved') return null;
  if (!user) {
    return (
      <section
        aria-labelledby="contact-heading"
        className="flex flex-col gap-3 rounded-lg border bg-card p-4"
      >
        <h2 id="contact-heading" className="font-semibold">
          {t('contact.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('contact.visitorText')}</p>
        <Button
          type="button"
          className="self-start"
          onClick={() => {
            // As the heart and "Save search" do: sign in, then back here with the box open.
            rememberAction({ kind: 'message', adId: ad.id });
            navigate(signInHref(here, 'login', 'message'));
          }}
        >
          <MessageSquare aria-hidden="true" />
          {t('contact.write')}
        </Button>
      </section>
    );
  }
  if (!ad.can.contact) return null;
  return <ContactBox ad={ad} />;
}

/**
 * The signed-in buyer's box. Before their first message it offers one; afterwards it says they
 * already wrote, shows the end of that conversation and continues it, so that nobody sends the same
 * first message twice. The form stays the same element throughout, so focus and the toast survive
 * the switch.
 */
function ContactBox({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('messages');
  const existing = useAdConversation(ad.id, { enabled: true });
  const conversation = existing.data ?? null;
  const contact = useContactSeller(ad.id);
  const reply = useReply(conversation?.id ?? '');
  const box = useRef<HTMLElement>(null);
  const ready = !existing.isPending;

  // Back from signing in to write: the message box takes the focus, once.
  useEffect(() => {
    if (!ready || !takeAction('message', ad.id)) return;
    box.current?.scrollIntoView({ block: 'center' });
    box.current?.querySelector('textarea')?.focus();
  }, [ready, ad.id]);

  return (
    <section
      ref={box}
      aria-labelledby="contact-heading"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
      data-testid="contact-box"
    >
      <h2 id="contact-heading" className="font-semibold">
        {t('contact.title')}
      </h2>
      {existing.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common:common.loading')}
          </span>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-9 w-32" />
        </div>
      ) : existing.isError && existing.data === undefined ? (
        <LoadError message={t('contact.loadError')} query={existing} compact />
      ) : (
        <>
          {conversation && <AlreadyWrote conversation={conversation} />}
          <MessageForm
            label={conversation ? t('contact.continueLabel') : t('contact.label')}
            placeholder={conversation ? t('contact.continuePlaceholder') : t('contact.placeholder')}
            submitLabel={conversation ? t('contact.continueSend') : t('contact.send')}
            successMessage={conversation ? t('contact.continued') : t('contact.success')}
            onSend={conversation ? reply : contact}
            attestation={!conversation && ad.legalCategory === ATTESTED_CATEGORY}
          />
        </>
      )}
    </section>
  );
}

function AlreadyWrote({ conversation }: { conversation: ConversationDetail }) {
  const { t, i18n } = useTranslation('messages');
  const seller = `${conversation.otherParty.firstName} ${conversation.otherParty.lastName}`.trim();
  return (
    <div className="flex flex-col gap-3" data-testid="already-wrote">
      <div className="flex gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
        <MessageSquareText className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex flex-col gap-0.5">
          <p className="font-semibold">{t('contact.alreadyWrote')}</p>
          <p className="text-muted-foreground">{t('contact.alreadyWroteHint')}</p>
        </div>
      </div>
      <section aria-labelledby="contact-last-heading" className="flex flex-col gap-2">
        <h3 id="contact-last-heading" className="text-xs font-semibold text-muted-foreground uppercase">
          {t('contact.lastMessages')}
        </h3>
        <ol className="flex flex-col gap-2">
          {conversation.messages.map((message) => (
            <li
              key={message.id}
              data-testid="contact-message"
              className={cn(
                'flex flex-col gap-0.5 rounded-md border p-2 text-sm',
                message.direction === 'sent' ? 'ml-6 border-primary/20 bg-primary/10' : 'mr-6 bg-background',
              )}
            >
              <span className="flex justify-between gap-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  {message.direction === 'sent' ? t('contact.you') : seller}
                </span>
                <time dateTime={message.createdAt}>
                  {formatRelativeTime(message.createdAt, i18n.language)}
                </time>
              </span>
              <p className="line-clamp-4 whitespace-pre-line break-words">{message.body}</p>
              <MessageSafetyNotes safety={message.safety} />
            </li>
          ))}
        </ol>
        <Link
          to={`/dashboard/messages/${conversation.id}`}
          className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('contact.viewWhole')}
        </Link>
      </section>
    </div>
  );
}
