import { and, eq, isNull, sql } from 'drizzle-orm';
import { RATING_WINDOW_DAYS } from '../../common/deals';
import type { PublicRating, RatingInput, SellerRatingsPage } from '../../common/schemas/deals';
import { isUuid } from '../ads/cursor';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { iso } from '../db/iso';
import { ratings, trustReports } from '../db/schema/deals';
import { AppError, notFound } from '../errors';
import { enforceRateLimits } from '../http/rate-limit';
import { decodePageCursor, pageOf } from '../moderation/page-cursor';
import { authorize } from '../policies/policies';
import { displayNameOf, requireSeller } from '../sellers/profile';
import { dealFor, dealStatusOf, findDeal, ratingUntil } from './deals';
import { refreshSummaries, scoreOf } from './score';

/** The seller page lists this many ratings at a time. */
export const RATINGS_PAGE_SIZE = 20;
/** Reporting ratings, per account: a few a day is all an honest person needs. */
export const RATING_REPORT_LIMIT = { max: 10, windowSeconds: 24 * 3600 };

const conflict = (code: string, message: string) => new AppError(409, code, message);

export type RatingRow = typeof ratings.$inferSelect;

export async function findRating(db: Database, id: string): Promise<RatingRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(ratings).where(eq(ratings.id, id)).limit(1);
  return row ?? null;
}

/**
 * Either side of a confirmed deal rates the other, once, within RATING_WINDOW_DAYS of the
 * confirmation. Double-blind: the rating stays with its author until the other side has rated too,
 * and then both are revealed in this transaction (the deal's row, locked, makes the two sides take
 * turns, so two ratings given at once still reveal each other).
 */
export async function rateDeal(db: Database, viewer: Viewer | null, dealId: string, input: RatingInput) {
  const subject = await findDeal(db, dealId);
  if (!subject) throw notFound();
  authorize(viewer, 'deal.rate', subject);
  await db.transaction(async (tx) => {
    const deal = await findDeal(tx, subject.id, true);
    if (!deal) throw notFound();
    if (dealStatusOf(deal) !== 'confirmed')
      throw conflict('deal_not_confirmed', 'Only a deal its buyer confirmed can be rated.');
    const until = ratingUntil(deal);
    if (!until || until.getTime() <= Date.now())
      throw conflict(
        'rating_window_over',
        `Ratings are given within ${RATING_WINDOW_DAYS} days of the deal.`,
      );
    const ratedId = viewer.id === deal.sellerId ? deal.buyerId : deal.sellerId;
    const [mine] = await tx
      .insert(ratings)
      .values({
        dealId: deal.id,
        raterId: viewer.id,
        ratedId,
        ratedRole: ratedId === deal.sellerId ? 'seller' : 'buyer',
        stars: input.stars,
        comment: input.comment ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: ratings.id });
    if (!mine) throw conflict('already_rated', 'You have already rated this deal.');
    const revealed = await tx
      .update(ratings)
      .set({ revealedAt: sql`now()` })
      .where(
        and(
          eq(ratings.dealId, deal.id),
          isNull(ratings.revealedAt),
          sql`(select count(*) from ratings both_sides where both_sides.deal_id = ${deal.id}) = 2`,
        ),
      )
      .returning({ ratedId: ratings.ratedId });
    await refreshSummaries(
      tx,
      revealed.map((row) => row.ratedId),
    );
  });
  return dealFor(db, viewer, subject.id);
}

/**
 * Ratings whose window is over are revealed even when the other side never rated (the hourly
 * maintenance): a rating is never kept from its subject longer than RATING_WINDOW_DAYS.
 */
export async function revealDueRatings(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ rated_id: string }>(
      tx as unknown as Database,
      sql`
      update ratings r set revealed_at = now()
      from deals d
      where d.id = r.deal_id and r.revealed_at is null
        and d.confirmed_at <= now() - make_interval(days => ${RATING_WINDOW_DAYS})
      returning r.rated_id`,
    );
    await refreshSummaries(
      tx,
      rows.map((row) => row.rated_id),
    );
    return rows.length;
  });
}

/** The rated person answers a revealed rating, once, in public. */
export async function replyToRating(db: Database, viewer: Viewer | null, ratingId: string, reply: string) {
  const rating = await findRating(db, ratingId);
  if (!rating) throw notFound();
  authorize(viewer, 'rating.reply', rating);
  const [row] = await db
    .update(ratings)
    .set({ reply, repliedAt: sql`now()` })
    .where(and(eq(ratings.id, rating.id), isNull(ratings.reply)))
    .returning({ id: ratings.id });
  if (!row) throw conflict('already_replied', 'This rating already has your reply.');
  return dealFor(db, viewer, rating.dealId);
}

/**
 * Anyone signed in but its author reports a rating they can see; a second report by the same person
 * while the first is open updates it. Moderators find it in the trust reports.
 */
export async function reportRating(
  db: Database,
  viewer: Viewer | null,
  ratingId: string,
  details: string | null,
): Promise<{ id: string; created: boolean }> {
  const rating = await findRating(db, ratingId);
  if (!rating) throw notFound();
  authorize(viewer, 'rating.report', rating);
  await enforceRateLimits(db, [{ key: `rating-report:user:${viewer.id}`, ...RATING_REPORT_LIMIT }]);
  const [existing] = await db
    .select({ id: trustReports.id })
    .from(trustReports)
    .where(
      and(
        eq(trustReports.ratingId, rating.id),
        eq(trustReports.reporterId, viewer.id),
        eq(trustReports.status, 'open'),
      ),
    )
    .limit(1);
  if (existing) {
    await db.update(trustReports).set({ details }).where(eq(trustReports.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(trustReports)
    .values({ kind: 'rating', ratingId: rating.id, reporterId: viewer.id, details })
    .onConflictDoNothing()
    .returning({ id: trustReports.id });
  if (!row) throw conflict('already_reported', 'You have already reported this rating.');
  return { id: row.id, created: true };
}

type PublicRow = {
  id: string;
  stars: number;
  comment: string | null;
  created_at: Date | string;
  rated_role: 'buyer' | 'seller';
  reply: string | null;
  replied_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
};

/** The seller page: the score and the revealed, visible ratings with their replies, newest first. */
export async function sellerRatings(
  db: Database,
  viewer: Viewer | null,
  sellerId: string,
  cursorText: string | undefined,
): Promise<SellerRatingsPage> {
  const seller = await requireSeller(db, viewer, sellerId);
  const cursor = decodePageCursor(cursorText, { uuid: true });
  const after = cursor
    ? sql`and (r.created_at, r.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const [summary, rows] = await Promise.all([
    scoreOf(db, seller.id),
    queryRows<PublicRow>(
      db,
      sql`
      select r.id, r.stars, r.comment, r.created_at, r.rated_role, r.reply, r.replied_at, p.first_name, p.last_name
      from ratings r left join profiles p on p.id = r.rater_id
      where r.rated_id = ${seller.id} and r.revealed_at is not null and r.hidden_at is null ${after}
      order by r.created_at desc, r.id desc
      limit ${RATINGS_PAGE_SIZE + 1}`,
    ),
  ]);
  const page = pageOf(rows, RATINGS_PAGE_SIZE, (row) => ({ at: row.created_at, id: row.id }));
  return {
    summary,
    items: page.items.map(
      (row): PublicRating => ({
        id: row.id,
        stars: Number(row.stars),
        comment: row.comment,
        createdAt: iso(row.created_at),
        raterName: displayNameOf(row.first_name ?? '', row.last_name ?? ''),
        ratedRole: row.rated_role,
        reply: row.reply,
        repliedAt: row.replied_at ? iso(row.replied_at) : null,
      }),
    ),
    nextCursor: page.nextCursor,
  };
}
