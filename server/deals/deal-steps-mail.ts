import { GUIDE_SOURCES, type GuideCategory, LEGAL_GUIDE } from '../../common/legal-guide';
import type { Language } from '../../common/values';
import legalGuideEn from '../../web/public/locales/en/legalGuide.json';
import legalGuideRo from '../../web/public/locales/ro/legalGuide.json';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, mailFrame, oneLine, translate } from '../mail/templates';

/** The guide's own texts (issue 29): the mails say exactly what the ad page's guide says. */
const GUIDE_TEXTS: Record<Language, typeof legalGuideRo> = { ro: legalGuideRo, en: legalGuideEn };

export type DealStepsKind = 'seller' | 'buyer' | 'reminder';

/** The guide's items for a side of the sale: the seller's after-sale duties, the buyer's steps. */
function stepsFor(kind: DealStepsKind, category: GuideCategory, language: Language): string[] {
  const texts = GUIDE_TEXTS[language];
  const entry = LEGAL_GUIDE[category];
  const afterSale = entry.afterSale.map((id) => texts.afterSale[id as keyof typeof texts.afterSale]);
  if (kind !== 'buyer') return afterSale;
  return entry.steps.map((id) => texts.steps[id as keyof typeof texts.steps]);
}

/**
 * A weapon deal's mail (issue 29): on confirmation, each side's steps from the legal guide; later,
 * the seller's reminder of the deregistration. Text and HTML alike, with the deal's link and the
 * police's forms page.
 */
export function dealStepsMail(options: {
  kind: DealStepsKind;
  to: string;
  name: string;
  language: Language;
  title: string;
  otherParty: string;
  category: GuideCategory;
  dealUrl: string;
}): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const names = { title: oneLine(options.title), other: options.otherParty };
  const [subject, intro, closing] =
    options.kind === 'reminder'
      ? [
          t('dealSteps.reminder.subject', names),
          t('dealSteps.reminder.body', names),
          t('dealSteps.reminder.done'),
        ]
      : [
          t(`dealSteps.confirmed.${options.kind}Subject`, names),
          t(`dealSteps.confirmed.${options.kind}Body`, names),
          GUIDE_TEXTS[options.language].disclaimer,
        ];
  const steps = stepsFor(options.kind, options.category, options.language);
  const police = GUIDE_SOURCES.policeForms;
  const text = [
    t('greeting', { name: options.name }),
    intro,
    steps.map((step) => `- ${step}`).join('\n'),
    `${t('dealSteps.confirmed.button')}: ${options.dealUrl}`,
    `${t('dealSteps.police')}: ${police}`,
    closing,
    t('signature'),
  ].join('\n\n');
  const html = mailFrame(
    options.language,
    `<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(intro)}</p>
<ul>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(options.dealUrl)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t('dealSteps.confirmed.button'))}</a></p>
<p><a href="${escapeHtml(police)}">${escapeHtml(t('dealSteps.police'))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(closing)}</p>
<p>${escapeHtml(t('signature'))}</p>`,
  );
  return { to: options.to, subject, text, html, link: options.dealUrl };
}
