import { eq, inArray } from 'drizzle-orm';
import type { AdDetail } from '../../common/schemas/ads';
import type { Database } from '../db/client';
import { adImages, adRevisions } from '../db/schema/ads';
import type { Storage } from '../storage/storage';
import { presentImage } from './presenters';

/**
 * The owner's edit of a published ad as its owner and the moderators see it (issue 26): its values
 * and its images in order (new uploads among them are not on the ad yet). Null when there is none.
 */
export async function loadRevisionView(
  db: Database,
  storage: Storage,
  adId: string,
): Promise<AdDetail['revision']> {
  const [revision] = await db.select().from(adRevisions).where(eq(adRevisions.adId, adId)).limit(1);
  if (!revision) return null;
  const rows = revision.imageIds.length
    ? await db
        .select({ id: adImages.id, storageKey: adImages.storageKey })
        .from(adImages)
        .where(inArray(adImages.id, revision.imageIds))
    : [];
  const byId = new Map(rows.map((row) => [row.id, presentImage(storage, row)]));
  return {
    status: revision.status as 'pending' | 'needs_changes',
    moderationReason: revision.moderationReason,
    submittedAt: revision.submittedAt.toISOString(),
    // The values were checked by the ad form's schema before they were stored.
    values: revision.fields as NonNullable<AdDetail['revision']>['values'],
    images: revision.imageIds.flatMap((id) => byId.get(id) ?? []),
  };
}
