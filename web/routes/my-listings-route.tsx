import { MyListingsPage } from '@web/features/dashboard/my-listings-page';
import { SellDialog } from '@web/features/deals/sell-dialog';
import { LegalGuidePanel } from '@web/features/legal-guide/legal-guide-panel';
import { useTranslation } from '@web/lib/use-translation';

/**
 * Dashboard › My Listings, whose "Marchează ca vândut" asks to whom (the deals feature, issue 28), and
 * under a sold weapon the legal guide with the seller's steps first (issue 29; nothing for accessories).
 */
export function MyListingsRoute() {
  useTranslation(['dashboard', 'deals', 'legalGuide']);
  return (
    <MyListingsPage
      renderSell={(ad, onClose) => <SellDialog adId={ad.id} title={ad.title} open onClose={onClose} />}
      renderSoldGuide={(ad) => (
        <LegalGuidePanel legalCategory={ad.legalCategory} perspective="seller" level={3} />
      )}
    />
  );
}
