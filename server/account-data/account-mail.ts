import { eq } from 'drizzle-orm';
import type { Language } from '../../common/values';
import type { Services } from '../app-env';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, mailLanguage, translate } from '../mail/templates';

export type AccountDataMail = 'exportReady' | 'accountDeleted';

/**
 * The mails of issue 31, in the account's language: the export is ready (with the page to download it
 * from, valid 24 hours), and the account was deleted. Read while the address still exists: the
 * deletion renders its mail before erasing it.
 */
export async function accountDataMail(
  deps: Pick<Services, 'db'>,
  userId: string,
  kind: AccountDataMail,
  link: string,
): Promise<MailMessage | null> {
  const [row] = await deps.db
    .select({ email: user.email, name: user.name, firstName: profiles.firstName, locale: profiles.locale })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return null;
  const language: Language = mailLanguage(row.locale);
  const t = (key: string, values?: Record<string, string>) => translate(language, key, values);
  const name = row.firstName || row.name;
  const body = t(`accountData.${kind}.body`);
  const button = t(`accountData.${kind}.button`);
  const text = [t('greeting', { name }), body, `${button}: ${link}`, t('signature')].join('\n\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(t('greeting', { name }))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return { to: row.email, subject: t(`accountData.${kind}.subject`), text, html, link };
}
