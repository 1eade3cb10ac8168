import type { LegalPageKey } from '@common/legal-pages';
import { usePageTitle } from '@web/lib/page-title';
import { useTranslation } from '@web/lib/use-translation';
import { ContactDetails } from './contact-details';
import { CookieTable } from './cookie-table';
import { useLegalInfo } from './legal-api';
import { OperatorDetails, operatorValues } from './operator-details';

type Section = { h: string } & Record<string, string>;

/**
 * /termeni, /confidentialitate, /contact and /cookies: rendered on the server (server/seo/pages.ts),
 * indexable, in the page's language. The texts are the `legal` catalog's; the operator's details
 * come from the server's configuration (GET /api/legal).
 */
export function LegalPage({ page }: { page: LegalPageKey }) {
  const { t } = useTranslation('legal');
  const info = useLegalInfo();
  const operator = info.data?.operator;
  usePageTitle(t(`${page}.title`));
  const values = operatorValues(operator, t('notConfigured'));
  const version =
    page === 'terms' ? info.data?.versions.terms : page === 'privacy' ? info.data?.versions.privacy : null;
  const sections =
    page === 'terms' || page === 'privacy'
      ? Object.entries(t(`${page}.sections`, { returnObjects: true, ...values }) as Record<string, Section>)
      : [];
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-5" data-testid={`legal-${page}`}>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{t(`${page}.title`)}</h1>
        {version && <p className="text-sm text-muted-foreground">{t('version', { version })}</p>}
      </header>
      {page === 'contact' && <ContactDetails operator={operator} />}
      {page === 'cookies' && <CookieTable />}
      {sections.map(([key, section]) => (
        <section key={key} className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">{section.h}</h2>
          {Object.entries(section)
            .filter(([name]) => name !== 'h')
            .map(([name, text]) => (
              <p key={name} className="leading-relaxed">
                {text}
              </p>
            ))}
        </section>
      ))}
      {page !== 'contact' && <OperatorDetails operator={operator} />}
      <p className="text-xs text-muted-foreground">{t('draft')}</p>
    </article>
  );
}

export const TermsPage = () => <LegalPage page="terms" />;
export const PrivacyPage = () => <LegalPage page="privacy" />;
export const ContactPage = () => <LegalPage page="contact" />;
export const CookiesPage = () => <LegalPage page="cookies" />;
