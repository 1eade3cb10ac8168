import type { AdDetail } from '../../common/schemas/ads';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { notFound } from '../errors';
import { authorize, can } from '../policies/policies';
import { presentDetail } from './presenters';
import { findAd, imagesOfAd } from './queries';

/**
 * The detail of an ad as this viewer may see it: 404 when the ad is unknown or hidden from them.
 * The seller's e-mail is only given to signed-in viewers.
 */
export async function loadAdDetail(
  deps: Pick<Services, 'db' | 'storage'>,
  viewer: Viewer | null,
  id: string,
): Promise<AdDetail> {
  const found = await findAd(deps.db, id);
  if (!found) throw notFound();
  authorize(viewer, 'ad.view', found.subject);
  const images = await imagesOfAd(deps.db, deps.storage, found.ad.id);
  const seller = {
    id: found.ad.userId,
    firstName: found.owner.firstName,
    lastName: found.owner.lastName,
    email: viewer ? found.owner.email : null,
  };
  return presentDetail(found.ad, images, seller, {
    edit: can(viewer, 'ad.update', found.subject),
    delete: can(viewer, 'ad.delete', found.subject),
    contact: can(viewer, 'ad.contact', found.subject),
    moderate: can(viewer, 'ad.moderate', found.subject),
    report: can(viewer, 'ad.report', found.subject),
  });
}
