import type { AdDetail } from '../../common/schemas/ads';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { dealerNameOf } from '../dealers/dealers';
import { notFound } from '../errors';
import { can } from '../policies/policies';
import { AdGoneError, availabilityOf } from './gone';
import { presentDetail } from './presenters';
import { findAd, imagesOfAd } from './queries';

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
  if (availability.kind === 'gone') throw new AdGoneError(availability.gone);
  const { found } = availability;
  const [images, dealerName] = await Promise.all([
    imagesOfAd(deps.db, deps.storage, found.ad.id),
    found.ad.sellerDealer ? dealerNameOf(deps.db, found.ad.userId) : null,
  ]);
  const seller = {
    id: found.ad.userId,
    firstName: found.owner.firstName,
    lastName: found.owner.lastName,
    email: viewer ? found.owner.email : null,
    dealerName,
  };
  return presentDetail(found.ad, images, seller, {
    edit: can(viewer, 'ad.update', found.subject),
    delete: can(viewer, 'ad.delete', found.subject),
    renew: can(viewer, 'ad.renew', found.subject),
    markSold: can(viewer, 'ad.markSold', found.subject),
    contact: can(viewer, 'ad.contact', found.subject),
    moderate: can(viewer, 'ad.moderate', found.subject),
    report: can(viewer, 'ad.report', found.subject),
  });
}
