import type { AdDetail, AdGone } from '../../common/schemas/ads';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { dealerNameOf } from '../dealers/dealers';
import { summaryOf } from '../deals/score';
import { notFound } from '../errors';
import { can } from '../policies/policies';
import { priceHistoryOf } from '../price-drops/price-history';
import { accountMarksOf } from '../scam/account-marks';
import { displayNameOf } from '../sellers/profile';
import { AdGoneError, availabilityOf } from './gone';
import { presentDetail } from './presenters';
import { findPriceInsight } from './price-insight';
import { findAd, imagesOfAd } from './queries';
import { loadRevisionView } from './revision-view';

/**
 * The detail of an ad as this viewer may see it: 410 with the reason when it is gone (sold, expired,
 * removed), 404 when it is unknown or was never public (see gone.ts).
 * The seller's e-mail is only given to signed-in viewers.
 */
export async function loadAdDetail(
  deps: Pick<Services, 'db' | 'storage'>,
  viewer: Viewer | null,
  id: string,
): Promise<AdDetail> {
  const availability = availabilityOf(await findAd(deps.db, id), viewer);
  if (availability.kind === 'unknown') throw notFound();
  if (availability.kind === 'gone') throw new AdGoneError(await withPhoto(deps, id, availability.gone));
  const { found } = availability;
  // Issue 26: the owner's pending edit is theirs and the moderators' to see, never the public's.
  const seesRevision = can(viewer, 'ad.update', found.subject) || can(viewer, 'ad.moderate', found.subject);
  const { ad } = found;
  const [images, dealerName, revision, marks, priceInsight, priceHistory] = await Promise.all([
    imagesOfAd(deps.db, deps.storage, ad.id),
    ad.sellerDealer ? dealerNameOf(deps.db, ad.userId) : null,
    seesRevision ? loadRevisionView(deps.db, deps.storage, ad.id) : null,
    accountMarksOf(deps.db, ad.userId),
    // Issue 28: in the answer, so the server-rendered page carries it and the browser asks nothing more.
    findPriceInsight(deps.db, {
      brand: ad.brand,
      model: ad.model,
      caliberId: ad.caliberId,
      excludeAdId: ad.id,
    }),
    priceHistoryOf(deps.db, ad.id),
  ]);
  const seller = {
    id: found.ad.userId,
    displayName: displayNameOf(found.owner.firstName, found.owner.lastName),
    email: viewer ? found.owner.email : null,
    dealerName,
    rating: summaryOf(found.ad.sellerRatingCount, found.ad.sellerRatingTotal),
    ...marks,
  };
  const reserved = found.ad.reserved === true;
  const detail = presentDetail(found.ad, images, seller, revision, {
    edit: can(viewer, 'ad.update', found.subject),
    delete: can(viewer, 'ad.delete', found.subject),
    renew: can(viewer, 'ad.renew', found.subject),
    markSold: can(viewer, 'ad.markSold', found.subject),
    contact: can(viewer, 'ad.contact', found.subject),
    moderate: can(viewer, 'ad.moderate', found.subject),
    report: can(viewer, 'ad.report', found.subject),
    offer: !reserved && can(viewer, 'ad.makeOffer', found.subject),
    releaseReservation:
      reserved && found.ad.status === 'approved' && can(viewer, 'ad.manageSale', found.subject),
  });
  return { ...detail, priceInsight, priceHistory };
}

/** A gone ad that still names itself (sold) shows its first photo too. */
async function withPhoto(deps: Pick<Services, 'db' | 'storage'>, id: string, gone: AdGone): Promise<AdGone> {
  if (!gone.ad) return gone;
  const [first] = await imagesOfAd(deps.db, deps.storage, id);
  return { ...gone, ad: { ...gone.ad, image: first ?? null } };
}
