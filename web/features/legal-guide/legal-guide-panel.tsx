import type { LegalCategory } from '@common/legal';
import { GUIDE_SOURCES, type GuideCategory, hasLegalGuide, LEGAL_GUIDE } from '@common/legal-guide';
import { cn } from '@web/lib/cn';
import { useTranslation } from '@web/lib/use-translation';
import { ChevronDown, ExternalLink, Landmark } from 'lucide-react';
import { type ReactNode, useId } from 'react';

type LegalGuidePanelProps = {
  legalCategory: LegalCategory;
  /**
   * `buyer` on the ad page: who may buy first. `seller` (My Listings, a sold weapon): what the seller
   * must still do comes first, under a title that says so.
   */
  perspective?: 'buyer' | 'seller';
  /** The panel's heading level where it sits (2 on the ad page, 3 under a listing's own heading). */
  level?: 2 | 3;
  className?: string;
};

/**
 * "Cum se cumpără legal": the guide of common/legal-guide.ts for the ad's legal category. A native
 * <details> keeps it collapsible without script: it works before hydration, the server renders the whole
 * text into the page (search engines and readers of the raw HTML get it), and Enter or Space on the
 * summary toggles it. Accessories and optics need no authorisation: nothing is rendered for them.
 */
export function LegalGuidePanel({
  legalCategory,
  perspective = 'buyer',
  level = 2,
  className,
}: LegalGuidePanelProps) {
  const { t } = useTranslation('legalGuide');
  const uid = useId();
  if (!hasLegalGuide(legalCategory)) return null;
  const category: GuideCategory = legalCategory;
  const guide = LEGAL_GUIDE[category];
  const seller = perspective === 'seller';
  // Several sold weapons can each show one in My Listings: ids stay unique on the page.
  const headingId = `legal-guide-${uid}`;
  const Heading = level === 2 ? 'h2' : 'h3';
  const sectionLevel = level === 2 ? 3 : 4;

  const afterSale = (
    <GuideSection level={sectionLevel} key="afterSale" title={t('sections.afterSale')}>
      <ul className="list-disc space-y-1 pl-5">
        {guide.afterSale.map((id) => (
          <li key={id}>{t(`afterSale.${id}`)}</li>
        ))}
      </ul>
    </GuideSection>
  );
  const buyerSections = [
    <GuideSection level={sectionLevel} key="who" title={t('sections.who')}>
      <ul className="list-disc space-y-1 pl-5">
        {guide.who.map((id) => (
          <li key={id}>{t(`who.${id}`)}</li>
        ))}
      </ul>
    </GuideSection>,
    <GuideSection level={sectionLevel} key="documents" title={t('sections.documents')}>
      <p>{t(category === 'non-lethal' ? 'documents.introNonLethal' : 'documents.intro')}</p>
      <ul className="list-disc space-y-1 pl-5">
        {guide.documents.map((id) => (
          <li key={id}>{t(`documents.${id}`)}</li>
        ))}
      </ul>
    </GuideSection>,
    <GuideSection level={sectionLevel} key="timeCost" title={t('sections.timeCost')}>
      {guide.timeCost.map((id) => (
        <p key={id}>{t(`timeCost.${id}`)}</p>
      ))}
    </GuideSection>,
    <GuideSection level={sectionLevel} key="steps" title={t('sections.steps')}>
      <ol className="list-decimal space-y-1 pl-5">
        {guide.steps.map((id) => (
          <li key={id}>{t(`steps.${id}`)}</li>
        ))}
      </ol>
    </GuideSection>,
  ];

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-lg border bg-card text-sm', className)}
      data-testid="legal-guide"
      data-legal-category={category}
    >
      <details className="group">
        {/* The summary is the button: a tap target of at least 44 px, the heading inside it named for the region. */}
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-lg p-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
          <Landmark className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <Heading id={headingId} className="flex-1 text-base">
            {t(seller ? 'sellerTitle' : 'title')}
          </Heading>
          <ChevronDown
            className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            aria-hidden="true"
          />
        </summary>
        <div className="flex flex-col gap-4 border-t px-4 pt-3 pb-4">
          <p>{t(`intro.${category}`)}</p>
          {seller ? [afterSale, ...buyerSections] : [...buyerSections, afterSale]}
          <GuideSection level={sectionLevel} title={t('sections.sources')}>
            <ul className="space-y-1">
              {guide.sources.map((id) => (
                <li key={id}>
                  <a
                    href={GUIDE_SOURCES[id]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline underline-offset-4"
                  >
                    {t(`sources.${id}`)}
                    {/* Inline, so the icon follows the last word when the name wraps. */}
                    <ExternalLink className="ml-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
                  </a>
                </li>
              ))}
            </ul>
          </GuideSection>
          <p className="text-xs text-muted-foreground">{t('disclaimer')}</p>
        </div>
      </details>
    </section>
  );
}

function GuideSection({ title, level, children }: { title: string; level: 3 | 4; children: ReactNode }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className="flex flex-col gap-1.5">
      <Heading className="font-semibold">{title}</Heading>
      {children}
    </div>
  );
}
