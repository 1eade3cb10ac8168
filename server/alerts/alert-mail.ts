import { countyName } from '../../common/counties';
import { type Language, PRICE_LOCALE } from '../../common/values';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, mailFrame, translate } from '../mail/templates';

/** An ad as an alert mail shows it: a card with its photo, title, price and county, and its link. */
export type AlertAd = {
  id: string;
  title: string;
  price: number;
  county: string | null;
  imageUrl: string | null;
  /** A line under the price (a price-drop mail's "was 4.200 lei"). */
  note?: string;
};
export type AlertSection = { name: string; searchUrl: string; unsubscribeUrl: string; ads: AlertAd[] };

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
export const priceText = (price: number) =>
  `${new Intl.NumberFormat(PRICE_LOCALE, { maximumFractionDigits: 2 }).format(price)} lei`;

function adUrl(publicUrl: string, id: string) {
  return new URL(`/ad/${id}`, publicUrl).toString();
}

export function cardsText(publicUrl: string, ads: AlertAd[]): string {
  return ads
    .map((ad) => {
      const where = countyName(ad.county);
      return `- ${oneLine(ad.title)} — ${priceText(ad.price)}${ad.note ? ` (${ad.note})` : ''}${where ? ` — ${where}` : ''}\n  ${adUrl(publicUrl, ad.id)}`;
    })
    .join('\n');
}

export function cardsHtml(publicUrl: string, ads: AlertAd[]): string {
  return ads
    .map((ad) => {
      const url = escapeHtml(adUrl(publicUrl, ad.id));
      const where = countyName(ad.county);
      const photo = ad.imageUrl
        ? `<img src="${escapeHtml(ad.imageUrl)}" width="120" height="90" alt="" style="display:block;width:120px;height:90px;object-fit:cover;border-radius:4px">`
        : '<div style="width:120px;height:90px;background:#e8eae3;border-radius:4px"></div>';
      return `<tr><td style="padding:6px 12px 6px 0;vertical-align:top"><a href="${url}">${photo}</a></td>
<td style="padding:6px 0;vertical-align:top"><a href="${url}" style="color:#222;font-weight:600;text-decoration:none">${escapeHtml(oneLine(ad.title))}</a><br>
<span style="color:#3b4a2a;font-weight:600">${escapeHtml(priceText(ad.price))}</span>${ad.note ? ` <span style="color:#555">${escapeHtml(ad.note)}</span>` : ''}${where ? `<br><span style="color:#555">${escapeHtml(where)}</span>` : ''}</td></tr>`;
    })
    .join('\n');
}

/** One-click unsubscribe (RFC 8058): the mail client posts to this URL, without a session. */
export const unsubscribeHeaders = (apiUrl: string) => ({
  'List-Unsubscribe': `<${apiUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The instant alert: every new match of one saved search since its last mail. */
export function instantAlertMail(options: {
  to: string;
  name: string;
  language: Language;
  publicUrl: string;
  section: AlertSection;
  unsubscribeApiUrl: string;
}): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const { section } = options;
  const searchName = oneLine(section.name);
  const count = section.ads.length;
  const subject =
    count === 1
      ? t('alert.subjectOne', { name: searchName })
      : t('alert.subjectMany', { name: searchName, count: String(count) });
  const text = [
    t('greeting', { name: options.name }),
    t('alert.body', { name: searchName }),
    cardsText(options.publicUrl, section.ads),
    `${t('alert.seeAll')}: ${section.searchUrl}`,
    t('alert.note'),
    t('alert.unsubscribe', { link: section.unsubscribeUrl }),
    t('signature'),
  ].join('\n\n');
  const html = mailFrame(
    options.language,
    `<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(t('alert.body', { name: searchName }))}</p>
<table role="presentation" style="border-collapse:collapse">${cardsHtml(options.publicUrl, section.ads)}</table>
<p><a href="${escapeHtml(section.searchUrl)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t('alert.seeAll'))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t('alert.note'))}<br><a href="${escapeHtml(section.unsubscribeUrl)}" style="color:#555">${escapeHtml(t('alert.unsubscribeShort'))}</a></p>
<p>${escapeHtml(t('signature'))}</p>`,
  );
  return {
    to: options.to,
    subject,
    text,
    html,
    link: section.searchUrl,
    headers: unsubscribeHeaders(options.unsubscribeApiUrl),
  };
}

/** The 08:00 digest: one mail per user covering each of their daily searches with new matches. */
export function digestMail(options: {
  to: string;
  name: string;
  language: Language;
  publicUrl: string;
  sections: AlertSection[];
  unsubscribePageUrl: string;
  unsubscribeApiUrl: string;
}): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const total = options.sections.reduce((sum, section) => sum + section.ads.length, 0);
  const text = [
    t('greeting', { name: options.name }),
    t('alert.digestBody'),
    ...options.sections.map(
      (section) =>
        `${oneLine(section.name)}\n${cardsText(options.publicUrl, section.ads)}\n${t('alert.seeAll')}: ${section.searchUrl}\n${t('alert.unsubscribe', { link: section.unsubscribeUrl })}`,
    ),
    t('alert.digestNote'),
    t('alert.unsubscribeDigest', { link: options.unsubscribePageUrl }),
    t('signature'),
  ].join('\n\n');
  const html = mailFrame(
    options.language,
    `<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(t('alert.digestBody'))}</p>
${options.sections
  .map(
    (section) => `<h2 style="font-size:17px;margin:20px 0 6px">${escapeHtml(oneLine(section.name))}</h2>
<table role="presentation" style="border-collapse:collapse">${cardsHtml(options.publicUrl, section.ads)}</table>
<p style="font-size:14px"><a href="${escapeHtml(section.searchUrl)}">${escapeHtml(t('alert.seeAll'))}</a> · <a href="${escapeHtml(section.unsubscribeUrl)}" style="color:#555">${escapeHtml(t('alert.unsubscribeShort'))}</a></p>`,
  )
  .join('\n')}
<p style="font-size:13px;color:#555">${escapeHtml(t('alert.digestNote'))}<br><a href="${escapeHtml(options.unsubscribePageUrl)}" style="color:#555">${escapeHtml(t('alert.unsubscribeShort'))}</a></p>
<p>${escapeHtml(t('signature'))}</p>`,
  );
  return {
    to: options.to,
    subject: t('alert.digestSubject', { count: String(total) }),
    text,
    html,
    headers: unsubscribeHeaders(options.unsubscribeApiUrl),
  };
}
