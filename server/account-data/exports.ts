import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DataExport } from '../../common/schemas/legal';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { dataExports } from '../db/schema/legal';
import { notFound, unauthorized } from '../errors';
import { enforceRateLimits } from '../http/rate-limit';
import { enqueueMail } from '../jobs/mail-job';
import { QUEUES } from '../jobs/queue';
import { authorize } from '../policies/policies';
import { accountDataMail } from './account-mail';
import { buildExportZip } from './export-data';

type Deps = Pick<Services, 'db' | 'storage' | 'logger' | 'queue' | 'config'>;

/** A ready export can be downloaded for this long, then its file is deleted. */
export const EXPORT_VALID_HOURS = 24;
/** Exports a user may ask for per day: each reads everything they have, photos included. */
export const EXPORTS_PER_DAY = 3;
export const DATA_EXPORT_PAGE = '/dashboard/settings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const exportsDir = (deps: Pick<Services, 'config'>) => path.join(deps.config.dataDir, 'exports');
const fileOf = (deps: Pick<Services, 'config'>, id: string) => path.join(exportsDir(deps), `${id}.zip`);

type ExportRow = typeof dataExports.$inferSelect;

export function presentExport(row: ExportRow, now = new Date()): DataExport {
  const expired = row.status === 'expired' || (row.expiresAt !== null && row.expiresAt <= now);
  return {
    id: row.id,
    status: expired ? 'expired' : row.status === 'ready' ? 'ready' : 'queued',
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size ?? null,
  };
}

/** Settings › "Descarcă datele mele": one export queued, its job in the same transaction. */
export async function requestExport(deps: Deps, viewer: Viewer | null): Promise<DataExport> {
  authorize(viewer, 'dataExport.create');
  await enforceRateLimits(deps.db, [
    { key: `data-export:user:${viewer.id}`, max: EXPORTS_PER_DAY, windowSeconds: 24 * 3600 },
  ]);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx.insert(dataExports).values({ userId: viewer.id }).returning();
    await deps.queue.send(tx, QUEUES.accountExport, { exportId: created!.id });
    return created!;
  });
  return presentExport(row);
}

export async function listExports(deps: Deps, viewer: Viewer | null): Promise<DataExport[]> {
  authorize(viewer, 'dataExports.list');
  const rows = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, viewer.id))
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
  return rows.map((row) => presentExport(row));
}

/** The ZIP, to its owner only, while it is valid; anything else is 404. */
export async function readExport(deps: Deps, viewer: Viewer | null, id: string): Promise<Buffer> {
  // A visitor (a mailed link opened signed out) is asked to sign in, not told it does not exist.
  if (!viewer) throw unauthorized();
  // The id column is a uuid: anything else names no export (and would fail the cast).
  if (!UUID.test(id)) throw notFound();
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  if (!row) throw notFound();
  authorize(viewer, 'dataExport.download', row);
  if (presentExport(row).status !== 'ready') throw notFound('This export is not ready or has expired');
  return readFile(fileOf(deps, row.id)).catch(() => {
    throw notFound('This export is not ready or has expired');
  });
}

/**
 * The job: builds the ZIP into DATA_DIR/exports (written aside, then renamed, so a half-written file
 * is never served), then in one transaction marks it ready for 24 hours, queues the mail that says so
 * and the job that deletes it when that time is up. A retry after a crash simply builds it again.
 */
export async function buildExport(deps: Deps, exportId: string): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  if (row?.status !== 'queued') return;
  const zip = await buildExportZip(deps, row.userId);
  await mkdir(exportsDir(deps), { recursive: true });
  const temp = path.join(exportsDir(deps), `.${exportId}.${randomUUID()}.tmp`);
  await writeFile(temp, zip);
  await rename(temp, fileOf(deps, exportId));
  const mail = await accountDataMail(
    deps,
    row.userId,
    'exportReady',
    `${deps.config.publicUrl}${DATA_EXPORT_PAGE}`,
  );
  await deps.db.transaction(async (tx) => {
    const [ready] = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        size: zip.length,
        readyAt: sql`now()`,
        expiresAt: sql`now() + make_interval(hours => ${EXPORT_VALID_HOURS})`,
      })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'queued')))
      .returning({ id: dataExports.id });
    if (!ready) return;
    if (mail) await enqueueMail(deps.queue, tx, { key: `export-ready:${exportId}`, message: mail });
    await deps.queue.send(
      tx,
      QUEUES.accountExportExpire,
      { exportId },
      { startAfter: EXPORT_VALID_HOURS * 3600, singletonKey: exportId },
    );
  });
}

/** Deletes an export's file and marks it expired (its 24 hours are up, or the account is going). */
export async function expireExport(deps: Deps, exportId: string): Promise<void> {
  await rm(fileOf(deps, exportId), { force: true });
  await deps.db.update(dataExports).set({ status: 'expired' }).where(eq(dataExports.id, exportId));
}
