import type { AccountMarks as Marks } from '@common/scam/safety';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { useTranslation } from '@web/lib/use-translation';
import { BadgeCheck, MailWarning, Sprout } from 'lucide-react';

/**
 * "Cont nou / New account" for an account younger than 30 days and, unless the page says it already,
 * whether its e-mail is verified (issue 30): on threads, ad pages and seller pages. The server decides.
 */
export function AccountMarks({
  marks,
  email = true,
  className,
}: {
  marks: Marks;
  /** Off where the page already says whether the e-mail is verified (the seller page). */
  email?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('common');
  if (!marks.newAccount && !email) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-2 text-sm', className)} data-testid="account-marks">
      {marks.newAccount && (
        <Badge
          variant="outline"
          className="border-amber-500 text-amber-900 dark:text-amber-200"
          title={t('accountMarks.newAccountTitle')}
          data-testid="new-account-badge"
        >
          <Sprout aria-hidden="true" />
          {t('accountMarks.newAccount')}
        </Badge>
      )}
      {email && (
        <span
          className={cn('flex items-center gap-1', !marks.emailVerified && 'text-muted-foreground')}
          data-testid="email-verified-mark"
        >
          {marks.emailVerified ? (
            <BadgeCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
          ) : (
            <MailWarning className="size-4 shrink-0" aria-hidden="true" />
          )}
          {t(marks.emailVerified ? 'accountMarks.emailVerified' : 'accountMarks.emailUnverified')}
        </span>
      )}
    </p>
  );
}
