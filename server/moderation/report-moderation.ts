import { sql } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  canTransition,
  type Report,
  type ReportGroupsPage,
  type ReportsResolution,
} from '../../common/schemas/admin';
import type { AdStatus, ReportReason } from '../../common/values';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { iso } from '../db/iso';
import {
  applyAdChange,
  invalidTransition,
  lockAd,
  type ModerationDeps,
  resolveOpenReports,
} from './ad-moderation';
import { recordAction } from './audit';
import { decodePageCursor, pageOf } from './page-cursor';

/** A group shows this many of its reports at most (the counts cover all of them). */
export const REPORTS_PER_GROUP = 20;

type GroupRow = {
  adId: string;
  title: string;
  status: string;
  featured: boolean;
  count: number;
  openCount: number;
  lastReportedAt: Date | string;
};

type ReportRow = {
  id: string;
  adId: string;
  reason: string;
  details: string | null;
  status: string;
  createdAt: Date | string;
  resolvedBy: string | null;
  resolvedAt: Date | string | null;
};

/**
 * Reports grouped by ad, the most recently reported ad first; each group holds its reports newest
 * first with who resolved them. `open` keeps only ads that still have an open report.
 */
export async function listReportGroups(
  db: Database,
  query: { status: 'open' | 'all'; cursor?: string },
): Promise<ReportGroupsPage> {
  const cursor = decodePageCursor(query.cursor, { uuid: true });
  const groups = await queryRows<GroupRow>(
    db,
    sql`
    with g as (
      select r.ad_id, max(r.created_at) as last_at, count(*)::int as count,
        (count(*) filter (where r.status = 'open'))::int as open_count
      from reports r group by r.ad_id
    )
    select g.ad_id as "adId", a.title, a.status, a.featured, g.count, g.open_count as "openCount",
      g.last_at as "lastReportedAt"
    from g join ads a on a.id = g.ad_id
    where ${query.status === 'open' ? sql`g.open_count > 0` : sql`true`}
      and ${cursor ? sql`(g.last_at, g.ad_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`}
    order by g.last_at desc, g.ad_id desc
    limit ${ADMIN_PAGE_SIZE + 1}`,
  );
  const page = pageOf(groups, ADMIN_PAGE_SIZE, (row) => ({ at: row.lastReportedAt, id: row.adId }));
  const adIds = page.items.map((row) => row.adId);
  const reportRows = adIds.length
    ? await queryRows<ReportRow>(
        db,
        sql`
        select id, "adId", reason, details, status, "createdAt", "resolvedBy", "resolvedAt" from (
          select r.id, r.ad_id as "adId", r.reason, r.details, r.status, r.created_at as "createdAt",
            u.email as "resolvedBy", r.resolved_at as "resolvedAt",
            row_number() over (partition by r.ad_id order by r.created_at desc, r.id desc) as n
          from reports r left join "user" u on u.id = r.resolved_by
          where r.ad_id in (${sql.join(
            adIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        ) ranked
        where n <= ${REPORTS_PER_GROUP}
        order by "createdAt" desc, id desc`,
      )
    : [];
  const byAd = new Map<string, Report[]>();
  for (const row of reportRows) {
    const list = byAd.get(row.adId) ?? [];
    list.push({
      id: row.id,
      reason: row.reason as ReportReason,
      details: row.details,
      status: row.status as Report['status'],
      createdAt: iso(row.createdAt),
      resolvedBy: row.resolvedBy,
      resolvedAt: row.resolvedAt ? iso(row.resolvedAt) : null,
    });
    byAd.set(row.adId, list);
  }
  return {
    items: page.items.map((row) => ({
      ad: { id: row.adId, title: row.title, status: row.status as AdStatus, featured: row.featured },
      count: Number(row.count),
      openCount: Number(row.openCount),
      lastReportedAt: iso(row.lastReportedAt),
      reports: byAd.get(row.adId) ?? [],
    })),
    nextCursor: page.nextCursor,
  };
}

/** The ad's open reports are closed as unfounded; the ad stays as it is. 409 when none is open. */
export async function dismissReports(db: Database, actor: Viewer, adId: string): Promise<ReportsResolution> {
  return db.transaction(async (tx) => {
    const ad = await lockAd(tx, adId);
    const resolved = await resolveOpenReports(tx, actor, ad.id, 'dismissed');
    if (resolved === 0) throw invalidTransition();
    await recordAction(tx, actor, {
      action: 'reports.dismiss',
      targetType: 'ad',
      targetId: ad.id,
      targetLabel: ad.title,
      reason: null,
      statusBefore: ad.status,
      statusAfter: ad.status,
    });
    return {
      resolved,
      ad: { id: ad.id, status: ad.status, featured: ad.featured, moderationReason: ad.moderationReason },
    };
  });
}

/**
 * Takes a reported ad down: it becomes rejected with the reason (as a rejection would; an ad already
 * rejected stays so) and its open reports become actioned. 409 when there is nothing to do.
 */
export async function takeDownAd(
  deps: ModerationDeps,
  actor: Viewer,
  adId: string,
  reason: string,
): Promise<ReportsResolution> {
  return deps.db.transaction(async (tx) => {
    const ad = await lockAd(tx, adId);
    const resolved = await resolveOpenReports(tx, actor, ad.id, 'actioned');
    const rejectable = canTransition('reject', ad.status);
    if (!rejectable && (ad.status !== 'rejected' || resolved === 0)) throw invalidTransition();
    const result = await applyAdChange(
      deps,
      tx,
      actor,
      ad,
      'ad.take_down',
      { status: 'rejected', featured: false, moderationReason: reason },
      reason,
    );
    return { resolved, ad: result };
  });
}
