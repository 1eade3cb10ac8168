import { eq, sql } from 'drizzle-orm';
import type { CountyCode } from '../../common/counties';
import { type DealStatus, RATING_WINDOW_DAYS } from '../../common/deals';
import type { LegalCategory } from '../../common/legal';
import { hasLegalGuide } from '../../common/legal-guide';
import { DAY_MS } from '../../common/lifecycle';
import type { Deal, DealAnswerInput } from '../../common/schemas/deals';
import { isUuid } from '../ads/cursor';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { iso } from '../db/iso';
import { deals, trustReports } from '../db/schema/deals';
import { AppError, notFound } from '../errors';
import { dealHistory, handoversOfDeals } from '../handovers/deal-handovers';
import type { Tx } from '../moderation/audit';
import { authorize } from '../policies/policies';
import { displayNameOf } from '../sellers/profile';
import { queueDealSteps } from './deal-reminders';

/** The newest deals the dashboard lists. */
export const DEALS_MAX = 200;

export type DealRow = typeof deals.$inferSelect;

export async function findDeal(db: Database | Tx, id: string, lock = false): Promise<DealRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(deals).where(eq(deals.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export const dealStatusOf = (deal: Pick<DealRow, 'confirmedAt' | 'deniedAt'>): DealStatus =>
  deal.confirmedAt ? 'confirmed' : deal.deniedAt ? 'denied' : 'awaiting';

/** Until when a confirmed deal may be rated; null for one that is not confirmed. */
export const ratingUntil = (deal: Pick<DealRow, 'confirmedAt'>) =>
  deal.confirmedAt ? new Date(new Date(deal.confirmedAt).getTime() + RATING_WINDOW_DAYS * DAY_MS) : null;

type ListRow = {
  id: string;
  ad_id: string | null;
  ad_title: string;
  seller_id: string;
  buyer_id: string;
  price: number;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  denied_at: Date | string | null;
  deregistered_at: Date | string | null;
  legal_category: string | null;
  county: CountyCode | null;
  other_first: string | null;
  other_last: string | null;
  mine_id: string | null;
  mine_stars: number | null;
  mine_comment: string | null;
  mine_revealed: boolean | null;
  theirs_id: string | null;
  theirs_stars: number | null;
  theirs_comment: string | null;
  theirs_created: Date | string | null;
  theirs_revealed: boolean | null;
  theirs_hidden: boolean | null;
  theirs_reply: string | null;
  theirs_replied: Date | string | null;
};

/**
 * The caller's deals, as buyer and as seller, newest first, each with the ratings as far as the
 * caller may see them: their own, and the other side's only once revealed (double-blind).
 */
export async function listDeals(db: Database, viewer: Viewer | null, onlyId?: string): Promise<Deal[]> {
  authorize(viewer, 'deals.list');
  const me = viewer.id;
  const rows = await queryRows<ListRow>(
    db,
    sql`
    select d.id, d.ad_id, d.ad_title, d.seller_id, d.buyer_id, d.price, d.created_at, d.confirmed_at, d.denied_at,
      d.deregistered_at, a.legal_category, a.county,
      p.first_name as other_first, p.last_name as other_last,
      mine.id as mine_id, mine.stars as mine_stars, mine.comment as mine_comment,
      mine.revealed_at is not null as mine_revealed,
      theirs.id as theirs_id, theirs.stars as theirs_stars, theirs.comment as theirs_comment,
      theirs.created_at as theirs_created, theirs.revealed_at is not null as theirs_revealed,
      theirs.hidden_at is not null as theirs_hidden, theirs.reply as theirs_reply, theirs.replied_at as theirs_replied
    from deals d
    left join ads a on a.id = d.ad_id
    left join profiles p on p.id = case when d.seller_id = ${me} then d.buyer_id else d.seller_id end
    left join ratings mine on mine.deal_id = d.id and mine.rater_id = ${me}
    left join ratings theirs on theirs.deal_id = d.id and theirs.rater_id <> ${me}
    where (d.seller_id = ${me} or d.buyer_id = ${me}) ${onlyId ? sql`and d.id = ${onlyId}` : sql``}
    order by d.created_at desc, d.id desc
    limit ${DEALS_MAX}`,
  );
  const now = Date.now();
  const handovers = await handoversOfDeals(
    db,
    me,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const role = row.seller_id === me ? 'seller' : 'buyer';
    const status = dealStatusOf({
      confirmedAt: row.confirmed_at as Date | null,
      deniedAt: row.denied_at as Date | null,
    });
    const until = ratingUntil({ confirmedAt: row.confirmed_at as Date | null });
    const open = status === 'confirmed' && until !== null && until.getTime() > now;
    const revealed = row.theirs_id !== null && row.theirs_revealed === true && row.theirs_hidden !== true;
    const weapon = row.legal_category !== null && hasLegalGuide(row.legal_category as LegalCategory);
    const dealHandovers = handovers.get(row.id) ?? [];
    const dates = {
      createdAt: iso(row.created_at),
      confirmedAt: row.confirmed_at ? iso(row.confirmed_at) : null,
      deniedAt: row.denied_at ? iso(row.denied_at) : null,
      deregisteredAt: row.deregistered_at ? iso(row.deregistered_at) : null,
    };
    return {
      id: row.id,
      ad: { id: row.ad_id, title: row.ad_title },
      role,
      otherParty: {
        id: role === 'seller' ? row.buyer_id : row.seller_id,
        displayName: displayNameOf(row.other_first ?? '', row.other_last ?? ''),
      },
      price: Number(row.price),
      createdAt: iso(row.created_at),
      status,
      ratingUntil: until ? until.toISOString() : null,
      myRating:
        row.mine_id !== null
          ? {
              id: row.mine_id,
              stars: Number(row.mine_stars),
              comment: row.mine_comment,
              revealed: row.mine_revealed === true,
            }
          : null,
      theirRating:
        revealed && row.theirs_id !== null
          ? {
              id: row.theirs_id,
              stars: Number(row.theirs_stars),
              comment: row.theirs_comment,
              createdAt: iso(row.theirs_created ?? row.created_at),
              raterName: displayNameOf(row.other_first ?? '', row.other_last ?? ''),
              ratedRole: role,
              reply: row.theirs_reply,
              repliedAt: row.theirs_replied ? iso(row.theirs_replied) : null,
              canReply: row.theirs_reply === null,
            }
          : null,
      theyRated: row.theirs_id !== null,
      weapon,
      legalCategory: (row.legal_category as LegalCategory | null) ?? null,
      deregisteredAt: dates.deregisteredAt,
      adCounty: row.county,
      handovers: dealHandovers,
      history: dealHistory(dates, dealHandovers),
      can: {
        confirm: role === 'buyer' && status === 'awaiting',
        deny: role === 'buyer' && status === 'awaiting',
        rate: open && row.mine_id === null,
        markDeregistered:
          weapon && role === 'seller' && status === 'confirmed' && row.deregistered_at === null,
        requestHandover:
          weapon && status !== 'denied' && !dealHandovers.some((handover) => handover.status === 'pending'),
      },
    };
  });
}

/** One deal as the caller sees it (after an answer or a rating). */
export async function dealFor(db: Database, viewer: Viewer, id: string): Promise<Deal> {
  const [deal] = await listDeals(db, viewer, id);
  if (!deal) throw notFound();
  return deal;
}

/**
 * The buyer confirms the deal (it can then be rated), or denies it: a denied deal is never rated
 * and goes to the moderators as a report, in the same transaction. 409 once answered.
 */
export async function answerDeal(
  deps: Pick<Services, 'db' | 'queue' | 'config'>,
  viewer: Viewer | null,
  dealId: string,
  input: DealAnswerInput,
) {
  const { db } = deps;
  const subject = await findDeal(db, dealId);
  if (!subject) throw notFound();
  authorize(viewer, 'deal.answer', subject);
  await db.transaction(async (tx) => {
    const deal = await findDeal(tx, subject.id, true);
    if (!deal) throw notFound();
    if (dealStatusOf(deal) !== 'awaiting')
      throw new AppError(409, 'invalid_transition', 'This deal was already confirmed or denied.');
    if (input.answer === 'confirm') {
      await tx.update(deals).set({ confirmedAt: sql`now()` }).where(eq(deals.id, deal.id));
      // Issue 29: a weapon's sale mails each side their legal steps, and the seller's reminder waits.
      await queueDealSteps(deps, tx, deal.id);
      return;
    }
    await tx.update(deals).set({ deniedAt: sql`now()` }).where(eq(deals.id, deal.id));
    await tx.insert(trustReports).values({
      kind: 'deal_denied',
      dealId: deal.id,
      reporterId: viewer.id,
      details: input.details ?? null,
    });
  });
  return dealFor(db, viewer, subject.id);
}

/**
 * Issue 29: the seller of a confirmed weapon deal ticks "Am făcut radierea": the deregistration
 * reminder is not sent after it. Ticking it again changes nothing (the first time stays).
 */
export async function markDeregistered(db: Database, viewer: Viewer | null, dealId: string): Promise<Deal> {
  const subject = await findDeal(db, dealId);
  if (!subject) throw notFound();
  authorize(viewer, 'deal.markDeregistered', subject);
  const [deal] = await listDeals(db, viewer, subject.id);
  if (!deal) throw notFound();
  if (!deal.weapon || deal.status !== 'confirmed')
    throw new AppError(409, 'invalid_transition', 'Only a confirmed weapon deal has a deregistration step.');
  await db
    .update(deals)
    .set({ deregisteredAt: sql`coalesce(${deals.deregisteredAt}, now())` })
    .where(eq(deals.id, subject.id));
  return dealFor(db, viewer, subject.id);
}
