import { eq } from 'drizzle-orm';
import type { AdStatus, Language } from '../../common/values';
import type { Services } from '../app-env';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { enqueueMail } from '../jobs/mail-job';
import type { MailMessage } from '../mail/mailer';
import { decisionNoticeMail, mailLanguage, translate } from '../mail/templates';
import type { Tx } from './audit';

/** The statuses a moderator's decision leads to, and what the mail about each is called in the catalog. */
const DECISIONS = { approved: 'approve', rejected: 'reject', needs_changes: 'requestChanges' } as const;
/** A decision on the pending edit of a published ad (issue 26): the public version stays meanwhile. */
export const REVISION_DECISIONS = {
  approve: 'revisionApprove',
  reject: 'revisionReject',
  requestChanges: 'revisionRequestChanges',
} as const;
type Decision =
  | (typeof DECISIONS)[keyof typeof DECISIONS]
  | (typeof REVISION_DECISIONS)[keyof typeof REVISION_DECISIONS];

export const isDecision = (status: AdStatus): status is keyof typeof DECISIONS => status in DECISIONS;

/** Where the owner goes next: the published ad, the edit form, or their list. */
const decisionPath = (decision: Decision, adId: string) =>
  decision === 'approve' || decision === 'revisionApprove'
    ? `/ad/${adId}`
    : decision === 'requestChanges' || decision === 'revisionRequestChanges'
      ? `/ad/${adId}/edit`
      : '/dashboard/listings';

export type DecisionNotice = {
  /** The audit row of the decision: one mail per decision, however often its job runs. */
  auditId: string;
  adId: string;
  adTitle: string;
  ownerId: string;
  /** The ad's new status, or a decision on its pending edit. */
  status: keyof typeof DECISIONS | { revision: keyof typeof REVISION_DECISIONS };
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
  const decision =
    typeof notice.status === 'string' ? DECISIONS[notice.status] : REVISION_DECISIONS[notice.status.revision];
  const message = decisionMail({
    to: owner.email,
    name: owner.firstName,
    language: mailLanguage(owner.locale),
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
  return decisionNoticeMail({
    to: options.to,
    name: options.name,
    language: options.language,
    subject: t(`decision.${options.decision}.subject`, { title }),
    body: t(`decision.${options.decision}.body`, { title }),
    reasonLabel: t('decision.reason'),
    reason: options.reason,
    button: t(`decision.${options.decision}.button`),
    link: options.link,
  });
}
