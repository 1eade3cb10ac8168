import { sql } from 'drizzle-orm';
import { DEREGISTRATION_REMINDER_DAYS } from '../../common/deals';
import type { LegalCategory } from '../../common/legal';
import { type GuideCategory, hasLegalGuide } from '../../common/legal-guide';
import { DAY_MS } from '../../common/lifecycle';
import type { Services } from '../app-env';
import { type Database, queryRows } from '../db/client';
import { enqueueMail, jobIdForKey } from '../jobs/mail-job';
import { QUEUES, type SqlExecutor } from '../jobs/queue';
import { mailLanguage } from '../mail/templates';
import { displayNameOf } from '../sellers/profile';
import { type DealStepsKind, dealStepsMail } from './deal-steps-mail';

type Deps = Pick<Services, 'queue' | 'config'>;

type Party = { email: string; firstName: string; lastName: string; locale: string; isActive: boolean };
type WeaponDeal = {
  id: string;
  title: string;
  category: GuideCategory;
  confirmed: boolean;
  deregistered: boolean;
  seller: Party;
  buyer: Party;
};

/** The deal with both parties, when its ad was a weapon with a legal guide; null otherwise. */
async function weaponDeal(db: Database, dealId: string): Promise<WeaponDeal | null> {
  const [row] = await queryRows<{
    id: string;
    title: string;
    legalCategory: LegalCategory | null;
    confirmed: boolean;
    deregistered: boolean;
    seller: Party;
    buyer: Party;
  }>(
    db,
    sql`select d.id, d.ad_title as title, a.legal_category as "legalCategory",
          d.confirmed_at is not null as confirmed, d.deregistered_at is not null as deregistered,
          json_build_object('email', su.email, 'firstName', sp.first_name, 'lastName', sp.last_name,
            'locale', sp.locale, 'isActive', sp.is_active) as seller,
          json_build_object('email', bu.email, 'firstName', bp.first_name, 'lastName', bp.last_name,
            'locale', bp.locale, 'isActive', bp.is_active) as buyer
        from deals d
        join ads a on a.id = d.ad_id
        join "user" su on su.id = d.seller_id join profiles sp on sp.id = d.seller_id
        join "user" bu on bu.id = d.buyer_id join profiles bp on bp.id = d.buyer_id
        where d.id = ${dealId}`,
  );
  if (!row?.legalCategory || !hasLegalGuide(row.legalCategory)) return null;
  return { ...row, category: row.legalCategory };
}

function stepsMail(deps: Deps, deal: WeaponDeal, kind: DealStepsKind) {
  const [to, other] = kind === 'buyer' ? [deal.buyer, deal.seller] : [deal.seller, deal.buyer];
  return dealStepsMail({
    kind,
    to: to.email,
    name: to.firstName,
    language: mailLanguage(to.locale),
    title: deal.title,
    otherParty: displayNameOf(other.firstName, other.lastName),
    category: deal.category,
    dealUrl: new URL('/dashboard/deals', deps.config.publicUrl).toString(),
  });
}

/**
 * In the confirmation's transaction (issue 29): for a weapon's deal, each side gets the mail with
 * their steps, and the seller's deregistration reminder is queued for DEREGISTRATION_REMINDER_DAYS
 * later. Mails and the reminder are keyed by the deal: queued once, whatever retries and restarts.
 */
export async function queueDealSteps(deps: Deps, tx: SqlExecutor, dealId: string): Promise<void> {
  const deal = await weaponDeal(tx as Database, dealId);
  if (!deal) return;
  for (const kind of ['seller', 'buyer'] as const) {
    if (!deal[kind].isActive) continue;
    await enqueueMail(deps.queue, tx, {
      key: `deal-steps:${deal.id}:${kind}`,
      message: stepsMail(deps, deal, kind),
    });
  }
  await deps.queue.send(
    tx,
    QUEUES.dealReminder,
    { dealId: deal.id },
    {
      id: jobIdForKey(`deal-reminder:${deal.id}`),
      startAfter: new Date(Date.now() + DEREGISTRATION_REMINDER_DAYS * DAY_MS),
    },
  );
}

export type ReminderOutcome = 'sent' | 'done' | 'skipped';

/**
 * The reminder job: the seller is reminded to have the weapon struck off their permit, unless they
 * ticked it done (or the deal or their account is gone). The mail's key makes it one mail however
 * often the job runs.
 */
export async function sendDeregistrationReminder(
  deps: Deps & Pick<Services, 'db'>,
  dealId: string,
): Promise<ReminderOutcome> {
  const deal = await weaponDeal(deps.db, dealId);
  if (!deal?.confirmed || !deal.seller.isActive) return 'skipped';
  if (deal.deregistered) return 'done';
  await enqueueMail(deps.queue, deps.db, {
    key: `deal-reminder-mail:${deal.id}`,
    message: stepsMail(deps, deal, 'reminder'),
  });
  return 'sent';
}
