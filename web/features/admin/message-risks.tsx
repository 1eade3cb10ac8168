import type { MessageRiskCounts } from '@common/scam/safety';
import { formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';

/**
 * What an account's risky messages add up to (issue 30): each rule they triggered with its count,
 * the messages, the different people who received them and the newest. `title` names the span.
 */
export function MessageRisks({ counts, title }: { counts: MessageRiskCounts; title: string }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-1 rounded-md bg-amber-50 p-2 text-sm text-amber-950"
    >
      <p className="font-medium">{title}</p>
      <p>
        {t('risks.messages', { count: counts.messages })} ·{' '}
        {t('risks.recipients', { count: counts.recipients })} ·{' '}
        {t('risks.last', { time: formatRelativeTime(counts.lastAt, i18n.language) })}
      </p>
      <ul className="flex flex-wrap gap-x-3 gap-y-1">
        {counts.rules.map(({ rule, messages }) => (
          <li key={rule}>{t('risks.ruleCount', { rule: t(`risks.rules.${rule}`), count: messages })}</li>
        ))}
      </ul>
    </section>
  );
}
