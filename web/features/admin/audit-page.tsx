import type { AuditEntry } from '@common/schemas/admin';
import { useAuth } from '@web/lib/auth';
import { formatRelativeTime } from '@web/lib/format';
import { useTranslation } from '@web/lib/use-translation';
import { ArrowRight } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { useAudit } from './admin-api';
import { ListState, Pager } from './list-states';

/** The Audit Log tab is admin.super's; a moderator who types the address lands on the queue. */
export function AuditRoute() {
  const { user } = useAuth();
  if (user?.role !== 'admin.super') return <Navigate to="/admin" replace />;
  return <AuditPage />;
}

/** The audit trail (admin.super): every moderation action, newest first, never edited. */
function AuditPage() {
  const { t } = useTranslation('admin');
  const paged = useAudit();
  const { query } = paged;
  const entries = query.data?.items ?? [];
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="audit-heading" className="text-xl font-semibold">
          {t('tabs.audit')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('audit.intro')}</p>
      </div>
      <ListState query={query} empty={t('audit.empty')} isEmpty={entries.length === 0} />
      {entries.length > 0 && (
        <ol className="flex flex-col divide-y rounded-lg border bg-card">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <Pager paged={paged} />
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('admin');
  const label = entry.targetLabel ?? entry.targetId;
  const state = (value: string | null) =>
    value === null ? '—' : t(`auditStates.${value}`, { defaultValue: value });
  return (
    <li className="flex flex-col gap-1.5 p-3 text-sm sm:p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold">{t(`auditActions.${entry.action}`)}</p>
        <time
          dateTime={entry.createdAt}
          title={new Date(entry.createdAt).toLocaleString(i18n.language)}
          className="text-xs text-muted-foreground"
        >
          {formatRelativeTime(entry.createdAt, i18n.language)}
        </time>
      </div>
      <p className="break-words">
        {entry.targetType === 'ad' ? (
          <Link
            to={`/ad/${entry.targetId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {label}
          </Link>
        ) : (
          <span className="font-medium">{label}</span>
        )}
      </p>
      <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <span>{state(entry.statusBefore)}</span>
        <ArrowRight className="size-3" aria-label={t('audit.became')} />
        <span>{state(entry.statusAfter)}</span>
        <span aria-hidden="true">·</span>
        <span className="break-all">{t('audit.by', { who: entry.actorEmail })}</span>
      </p>
      {entry.declaration && (
        <p className="break-words" data-testid="audit-declaration">
          {t('audit.declaration', {
            version: entry.declaration.version,
            time: new Date(entry.declaration.declaredAt).toLocaleString(i18n.language),
            ip: entry.declaration.clientIp,
          })}
        </p>
      )}
      {entry.reason && (
        <p className="break-words">
          <span className="font-medium">{t('audit.reason')}</span> {entry.reason}
        </p>
      )}
    </li>
  );
}
