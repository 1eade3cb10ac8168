import { desc, eq, inArray, sql } from 'drizzle-orm';
import { type AdValues, changedFields } from '../../common/ad-edit';
import type { LegalCategory } from '../../common/legal';
import {
  ADMIN_PAGE_SIZE,
  type ModeratedAd,
  type QueuePage,
  type QueueView,
} from '../../common/schemas/admin';
import type { AdImage } from '../../common/schemas/ads';
import type { AdStatus } from '../../common/values';
import { presentImage } from '../ads/presenters';
import { adValueColumns, firstImages } from '../ads/queries';
import { type Database, queryRows } from '../db/client';
import { adDeclarations, adImages, adRevisions, ads } from '../db/schema/ads';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { reusedPhotosOf } from '../scam/photo-matching';
import type { Storage } from '../storage/storage';
import { decodePageCursor, pageOf } from './page-cursor';

/** The status each list of the queue shows, of ads and of the pending edits of published ads. */
const VIEW_STATUS: Record<QueueView, 'pending' | 'needs_changes'> = {
  waiting: 'pending',
  seller: 'needs_changes',
};

/**
 * Every entry of the queue, of owners whose account is active: new ads in review (by creation), and
 * the edits of published ads (by submission). An ad is in at most one of the two: it has an edit
 * only while it is published.
 */
const entries = sql`
  select 'ad' as kind, a.id, a.created_at as at, a.status from ads a
  join profiles p on p.id = a.user_id
  where a.status in ('pending', 'needs_changes') and p.is_active
  union all
  select 'revision' as kind, r.ad_id as id, r.submitted_at as at, r.status from ad_revisions r
  join ads a on a.id = r.ad_id join profiles p on p.id = a.user_id
  where a.status = 'approved' and p.is_active`;

type Entry = { kind: 'ad' | 'revision'; id: string; at: Date | string };

/**
 * The moderation queue (issue 26): `waiting` lists what a moderator decides now, oldest first;
 * `seller` what was sent back for changes and waits on its seller, counted apart.
 */
export async function listQueue(
  db: Database,
  storage: Storage,
  view: QueueView,
  cursorText?: string,
): Promise<QueuePage> {
  const cursor = decodePageCursor(cursorText, { uuid: true });
  const after = cursor ? sql`and (at, id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;
  const [rows, [counts]] = await Promise.all([
    queryRows<Entry>(
      db,
      sql`select kind, id, at from (${entries}) q where status = ${VIEW_STATUS[view]} ${after}
          order by at, id limit ${ADMIN_PAGE_SIZE + 1}`,
    ),
    queryRows<{ waiting: number; seller: number }>(
      db,
      sql`select (count(*) filter (where status = 'pending'))::int as waiting,
                 (count(*) filter (where status = 'needs_changes'))::int as seller
          from (${entries}) q`,
    ),
  ]);
  const page = pageOf(rows, ADMIN_PAGE_SIZE, (row) => ({ at: new Date(row.at), id: row.id }));
  return {
    items: await presentEntries(db, storage, page.items),
    nextCursor: page.nextCursor,
    total: Number(counts?.waiting ?? 0),
    sellerTotal: Number(counts?.seller ?? 0),
  };
}

async function presentEntries(db: Database, storage: Storage, entries: Entry[]): Promise<ModeratedAd[]> {
  const ids = entries.map((entry) => entry.id);
  if (ids.length === 0) return [];
  const revisionIds = entries.filter((entry) => entry.kind === 'revision').map((entry) => entry.id);
  const [adRows, revisions, images, declarations, adImageIds, reused] = await Promise.all([
    db
      .select({
        ...adValueColumns,
        id: ads.id,
        status: ads.status,
        featured: ads.featured,
        moderationReason: ads.moderationReason,
        createdAt: ads.createdAt,
        updatedAt: ads.updatedAt,
        sellerId: ads.userId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        email: user.email,
      })
      .from(ads)
      .innerJoin(profiles, eq(profiles.id, ads.userId))
      .innerJoin(user, eq(user.id, ads.userId))
      .where(inArray(ads.id, ids)),
    revisionIds.length
      ? db.select().from(adRevisions).where(inArray(adRevisions.adId, revisionIds))
      : Promise.resolve([]),
    firstImages(db, storage, ids),
    latestDeclarations(db, ids),
    imageIdsOf(db, revisionIds),
    reusedPhotosOf(db, ids),
  ]);
  const byId = new Map(adRows.map((row) => [row.id, row]));
  const revisionOf = new Map(revisions.map((row) => [row.adId, row]));
  const revisionImages = await imagesById(
    db,
    storage,
    revisions.flatMap((revision) => revision.imageIds.slice(0, 1)),
  );
  return entries.flatMap((entry): ModeratedAd[] => {
    const row = byId.get(entry.id);
    if (!row) return [];
    const base = {
      id: row.id,
      featured: row.featured,
      createdAt: row.createdAt.toISOString(),
      seller: { id: row.sellerId, firstName: row.firstName, lastName: row.lastName, email: row.email },
      declaration: declarations.get(row.id) ?? null,
      reusedPhotos: reused.get(row.id) ?? [],
    };
    const revision = revisionOf.get(entry.id);
    if (entry.kind === 'revision' && revision) {
      const before = { ...row, price: Number(row.price), imageIds: adImageIds.get(row.id) ?? [] };
      const after = { ...revision.fields, imageIds: revision.imageIds };
      return [
        {
          ...base,
          kind: 'revision',
          title: revision.fields.title,
          price: Number(revision.fields.price),
          status: revision.status as AdStatus,
          moderationReason: revision.moderationReason,
          submittedAt: revision.submittedAt.toISOString(),
          image: revisionImages.get(revision.imageIds[0] ?? '') ?? images.get(row.id) ?? null,
          legalCategory: revision.fields.legalCategory as LegalCategory,
          changes: diffOf(before, after),
        },
      ];
    }
    return [
      {
        ...base,
        kind: 'ad',
        title: row.title,
        price: Number(row.price),
        status: row.status as AdStatus,
        moderationReason: row.moderationReason,
        submittedAt: row.updatedAt.toISOString(),
        image: images.get(row.id) ?? null,
        legalCategory: row.legalCategory as LegalCategory,
        changes: null,
      },
    ];
  });
}

type Versioned = AdValues & { imageIds: readonly string[] };

/** What the edit changes, field by field; the photos as their count (their order may change too). */
function diffOf(before: Versioned, after: Versioned): NonNullable<ModeratedAd['changes']> {
  return changedFields(before, after).map((field) =>
    field === 'images'
      ? { field, before: before.imageIds.length, after: after.imageIds.length }
      : { field, before: before[field] ?? null, after: after[field] ?? null },
  );
}

/** The image ids of each published ad, in order (the "before" of an edit's photos). */
async function imageIdsOf(db: Database, adIds: string[]): Promise<Map<string, string[]>> {
  if (adIds.length === 0) return new Map();
  const rows = await db
    .select({ adId: adImages.adId, id: adImages.id })
    .from(adImages)
    .where(inArray(adImages.adId, adIds))
    .orderBy(adImages.adId, adImages.position, adImages.createdAt);
  const map = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.adId) continue;
    map.set(row.adId, [...(map.get(row.adId) ?? []), row.id]);
  }
  return map;
}

async function imagesById(db: Database, storage: Storage, ids: string[]): Promise<Map<string, AdImage>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: adImages.id, storageKey: adImages.storageKey })
    .from(adImages)
    .where(inArray(adImages.id, ids));
  return new Map(rows.map((row) => [row.id, presentImage(storage, row)]));
}

/** The seller's last declaration per ad (one row per weapon submission), for the moderators. */
async function latestDeclarations(db: Database, adIds: string[]) {
  const rows = await db
    .selectDistinctOn([adDeclarations.adId], {
      adId: adDeclarations.adId,
      declaredAt: adDeclarations.declaredAt,
      clientIp: adDeclarations.clientIp,
      version: adDeclarations.version,
    })
    .from(adDeclarations)
    .where(inArray(adDeclarations.adId, adIds))
    .orderBy(adDeclarations.adId, desc(adDeclarations.declaredAt));
  return new Map(
    rows.map((row) => [
      row.adId,
      { declaredAt: row.declaredAt.toISOString(), clientIp: row.clientIp, version: row.version },
    ]),
  );
}
