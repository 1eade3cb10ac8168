import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Language } from '../../common/values';
import type { Services } from '../app-env';
import type { Database } from '../db/client';
import { user } from '../db/schema/auth';
import { conversations } from '../db/schema/interactions';
import { profiles } from '../db/schema/profiles';
import { enqueueMail } from '../jobs/mail-job';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, mailLanguage, oneLine, translate } from '../mail/templates';

type Deps = Pick<Services, 'queue' | 'config'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** At most one mail per conversation and receiver in this many minutes. */
export const NOTIFY_EVERY_MINUTES = 15;
/** The mail quotes the start of the message; the rest is in the dashboard. */
const EXCERPT_MAX = 500;

export const conversationPath = (conversationId: string) => `/dashboard/messages/${conversationId}`;

type Notice = {
  conversationId: string;
  messageId: string;
  /** Which side of the conversation receives: its column remembers when they were last mailed. */
  side: 'buyer' | 'seller';
  receiverId: string;
  senderId: string;
  adTitle: string;
  /** The text quoted, or (an offer's step, issue 28) the text in the receiver's language. */
  body: string | ((language: Language) => string);
};

/**
 * Tells the receiver by mail, in their language, unless they were mailed about this conversation
 * less than 15 minutes ago. Runs in the message's transaction: the claim on the conversation's
 * column and the queued mail commit with the message (two messages sent at once still make one
 * mail, and a message that is rolled back mails nobody). The queue sends it: a slow or failing SMTP
 * server never fails nor delays the message itself.
 */
export async function notifyReceiver(deps: Deps, tx: Tx, notice: Notice): Promise<void> {
  const column = notice.side === 'seller' ? conversations.sellerNotifiedAt : conversations.buyerNotifiedAt;
  const claimed = await tx
    .update(conversations)
    .set(notice.side === 'seller' ? { sellerNotifiedAt: sql`now()` } : { buyerNotifiedAt: sql`now()` })
    .where(
      and(
        eq(conversations.id, notice.conversationId),
        or(isNull(column), lt(column, sql`now() - make_interval(mins => ${NOTIFY_EVERY_MINUTES})`)),
      ),
    )
    .returning({ id: conversations.id });
  if (claimed.length === 0) return;

  const [receiver, sender] = await Promise.all([
    personOf(tx, notice.receiverId),
    personOf(tx, notice.senderId),
  ]);
  if (!receiver?.isActive || !sender) return;
  const message = newMessageMail({
    to: receiver.email,
    name: receiver.firstName,
    language: receiver.language,
    sender: `${sender.firstName} ${sender.lastName}`.trim(),
    adTitle: notice.adTitle,
    body: typeof notice.body === 'function' ? notice.body(receiver.language) : notice.body,
    link: new URL(conversationPath(notice.conversationId), deps.config.publicUrl).toString(),
  });
  await enqueueMail(deps.queue, tx, { key: `message:${notice.messageId}`, message });
}

async function personOf(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      email: user.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      locale: profiles.locale,
      isActive: profiles.isActive,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return null;
  const language: Language = mailLanguage(row.locale);
  return { ...row, language };
}

export function newMessageMail(options: {
  to: string;
  name: string;
  language: Language;
  sender: string;
  adTitle: string;
  body: string;
  link: string;
}): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const title = oneLine(options.adTitle);
  // On one line, like every value someone typed: the sender's line breaks cannot make text of their
  // own below the quote, looking like the site's.
  const body = oneLine(options.body);
  const excerpt = body.length > EXCERPT_MAX ? `${body.slice(0, EXCERPT_MAX).trimEnd()}…` : body;
  const intro = t('newMessage.body', { sender: options.sender, title });
  const text = [
    t('greeting', { name: options.name }),
    intro,
    `> ${excerpt}`,
    `${t('newMessage.button')}: ${options.link}`,
    t('newMessage.note'),
    t('signature'),
  ].join('\n\n');
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(intro)}</p>
<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #3b4a2a;background:#f4f5f0">${escapeHtml(excerpt)}</blockquote>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t('newMessage.button'))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t('newMessage.note'))}</p>
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return {
    to: options.to,
    subject: t('newMessage.subject', { title }),
    text,
    html,
    link: options.link,
  };
}
