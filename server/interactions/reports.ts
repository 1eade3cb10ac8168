import { sql } from 'drizzle-orm';
import type { ReportResult } from '../../common/schemas/reports';
import type { ReportReason } from '../../common/values';
import { findAdSubject } from '../ads/queries';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { reports } from '../db/schema/interactions';
import { notFound } from '../errors';
import { enforceRateLimits } from '../http/rate-limit';
import { authorize } from '../policies/policies';

/**
 * Reports per client address and hour, since visitors may report too: sized for a shared mobile
 * address with many people on it (server/http/rate-limit.ts), not for one person. A signed-in
 * reporter is also counted per account, so changing address does not lift their limit.
 */
export const REPORTS_PER_IP = { max: 60, windowSeconds: 3600 } as const;
export const REPORTS_PER_USER = { max: 20, windowSeconds: 24 * 3600 } as const;

const clean = (value: string | null) => (value === null ? null : value.replaceAll('\u0000', '') || null);

/**
 * Reports a listed ad, signed in or not (a visitor's report has no reporter). A user's second report
 * on an ad whose first is still open replaces its reason and details instead of adding a row.
 */
export async function reportAd(
  db: Database,
  viewer: Viewer | null,
  adId: string,
  input: { reason: ReportReason; details: string | null },
  ip: string,
): Promise<ReportResult> {
  await enforceRateLimits(db, [
    { key: `report:ip:${ip}`, ...REPORTS_PER_IP },
    ...(viewer ? [{ key: `report:user:${viewer.id}`, ...REPORTS_PER_USER }] : []),
  ]);
  const ad = await findAdSubject(db, adId);
  if (!ad) throw notFound();
  authorize(viewer, 'ad.report', ad);

  const values = {
    adId,
    reporterId: viewer?.id ?? null,
    reason: input.reason,
    details: clean(input.details),
  };
  const insert = db.insert(reports).values(values);
  const [row] = await (viewer
    ? insert.onConflictDoUpdate({
        target: [reports.adId, reports.reporterId],
        targetWhere: sql`status = 'open' and reporter_id is not null`,
        set: { reason: values.reason, details: values.details, updatedAt: sql`now()` },
      })
    : insert
  ).returning({
    id: reports.id,
    status: reports.status,
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    created: sql<boolean>`(xmax = 0)`,
  });
  if (!row) throw new Error('report upsert returned no row');
  return { id: row.id, status: row.status, created: Boolean(row.created) };
}
