import { hasLegalGuide } from '@common/legal-guide';
import { formatPrice } from '@common/price';
import type { AdDetail } from '@common/schemas/ads';
import { AfterPaint } from '@web/components/after-paint';
import { TransferDealers } from '@web/features/handovers/transfer-dealers';
import { LegalGuidePanel } from '@web/features/legal-guide/legal-guide-panel';
import { AdDetailPage } from '@web/features/listings/ad-detail-page';
import { usePageTitle } from '@web/lib/page-title';
import { useTranslation } from '@web/lib/use-translation';
import { lazy, Suspense } from 'react';

// The contact box and the report dialog bring forms, a dialog, zod and sonner (some 60 KB gzip): they
// load once the ad has painted, so that its photo (the page's largest paint) waits only for the ad
// page's own code and never shares the network or the main thread with theirs.
const ContactSeller = lazy(() =>
  import('@web/features/messages/contact-seller').then((m) => ({ default: m.ContactSeller })),
);
const ReportAdDialog = lazy(() =>
  import('@web/features/reports/report-ad-dialog').then((m) => ({ default: m.ReportAdDialog })),
);
/** Issue 28: "Fă o ofertă" for buyers, the reservation and the sale to a buyer for the owner. */
const OfferBox = lazy(() => import('@web/features/deals/offer-box').then((m) => ({ default: m.OfferBox })));
/** Moderator tools, on their own chunk: only moderators ever load them. */
const AdModerationBar = lazy(() => import('@web/features/admin/ad-moderation-bar'));

/**
 * /ad/{id}: the listings feature's detail page with the contact box (messages) and the report
 * dialog (reports) composed in. Features do not import each other; the app puts them together. The
 * three catalogs load at once, so no text pops in later; the contact box and the report button come
 * together, at the end of the side column.
 */
export function AdDetailRoute() {
  useTranslation(['listings', 'messages', 'reports', 'legalGuide', 'handovers']);
  return (
    <AdDetailPage
      renderInteractions={(ad) => (
        <>
          <AdTitle ad={ad} />
          {/* Issue 29: rendered with the page (not after paint): the legal path is part of the ad. */}
          <LegalGuidePanel legalCategory={ad.legalCategory} />
          {/* The dealers near the seller who can take the weapon through the transfer; their list loads in the browser. */}
          {hasLegalGuide(ad.legalCategory) && ad.county && <TransferDealers sellerCounty={ad.county} />}
          <AfterPaint>
            <Suspense fallback={null}>
              <OfferBox ad={ad} />
              <ContactSeller ad={ad} />
              <ReportAdDialog ad={ad} />
            </Suspense>
          </AfterPaint>
          {ad.can.moderate && (
            <Suspense fallback={null}>
              <AdModerationBar ad={ad} />
            </Suspense>
          )}
        </>
      )}
    />
  );
}

/** The tab names the ad as the server's page does ("Glock 17 — 3.900 RON | ArmaMarket"). */
function AdTitle({ ad }: { ad: AdDetail }) {
  const { i18n } = useTranslation();
  usePageTitle(`${ad.title} — ${formatPrice(ad.price, i18n.language)}`);
  return null;
}
