import type { GoneReason } from '../../common/lifecycle';
import type { AdGone } from '../../common/schemas/ads';
import type { Category } from '../../common/values';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { can } from '../policies/policies';
import { type FoundAd, findAd } from './queries';

/**
 * Whether an ad page exists for this viewer, and if not, why: the one place that decides it, for
 * the API (200, 410 or 404) and for the server-rendered pages (issue 13), so both say the same.
 * - visible: the viewer may see it (listed, sold in the last 30 days, or their own / a moderator);
 * - gone: it was public and is not any more: sold (after 30 days), expired, or removed by a moderator
 *   (rejected or taken down, or its owner's account deactivated);
 * - unknown: never public (still in review, or rejected at its first review: issue 26) or no such
 *   ad: 404, saying nothing more, so an id never tells that its ad existed.
 */
export type AdAvailability =
  | { kind: 'visible'; found: FoundAd }
  | { kind: 'gone'; gone: AdGone }
  | { kind: 'unknown' };

const GONE_MESSAGES: Record<GoneReason, string> = {
  sold: 'This ad was sold',
  expired: 'This ad has expired',
  removed: 'This ad was removed by a moderator',
};

export function availabilityOf(found: FoundAd | null, viewer: Viewer | null): AdAvailability {
  if (!found) return { kind: 'unknown' };
  if (can(viewer, 'ad.view', found.subject)) return { kind: 'visible', found };
  if (!found.ad.firstApprovedAt) return { kind: 'unknown' };
  const reason = goneReason(found);
  if (!reason) return { kind: 'unknown' };
  const since =
    reason === 'sold'
      ? found.ad.soldAt
      : reason === 'expired'
        ? (found.ad.expiredAt ?? found.ad.expiresAt)
        : null;
  return {
    kind: 'gone',
    gone: {
      code: 'gone',
      message: GONE_MESSAGES[reason],
      reason,
      since: since ? new Date(since).toISOString() : null,
      // The caliber's id, which browse filters on (issue 26): its text ('9mm') browse would ignore.
      similar: { category: found.ad.category as Category, caliber: found.ad.caliberId },
      // A sale is no fault of the ad: its page still names it. detail.ts adds the photo.
      ad: reason === 'sold' ? { title: found.ad.title, image: null } : null,
    },
  };
}

function goneReason(found: FoundAd): GoneReason | null {
  const { status, ownerActive } = found.subject;
  if (status === 'pending' || status === 'needs_changes') return null;
  if (status === 'rejected' || !ownerActive) return 'removed';
  if (status === 'sold') return 'sold';
  if (status === 'expired') return 'expired';
  return null;
}

/** The lookup by id, for callers that have not read the ad yet (the server-rendered pages). */
export async function lookupAdAvailability(
  db: Database,
  id: string,
  viewer: Viewer | null,
): Promise<AdAvailability> {
  return availabilityOf(await findAd(db, id), viewer);
}

/** 410 with the reason and the similar-ads hint in the error body. */
export class AdGoneError extends AppError {
  constructor(readonly gone: AdGone) {
    super(410, 'gone', gone.message);
  }
}
