import type { Language } from '../../common/values';
import { type AlertAd, cardsHtml, cardsText, priceText, unsubscribeHeaders } from '../alerts/alert-mail';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, mailFrame, oneLine, translate } from '../mail/templates';

export type DroppedAd = Omit<AlertAd, 'note'> & { fromPrice: number };

/** The price-drop alert (issue 28): every favorite that got cheaper since the person's last such mail. */
export function priceDropMail(options: {
  to: string;
  name: string;
  language: Language;
  publicUrl: string;
  ads: DroppedAd[];
  unsubscribePageUrl: string;
  unsubscribeApiUrl: string;
}): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const ads: AlertAd[] = options.ads.map(({ fromPrice, ...ad }) => ({
    ...ad,
    note: t('priceDrop.was', { price: priceText(fromPrice) }),
  }));
  const one = ads.length === 1;
  const subject = one
    ? t('priceDrop.subjectOne', { title: oneLine(ads[0]?.title ?? '') })
    : t('priceDrop.subjectMany', { count: String(ads.length) });
  const body = t(one ? 'priceDrop.body' : 'priceDrop.bodyMany');
  const favoritesUrl = new URL('/dashboard/favorites', options.publicUrl).toString();
  const text = [
    t('greeting', { name: options.name }),
    body,
    cardsText(options.publicUrl, ads),
    `${t('priceDrop.seeFavorites')}: ${favoritesUrl}`,
    t('priceDrop.note'),
    t('priceDrop.unsubscribe', { link: options.unsubscribePageUrl }),
    t('signature'),
  ].join('\n\n');
  const html = mailFrame(
    options.language,
    `<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(body)}</p>
<table role="presentation" style="border-collapse:collapse">${cardsHtml(options.publicUrl, ads)}</table>
<p><a href="${escapeHtml(favoritesUrl)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t('priceDrop.seeFavorites'))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t('priceDrop.note'))}<br><a href="${escapeHtml(options.unsubscribePageUrl)}" style="color:#555">${escapeHtml(t('priceDrop.unsubscribeShort'))}</a></p>
<p>${escapeHtml(t('signature'))}</p>`,
  );
  return {
    to: options.to,
    subject,
    text,
    html,
    link: one && ads[0] ? new URL(`/ad/${ads[0].id}`, options.publicUrl).toString() : favoritesUrl,
    headers: unsubscribeHeaders(options.unsubscribeApiUrl),
  };
}
