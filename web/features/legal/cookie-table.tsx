import { SITE_COOKIES } from '@common/cookies';
import { useTranslation } from '@web/lib/use-translation';

/** Every cookie the site sets, from the list a test keeps true (common/cookies.ts). */
export function CookieTable() {
  const { t } = useTranslation('legal');
  return (
    <>
      <p className="leading-relaxed">{t('cookies.intro')}</p>
      <p className="leading-relaxed">{t('cookies.law')}</p>
      <ul className="flex flex-col gap-3" data-testid="cookie-list">
        {SITE_COOKIES.map((cookie) => (
          <li key={cookie.name} className="rounded-lg border bg-card p-4 text-sm">
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
              <dt className="text-muted-foreground">{t('cookies.name')}</dt>
              <dd>
                <code className="wrap-anywhere">{cookie.name}</code>
              </dd>
              <dt className="text-muted-foreground">{t('cookies.purpose')}</dt>
              <dd>{t(`cookies.items.${cookie.key}.purpose`)}</dd>
              <dt className="text-muted-foreground">{t('cookies.duration')}</dt>
              <dd>{t(`cookies.items.${cookie.key}.duration`)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <p className="leading-relaxed">{t('cookies.manage')}</p>
    </>
  );
}
