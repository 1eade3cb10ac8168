import { AdDetailPage } from '@web/features/listings/ad-detail-page';
import { ContactSeller } from '@web/features/messages/contact-seller';
import { ReportAdDialog } from '@web/features/reports/report-ad-dialog';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** Moderator tools, on their own chunk: only moderators ever load them. */
const AdModerationBar = lazy(() => import('@web/features/admin/ad-moderation-bar'));

/**
 * /ad/{id}: the listings feature's detail page with the contact box (messages) and the report
 * dialog (reports) composed in. Features do not import each other; the app puts them together. The
 * three catalogs load at once, so nothing pops in later.
 */
export function AdDetailRoute() {
  useTranslation(['listings', 'messages', 'reports']);
  return (
    <AdDetailPage
      renderInteractions={(ad) => (
        <>
          <ContactSeller ad={ad} />
          <ReportAdDialog ad={ad} />
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
