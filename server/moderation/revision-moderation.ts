import { eq } from 'drizzle-orm';
import {
  type AdModerationResult,
  type AdTransition,
  canDecideRevision,
  type ModerationActionName,
  type RevisionStatus,
} from '../../common/schemas/admin';
import { applyRevision, deleteImages, type ReleasedImage } from '../ads/commands';
import { queueAdMatching } from '../alerts/matching';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { adRevisions } from '../db/schema/ads';
import { invalidTransition, lockAd } from './ad-moderation';
import { recordAction } from './audit';
import { queueDecisionMail } from './decision-mail';

type Deps = Pick<Services, 'db' | 'queue' | 'config' | 'storage' | 'logger'>;

const ACTION: Record<AdTransition, ModerationActionName> = {
  approve: 'ad.revision_approve',
  reject: 'ad.revision_reject',
  requestChanges: 'ad.revision_request_changes',
};

/**
 * Decides the pending edit of a published ad (issue 26); the ad stays public throughout. Approve
 * copies the edit onto the ad (its page, the lists and the search index follow its row), reject
 * drops it, request-changes sends it back to the seller with the reason. 409 when the ad has no
 * such edit, or the edit's state does not allow the decision (REVISION_TRANSITIONS). The audit row
 * and the owner's mail are written in the same transaction.
 */
export async function decideRevision(
  deps: Deps,
  actor: Viewer,
  adId: string,
  transition: AdTransition,
  reason: string | null,
): Promise<AdModerationResult> {
  const { result, released } = await deps.db.transaction(async (tx) => {
    const ad = await lockAd(tx, adId);
    const [revision] = await tx.select().from(adRevisions).where(eq(adRevisions.adId, ad.id)).for('update');
    if (
      !revision ||
      ad.status !== 'approved' ||
      !canDecideRevision(transition, revision.status as RevisionStatus)
    ) {
      throw invalidTransition();
    }
    let released: ReleasedImage[] = [];
    if (transition === 'approve') {
      released = await applyRevision(tx, deps.queue, ad, revision);
      // Saved searches: the ad's new version may match searches the old one did not.
      await queueAdMatching(deps.queue, tx, ad.id);
    } else if (transition === 'reject') {
      await tx.delete(adRevisions).where(eq(adRevisions.adId, ad.id));
    } else {
      await tx
        .update(adRevisions)
        .set({ status: 'needs_changes', moderationReason: reason })
        .where(eq(adRevisions.adId, ad.id));
    }
    const title = transition === 'approve' ? revision.fields.title : ad.title;
    const audit = await recordAction(tx, actor, {
      action: ACTION[transition],
      targetType: 'ad',
      targetId: ad.id,
      targetLabel: title,
      reason,
      statusBefore: ad.status,
      statusAfter: ad.status,
    });
    await queueDecisionMail(deps, tx, {
      auditId: audit.id,
      adId: ad.id,
      adTitle: title,
      ownerId: ad.userId,
      status: { revision: transition },
      reason,
    });
    const result: AdModerationResult = {
      id: ad.id,
      status: ad.status,
      featured: ad.featured,
      moderationReason: ad.moderationReason,
    };
    return { result, released };
  });
  await deleteImages(deps, released);
  return result;
}
