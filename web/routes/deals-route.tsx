import { DealsPage } from '@web/features/deals/deals-page';
import { HandoverButton } from '@web/features/handovers/handover-dialog';
import { TransferDealers } from '@web/features/handovers/transfer-dealers';
import { LegalGuidePanel } from '@web/features/legal-guide/legal-guide-panel';
import { useTranslation } from '@web/lib/use-translation';

/**
 * Dashboard › Tranzacții: the deals feature's page with, in each weapon's deal, the legal guide
 * (issue 29): the seller's steps first for the seller, the buyer's for the buyer; under it the dealers
 * who handle the transfer near the ad, and the button asking one of them for the handover.
 */
export function DealsRoute() {
  useTranslation(['deals', 'legalGuide', 'handovers']);
  return (
    <DealsPage
      renderGuide={(deal) => (
        <>
          {deal.legalCategory && (
            <LegalGuidePanel legalCategory={deal.legalCategory} perspective={deal.role} level={3} />
          )}
          <TransferDealers sellerCounty={deal.adCounty} perspective={deal.role} level={3} />
        </>
      )}
      renderHandover={(deal) => <HandoverButton deal={deal} />}
    />
  );
}
