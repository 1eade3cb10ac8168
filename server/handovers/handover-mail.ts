import type { DealerService } from '../../common/schemas/handovers';
import type { MailMessage } from '../mail/mailer';
import { decisionNoticeMail, mailLanguage, translate } from '../mail/templates';

// Issue 29: the mails of a handover request, both ways: the dealer hears of a request and of its
// cancellation, both sides of the deal of the dealer's answer.

export type HandoverMailKind = 'request' | 'accepted' | 'declined' | 'cancelled';

export type HandoverMailFacts = {
  title: string;
  service: DealerService;
  /** YYYY-MM-DD. */
  wishedDate: string;
  dealer: string;
  address: string;
  requester: string;
  requesterRole: 'buyer' | 'seller';
};

function longDay(day: string, language: 'ro' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'ro' ? 'ro-RO' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

export function handoverMail(options: {
  kind: HandoverMailKind;
  to: string;
  name: string;
  locale: string;
  facts: HandoverMailFacts;
  /** The requester's note (to the dealer) or the dealer's answer note (to the parties). */
  note: string | null;
  link: string;
}): MailMessage {
  const language = mailLanguage(options.locale);
  const t = (key: string, values?: Record<string, string>) => translate(language, `handover.${key}`, values);
  const { facts } = options;
  const values = {
    title: facts.title,
    service: t(`services.${facts.service}`),
    date: longDay(facts.wishedDate, language),
    dealer: facts.dealer,
    address: facts.address,
    requester: facts.requester,
    role: t(`roles.${facts.requesterRole}`),
  };
  const toDealer = options.kind === 'request' || options.kind === 'cancelled';
  return decisionNoticeMail({
    to: options.to,
    name: options.name,
    language,
    subject: t(`${options.kind}.subject`, values),
    body: t(`${options.kind}.body`, values),
    reasonLabel: t(options.kind === 'request' ? 'noteLabel' : 'answerNoteLabel'),
    reason: options.kind === 'cancelled' ? null : options.note,
    button: t(toDealer ? 'request.button' : 'dealButton'),
    link: options.link,
  });
}
