import type { MailMessage } from '../mail/mailer';
import { decisionNoticeMail, mailLanguage, translate } from '../mail/templates';

export type DealerDecision = 'approve' | 'refuse' | 'withdraw';

/** The applicant's mail about an admin's decision on their dealer application (or badge). */
export function dealerDecisionMail(options: {
  to: string;
  name: string;
  locale: string;
  decision: DealerDecision;
  businessName: string;
  reason: string | null;
  link: string;
}): MailMessage {
  const language = mailLanguage(options.locale);
  const t = (key: string, values?: Record<string, string>) => translate(language, key, values);
  const values = { business: options.businessName.replace(/\s+/g, ' ').trim() };
  return decisionNoticeMail({
    to: options.to,
    name: options.name,
    language,
    subject: t(`dealer.${options.decision}.subject`, values),
    body: t(`dealer.${options.decision}.body`, values),
    reasonLabel: t('dealer.reason'),
    reason: options.reason,
    button: t('dealer.button'),
    link: options.link,
  });
}
