import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../../common/values';
import type { MailMessage } from './mailer';

type Catalog = { [key: string]: string | Catalog };
const here = path.dirname(fileURLToPath(import.meta.url));
const catalogs: Record<Language, Catalog> = {
  ro: JSON.parse(readFileSync(path.join(here, 'locales/ro/mail.json'), 'utf8')),
  en: JSON.parse(readFileSync(path.join(here, 'locales/en/mail.json'), 'utf8')),
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A value someone typed, on one line: every run of whitespace, line breaks and control characters
 * becomes one space. A name or a title with line breaks (stored before the API refused them) must not
 * write lines of its own into an official mail, where they could pass for the site's own words.
 */
export const oneLine = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  value.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

/** The language of someone's mails: their profile's locale when it is one we write in, else Romanian. */
export const mailLanguage = (locale: string | null | undefined): Language =>
  LANGUAGES.find((lng) => lng === locale) ?? 'ro';

/** A mail's HTML page around its body: the one frame every mail uses. */
export const mailFrame = (language: Language, inner: string) =>
  `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5">
${inner}
</body></html>`;

/** The catalog's text for `key`, its {{placeholders}} filled with the values, each on one line. */
export function translate(language: Language, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<Catalog | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      catalogs[language],
    );
  if (typeof found !== 'string') throw new Error(`Missing mail text ${language}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => oneLine(values[name] ?? ''));
}

/** A mail with one call to action: a greeting, a paragraph, a button, a note. Text and HTML alike. */
export function actionMail(
  kind: 'verify' | 'reset' | 'existingAccount',
  options: { to: string; name: string; language: Language; link: string },
): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const lines = [
    t('greeting', { name: options.name }),
    t(`${kind}.body`),
    options.link,
    t(`${kind}.expires`),
    t('ignore'),
    t('signature'),
  ];
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(t(`${kind}.body`))}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t(`${kind}.button`))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t(`${kind}.expires`))}<br>${escapeHtml(t('ignore'))}</p>
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return {
    to: options.to,
    subject: t(`${kind}.subject`),
    text: lines.join('\n\n'),
    html,
    link: options.link,
  };
}

/**
 * A decision someone took about the recipient's things (a moderator on an ad, an admin on a dealer
 * application): a greeting, what happened, the reason quoted when there is one, a button.
 */
export function decisionNoticeMail(options: {
  to: string;
  name: string;
  language: Language;
  subject: string;
  body: string;
  /** The words before the quoted reason ("Motivul moderatorului:"). */
  reasonLabel: string;
  reason: string | null;
  button: string;
  link: string;
}): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const reason = options.reason?.trim() || null;
  const text = [
    t('greeting', { name: options.name }),
    options.body,
    ...(reason ? [`${options.reasonLabel}\n${reason}`] : []),
    `${options.button}: ${options.link}`,
    t('signature'),
  ].join('\n\n');
  const reasonHtml = reason
    ? `<p style="margin-bottom:4px">${escapeHtml(options.reasonLabel)}</p>
<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #3b4a2a;background:#f4f5f0;white-space:pre-line">${escapeHtml(reason)}</blockquote>`
    : '';
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(options.body)}</p>
${reasonHtml}
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(options.button)}</a></p>
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return { to: options.to, subject: options.subject, text, html, link: options.link };
}

export type SecurityNotice = 'twoFactorCode' | 'twoFactorOn' | 'twoFactorOff' | 'staffRole';

/**
 * What happened to the recipient's account security (issue 26): the code that confirms two-factor
 * enrolment, two-factor turned on or off, a staff role granted. Each says what to do if it was not
 * them, and links to Settings.
 */
export function securityNoticeMail(
  kind: SecurityNotice,
  options: { to: string; name: string; language: Language; link: string; code?: string; role?: string },
): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const body = t(`security.${kind}.body`, { role: options.role ?? '' });
  const note = kind === 'twoFactorCode' ? t('security.twoFactorCode.expires') : t('security.notYou');
  const button = t('security.button');
  const text = [
    t('greeting', { name: options.name }),
    body,
    ...(options.code ? [options.code] : []),
    note,
    `${button}: ${options.link}`,
    t('signature'),
  ].join('\n\n');
  const code = options.code
    ? `<p style="font-size:24px;letter-spacing:4px;font-weight:bold">${escapeHtml(options.code)}</p>\n`
    : '';
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(body)}</p>
${code}<p style="font-size:13px;color:#555">${escapeHtml(note)}</p>
<p><a href="${escapeHtml(options.link)}">${escapeHtml(button)}</a></p>
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return { to: options.to, subject: t(`security.${kind}.subject`), text, html, link: options.link };
}
