import { desc, sql } from 'drizzle-orm';
import type { AuditEntry, AuditPage, ModerationActionName } from '../../common/schemas/admin';
import { ADMIN_PAGE_SIZE } from '../../common/schemas/admin';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { moderationActions } from '../db/schema/interactions';
import { decodePageCursor, pageOf } from './page-cursor';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type AuditRecord = {
  action: ModerationActionName;
  targetType: 'ad' | 'user' | 'rating' | 'trust_report';
  targetId: string;
  targetLabel: string | null;
  reason?: string | null;
  statusBefore: string | null;
  statusAfter: string | null;
};

/**
 * Writes one row of the audit trail, inside the transaction of the change it describes, so a change
 * is never without its record. The table refuses updates and deletes (migration 0006).
 */
export async function recordAction(
  tx: Tx,
  actor: Pick<Viewer, 'id' | 'email'>,
  record: AuditRecord,
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(moderationActions)
    .values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      targetLabel: record.targetLabel,
      reason: record.reason ?? null,
      statusBefore: record.statusBefore,
      statusAfter: record.statusAfter,
    })
    .returning({ id: moderationActions.id });
  if (!row) throw new Error('audit insert returned no row');
  return row;
}

/** The audit trail, newest first, one keyset page at a time. */
export async function listAudit(db: Database, cursorText: string | undefined): Promise<AuditPage> {
  const cursor = decodePageCursor(cursorText, { uuid: true });
  const rows = await db
    .select()
    .from(moderationActions)
    .where(
      cursor
        ? sql`(${moderationActions.createdAt}, ${moderationActions.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows, ADMIN_PAGE_SIZE, (row) => ({ at: row.createdAt, id: row.id }));
  return {
    items: page.items.map(
      (row): AuditEntry => ({
        id: row.id,
        actorId: row.actorId,
        actorEmail: row.actorEmail,
        action: row.action as AuditEntry['action'],
        targetType: row.targetType as AuditEntry['targetType'],
        targetId: row.targetId,
        targetLabel: row.targetLabel,
        reason: row.action === 'ad.declare' ? null : row.reason,
        statusBefore: row.statusBefore,
        statusAfter: row.statusAfter,
        createdAt: row.createdAt.toISOString(),
        declaration: row.action === 'ad.declare' ? declarationOf(row.reason, row.createdAt) : null,
      }),
    ),
    nextCursor: page.nextCursor,
  };
}

/**
 * A declaration's audit row keeps "version, address" in its reason (server/ads/commands.ts), written
 * with the ad_declarations row in one transaction, so the row's time is the declaration's. The log
 * shows it as a declaration (issue 26), never as a moderator's reason. The address comes last and
 * holds no comma (IPv4 or IPv6).
 */
function declarationOf(reason: string | null, at: Date): AuditEntry['declaration'] {
  const cut = reason?.lastIndexOf(', ') ?? -1;
  if (!reason || cut < 0) return { version: reason ?? '', declaredAt: at.toISOString(), clientIp: '' };
  return { version: reason.slice(0, cut), declaredAt: at.toISOString(), clientIp: reason.slice(cut + 2) };
}
