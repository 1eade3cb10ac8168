import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TrustReport, TrustReportList } from '../../common/schemas/deals';
import { isUuid } from '../ads/cursor';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { iso } from '../db/iso';
import { ratings, trustReports } from '../db/schema/deals';
import { AppError, notFound } from '../errors';
import { recordAction } from '../moderation/audit';
import { displayNameOf } from '../sellers/profile';
import { refreshSummaries } from './score';

/** The newest trust reports the admin panel lists. */
export const TRUST_REPORTS_MAX = 200;

const invalidTransition = () =>
  new AppError(409, 'invalid_transition', 'This is no longer in a state that allows this action.');

type Row = {
  id: string;
  kind: 'deal_denied' | 'rating';
  status: 'open' | 'dismissed' | 'actioned';
  details: string | null;
  created_at: Date | string;
  deal_id: string;
  ad_id: string | null;
  ad_title: string;
  price: number;
  seller_first: string | null;
  seller_last: string | null;
  buyer_first: string | null;
  buyer_last: string | null;
  rating_id: string | null;
  stars: number | null;
  comment: string | null;
  rater_first: string | null;
  rater_last: string | null;
  rated_role: 'buyer' | 'seller' | null;
  reply: string | null;
  hidden: boolean | null;
};

/** Denied deals and reported ratings, newest first; `open` keeps those still waiting for a moderator. */
export async function listTrustReports(db: Database, status: 'open' | 'all'): Promise<TrustReportList> {
  const rows = await queryRows<Row>(
    db,
    sql`
    select t.id, t.kind, t.status, t.details, t.created_at,
      d.id as deal_id, d.ad_id, d.ad_title, d.price,
      sp.first_name as seller_first, sp.last_name as seller_last,
      bp.first_name as buyer_first, bp.last_name as buyer_last,
      r.id as rating_id, r.stars, r.comment, r.rated_role, r.reply,
      rp.first_name as rater_first, rp.last_name as rater_last,
      r.hidden_at is not null as hidden
    from trust_reports t
    left join ratings r on r.id = t.rating_id
    join deals d on d.id = coalesce(t.deal_id, r.deal_id)
    left join profiles sp on sp.id = d.seller_id
    left join profiles bp on bp.id = d.buyer_id
    left join profiles rp on rp.id = r.rater_id
    where ${status === 'open' ? sql`t.status = 'open'` : sql`true`}
    order by t.created_at desc, t.id desc
    limit ${TRUST_REPORTS_MAX}`,
  );
  const name = (first: string | null, last: string | null) => displayNameOf(first ?? '', last ?? '');
  return {
    items: rows.map(
      (row): TrustReport => ({
        id: row.id,
        kind: row.kind,
        status: row.status,
        details: row.details,
        createdAt: iso(row.created_at),
        deal: {
          id: row.deal_id,
          adId: row.ad_id,
          adTitle: row.ad_title,
          price: Number(row.price),
          seller: name(row.seller_first, row.seller_last),
          buyer: name(row.buyer_first, row.buyer_last),
        },
        rating:
          row.rating_id !== null
            ? {
                id: row.rating_id,
                stars: Number(row.stars),
                comment: row.comment,
                rater: name(row.rater_first, row.rater_last),
                ratedRole: row.rated_role === 'buyer' ? 'buyer' : 'seller',
                reply: row.reply,
                hidden: row.hidden === true,
              }
            : null,
      }),
    ),
  };
}

/**
 * A moderator hides a rating with a reason: it leaves the public list and the average, its open
 * reports become actioned, and the audit trail records it, all in one transaction. 409 when hidden.
 */
export async function hideRating(
  db: Database,
  actor: Viewer,
  ratingId: string,
  reason: string,
): Promise<{ id: string; hidden: boolean; resolved: number }> {
  if (!isUuid(ratingId)) throw notFound();
  return db.transaction(async (tx) => {
    const [rating] = await tx
      .update(ratings)
      .set({ hiddenAt: sql`now()`, hiddenReason: reason })
      .where(and(eq(ratings.id, ratingId), isNull(ratings.hiddenAt)))
      .returning({ id: ratings.id, ratedId: ratings.ratedId, stars: ratings.stars });
    if (!rating) {
      const [exists] = await tx.select({ id: ratings.id }).from(ratings).where(eq(ratings.id, ratingId));
      throw exists ? invalidTransition() : notFound();
    }
    const resolved = await tx
      .update(trustReports)
      .set({ status: 'actioned', resolvedBy: actor.id, resolvedAt: sql`now()` })
      .where(and(eq(trustReports.ratingId, rating.id), eq(trustReports.status, 'open')))
      .returning({ id: trustReports.id });
    await refreshSummaries(tx, [rating.ratedId]);
    await recordAction(tx, actor, {
      action: 'rating.hide',
      targetType: 'rating',
      targetId: rating.id,
      targetLabel: `${rating.stars}★`,
      reason,
      statusBefore: 'visible',
      statusAfter: 'hidden',
    });
    return { id: rating.id, hidden: true, resolved: resolved.length };
  });
}

/** A moderator closes a trust report as unfounded (the rating stays; a denied deal stays denied). */
export async function dismissTrustReport(
  db: Database,
  actor: Viewer,
  reportId: string,
): Promise<{ id: string; status: string }> {
  if (!isUuid(reportId)) throw notFound();
  return db.transaction(async (tx) => {
    const [report] = await tx
      .update(trustReports)
      .set({ status: 'dismissed', resolvedBy: actor.id, resolvedAt: sql`now()` })
      .where(and(eq(trustReports.id, reportId), eq(trustReports.status, 'open')))
      .returning({ id: trustReports.id, kind: trustReports.kind });
    if (!report) {
      const [exists] = await tx
        .select({ id: trustReports.id })
        .from(trustReports)
        .where(eq(trustReports.id, reportId));
      throw exists ? invalidTransition() : notFound();
    }
    await recordAction(tx, actor, {
      action: 'trust_report.dismiss',
      targetType: 'trust_report',
      targetId: report.id,
      targetLabel: report.kind,
      reason: null,
      statusBefore: 'open',
      statusAfter: 'dismissed',
    });
    return { id: report.id, status: 'dismissed' };
  });
}
