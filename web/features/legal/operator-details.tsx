import type { LegalInfo } from '@common/schemas/legal';
import { useTranslation } from '@web/lib/use-translation';

/** The operator's identification, as Legea 365/2002 art. 5 asks a service provider to show. */
export function OperatorDetails({ operator }: { operator: LegalInfo['operator'] | undefined }) {
  const { t } = useTranslation('legal');
  const value = (text: string | null | undefined) => text ?? t('notConfigured');
  const rows = [
    ['name', value(operator?.name)],
    ['cui', value(operator?.cui)],
    ['address', value(operator?.address)],
    ['email', value(operator?.email)],
  ] as const;
  return (
    <section aria-labelledby="operator-title" className="rounded-lg border bg-card p-4">
      <h2 id="operator-title" className="mb-2 text-base font-semibold">
        {t('operator.title')}
      </h2>
      <dl
        className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]"
        data-testid="operator-details"
      >
        {rows.map(([key, text]) => (
          <div key={key} className="contents">
            <dt className="text-muted-foreground">{t(`operator.${key}`)}</dt>
            <dd className="wrap-anywhere">
              {key === 'email' && operator?.email ? <a href={`mailto:${operator.email}`}>{text}</a> : text}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The operator's details as the texts' {{placeholders}}, each named as missing when not configured. */
export function operatorValues(operator: LegalInfo['operator'] | undefined, missing: string) {
  return {
    operator: operator?.name ?? missing,
    cui: operator?.cui ?? missing,
    address: operator?.address ?? missing,
    email: operator?.email ?? missing,
  };
}
