import type { LegalInfo } from '@common/schemas/legal';
import { useTranslation } from '@web/lib/use-translation';
import { Link } from 'react-router';
import { OperatorDetails } from './operator-details';

export function ContactDetails({ operator }: { operator: LegalInfo['operator'] | undefined }) {
  const { t } = useTranslation('legal');
  return (
    <>
      <p className="leading-relaxed">{t('contact.intro')}</p>
      {operator?.email && (
        <p>
          <a
            href={`mailto:${operator.email}`}
            className="inline-flex min-h-11 items-center rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground"
          >
            {t('contact.writeUs')}: {operator.email}
          </a>
        </p>
      )}
      <OperatorDetails operator={operator} />
      <ul className="flex list-disc flex-col gap-2 pl-5">
        <li>{t('contact.reportHint')}</li>
        <li>
          <Link to="/dashboard/settings" className="text-primary underline underline-offset-4">
            {t('contact.dataHint')}
          </Link>
        </li>
        <li>{t('contact.authority')}</li>
      </ul>
    </>
  );
}
