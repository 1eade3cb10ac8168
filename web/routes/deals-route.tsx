import { DealsPage } from '@web/features/deals/deals-page';
import { LegalGuidePanel } from '@web/features/legal-guide/legal-guide-panel';
import { useTranslation } from 'react-i18next';

/**
 * Dashboard › Tranzacții: the deals feature's page with, in each weapon's deal, the legal guide
 * (issue 29): the seller's steps first for the seller, the buyer's for the buyer.
 */
export function DealsRoute() {
  useTranslation(['deals', 'legalGuide']);
  return (
    <DealsPage
      renderGuide={(deal) =>
        deal.legalCategory && (
          <LegalGuidePanel legalCategory={deal.legalCategory} perspective={deal.role} level={3} />
        )
      }
    />
  );
}
