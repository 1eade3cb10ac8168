import { and, eq, sql } from 'drizzle-orm';
import { LISTING_DAYS } from '../../common/lifecycle';
import {
  AD_TRANSITIONS,
  type AdModerationResult,
  type AdTransition,
  canFeature,
  canTransition,
  canUnfeature,
  type ModerationActionName,
} from '../../common/schemas/admin';
import type { AdStatus } from '../../common/values';
import { isUuid } from '../ads/cursor';
import { queueAdMatching } from '../alerts/matching';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { adRevisions, ads } from '../db/schema/ads';
import { reports } from '../db/schema/interactions';
import { AppError, notFound } from '../errors';
import { recordAction, type Tx } from './audit';
import { isDecision, queueDecisionMail } from './decision-mail';

/** What a moderation write needs: the database, and the queue its owner's mail goes to. */
export type ModerationDeps = Pick<Services, 'db' | 'queue' | 'config'>;

export const invalidTransition = () =>
  new AppError(
    409,
    'invalid_transition',
    'This ad is no longer in a state that allows this action. Reload the list.',
  );

type LockedAd = {
  /** The public price, before a revision's is applied (its price history, issue 28). */
  price: number;
  id: string;
  userId: string;
  title: string;
  status: AdStatus;
  featured: boolean;
  moderationReason: string | null;
};

/** Reads the ad and holds it until the transaction ends, so two moderators cannot both act on one state. */
export async function lockAd(tx: Tx, adId: string): Promise<LockedAd> {
  if (!isUuid(adId)) throw notFound();
  const [row] = await tx
    .select({
      id: ads.id,
      userId: ads.userId,
      title: ads.title,
      status: ads.status,
      featured: ads.featured,
      moderationReason: ads.moderationReason,
      price: ads.price,
    })
    .from(ads)
    .where(eq(ads.id, adId))
    .for('update');
  if (!row) throw notFound();
  return { ...row, status: row.status as AdStatus };
}

type Change = { status: AdStatus; featured: boolean; moderationReason: string | null };

/**
 * Writes the ad's new state and its audit row, and queues the owner's mail when the status becomes a
 * decision (approved, rejected, needs changes); returns the state as the API answers it.
 */
export async function applyAdChange(
  deps: ModerationDeps,
  tx: Tx,
  actor: Viewer,
  ad: LockedAd,
  action: ModerationActionName,
  change: Change,
  reason: string | null,
): Promise<AdModerationResult> {
  await tx
    .update(ads)
    .set({ status: change.status, featured: change.featured, moderationReason: change.moderationReason })
    .where(eq(ads.id, ad.id));
  // A published ad rejected or taken down loses the edit it had waiting (issue 26).
  if (change.status !== ad.status && change.status !== 'approved') {
    await tx.delete(adRevisions).where(eq(adRevisions.adId, ad.id));
  }
  const audit = await recordAction(tx, actor, {
    action,
    targetType: 'ad',
    targetId: ad.id,
    targetLabel: ad.title,
    reason,
    statusBefore: ad.status,
    statusAfter: change.status,
  });
  if (change.status !== ad.status && isDecision(change.status)) {
    await queueDecisionMail(deps, tx, {
      auditId: audit.id,
      adId: ad.id,
      adTitle: ad.title,
      ownerId: ad.userId,
      status: change.status,
      reason,
    });
  }
  return { id: ad.id, ...change };
}

const TRANSITION_ACTION: Record<AdTransition, ModerationActionName> = {
  approve: 'ad.approve',
  reject: 'ad.reject',
  requestChanges: 'ad.request_changes',
};

/**
 * Approve, reject or ask for changes, as AD_TRANSITIONS allows from the ad's current status (409
 * otherwise). A reason is kept on the ad for the owner to read; approval clears it. A rejected ad or
 * one sent back for changes loses its Featured mark.
 */
export async function transitionAd(
  deps: ModerationDeps,
  actor: Viewer,
  adId: string,
  transition: AdTransition,
  reason: string | null,
): Promise<AdModerationResult> {
  const rule = AD_TRANSITIONS[transition];
  return deps.db.transaction(async (tx) => {
    const ad = await lockAd(tx, adId);
    if (!canTransition(transition, ad.status)) throw invalidTransition();
    const change: Change =
      rule.to === 'approved'
        ? { status: 'approved', featured: ad.featured, moderationReason: null }
        : { status: rule.to, featured: false, moderationReason: reason };
    const result = await applyAdChange(deps, tx, actor, ad, TRANSITION_ACTION[transition], change, reason);

    // Approval starts a listing period of its own (issue 12); the reminder is for this period.
    if (rule.to === 'approved') {
      await tx
        .update(ads)
        .set({
          expiresAt: sql`now() + ${sql.raw(`interval '${LISTING_DAYS} days'`)}`,
          expiredAt: null,
          remindedAt: null,
          // Issue 26: cards and the ad page say "published" from here.
          publishedAt: sql`now()`,
        })
        .where(eq(ads.id, ad.id));
      // Saved searches (issue 11): the ad is public now; its matching is queued with the approval.
      await queueAdMatching(deps.queue, tx, ad.id);
    }
    return result;
  });
}

/** Marks an approved ad Featured (the card shows the badge), or takes the mark away. */
export async function setFeatured(
  deps: ModerationDeps,
  actor: Viewer,
  adId: string,
  featured: boolean,
): Promise<AdModerationResult> {
  return deps.db.transaction(async (tx) => {
    const ad = await lockAd(tx, adId);
    const allowed = featured ? canFeature(ad.status, ad.featured) : canUnfeature(ad.featured);
    if (!allowed) throw invalidTransition();
    return applyAdChange(
      deps,
      tx,
      actor,
      ad,
      featured ? 'ad.feature' : 'ad.unfeature',
      { status: ad.status, featured, moderationReason: ad.moderationReason },
      null,
    );
  });
}

/** Open reports of an ad become `status`, stamped with who resolved them and when; returns how many. */
export async function resolveOpenReports(
  tx: Tx,
  actor: Viewer,
  adId: string,
  status: 'dismissed' | 'actioned',
): Promise<number> {
  const resolved = await tx
    .update(reports)
    .set({ status, resolvedBy: actor.id, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(reports.adId, adId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return resolved.length;
}
