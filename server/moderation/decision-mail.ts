import { eq } from 'drizzle-orm';
import { type AdStatus, LANGUAGES, type Language } from '../../common/values';
import type { Services } from '../app-env';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { enqueueMail } from '../jobs/mail-job';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, translate } from '../mail/templates';
import type { Tx } from './audit';

/** The statuses a moderator's decision leads to, and what the mail about each is called in the catalog. */
const DECISIONS = { approved: 'approve', rejected: 'reject', needs_changes: 'requestChanges' } as const;
type Decision = (typeof DECISIONS)[keyof typeof DECISIONS];

export const isDecision = (status: AdStatus): status is keyof typeof DECISIONS => status in DECISIONS;

/** Where the owner goes next: the published ad, the edit form, or their list. */
const decisionPath = (decision: Decision, adId: string) =>
  decision === 'approve'
    ? `/ad/${adId}`
    : decision === 'requestChanges'
      ? `/ad/${adId}/edit`
      : '/dashboard/listings';

export type DecisionNotice = {
  /** The audit row of the decision: one mail per decision, however often its job runs. */
  auditId: string;
  adId: string;
  adTitle: string;
  ownerId: string;
  status: keyof typeof DECISIONS;
  reason: string | null;
};

/**
 * Queues the owner's mail about a moderator's decision in the decision's transaction: a decision
 * that commits always has its mail, one that rolls back never does. Deactivated owners get none.
 */
export async function queueDecisionMail(
  deps: Pick<Services, 'queue' | 'config'>,
  tx: Tx,
  notice: DecisionNotice,
): Promise<void> {
  const [owner] = await tx
    .select({
      email: user.email,
      firstName: profiles.firstName,
      locale: profiles.locale,
      isActive: profiles.isActive,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, notice.ownerId))
    .limit(1);
  if (!owner?.isActive) return;
  const decision = DECISIONS[notice.status];
  const message = decisionMail({
    to: owner.email,
    name: owner.firstName,
    language: LANGUAGES.find((lng) => lng === owner.locale) ?? 'ro',
    decision,
    adTitle: notice.adTitle,
    reason: notice.reason,
    link: new URL(decisionPath(decision, notice.adId), deps.config.publicUrl).toString(),
  });
  await enqueueMail(deps.queue, tx, { key: `decision:${notice.auditId}`, message });
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function decisionMail(options: {
  to: string;
  name: string;
  language: Language;
  decision: Decision;
  adTitle: string;
  reason: string | null;
  link: string;
}): MailMessage {
  const t = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const title = oneLine(options.adTitle);
  const body = t(`decision.${options.decision}.body`, { title });
  const button = t(`decision.${options.decision}.button`);
  const reason = options.reason?.trim() || null;
  const text = [
    t('greeting', { name: options.name }),
    body,
    ...(reason ? [`${t('decision.reason')}\n${reason}`] : []),
    `${button}: ${options.link}`,
    t('signature'),
  ].join('\n\n');
  const reasonHtml = reason
    ? `<p style="margin-bottom:4px">${escapeHtml(t('decision.reason'))}</p>
<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #3b4a2a;background:#f4f5f0;white-space:pre-line">${escapeHtml(reason)}</blockquote>`
    : '';
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(t('greeting', { name: options.name }))}</p>
<p>${escapeHtml(body)}</p>
${reasonHtml}
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return {
    to: options.to,
    subject: t(`decision.${options.decision}.subject`, { title }),
    text,
    html,
    link: options.link,
  };
}
