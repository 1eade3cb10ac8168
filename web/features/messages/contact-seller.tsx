import type { AdDetail } from '@common/schemas/ads';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MessageForm } from './message-form';
import { useContactSeller } from './messages-api';

/**
 * The contact box of the ad detail (spec: 4 rows, for signed-in users who are not the owner). The
 * server says who may write (`ad.can.contact`); a visitor sees an invitation instead, and trying to
 * write tells them to sign in.
 */
export function ContactSeller({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('messages');
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const here = useCurrentPath();
  const send = useContactSeller(ad.id);
  const [conversationId, setConversationId] = useState<string | null>(null);

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
          onClick={() =>
            toast.error(t('contact.loginRequired'), {
              id: 'contact-login-required',
              action: { label: t('contact.signIn'), onClick: () => navigate(signInHref(here)) },
            })
          }
        >
          <MessageSquare aria-hidden="true" />
          {t('contact.write')}
        </Button>
      </section>
    );
  }
  if (!ad.can.contact) return null;

  return (
    <section aria-labelledby="contact-heading" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id="contact-heading" className="font-semibold">
        {t('contact.title')}
      </h2>
      <MessageForm
        label={t('contact.label')}
        placeholder={t('contact.placeholder')}
        submitLabel={t('contact.send')}
        successMessage={t('contact.success')}
        onSend={async (body) => setConversationId((await send(body)).conversationId)}
      />
      {conversationId && (
        <Link
          to={`/dashboard/messages/${conversationId}`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('contact.viewConversation')}
        </Link>
      )}
    </section>
  );
}
