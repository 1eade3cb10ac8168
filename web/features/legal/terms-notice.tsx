import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { notify } from '@web/lib/notify';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { Link } from 'react-router';
import { acceptTerms, legalKeys, useLegalStatus } from './legal-api';

/**
 * Asks a signed-in user, once, to accept terms newer than the ones they accepted (issue 31), or, for
 * an account from before registration asked it, to confirm being 18 or older. A notice under the top
 * bar rather than a dialog: the site stays usable, and reading the terms is one link away.
 */
export function TermsNotice() {
  const { t } = useTranslation('legal');
  const { user } = useAuth();
  const status = useLegalStatus(user !== null);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!user || !status.data?.mustAccept) return null;
  const { current, accepted } = status.data;
  const accept = async () => {
    setBusy(true);
    try {
      const next = await acceptTerms({ termsVersion: current.terms, privacyVersion: current.privacy });
      queryClient.setQueryData(legalKeys.status, next);
      notify({ type: 'success', title: t('accept.done') });
    } catch {
      await queryClient.invalidateQueries({ queryKey: legalKeys.status });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="terms-notice-title"
      className="border-b border-primary/30 bg-primary/5"
      data-testid="terms-notice"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-3 py-3 sm:flex-row sm:items-center sm:px-4">
        <div className="flex-1 text-sm">
          <h2 id="terms-notice-title" className="font-semibold">
            {t('accept.title')}
          </h2>
          <p>
            {accepted.adult === null
              ? t('accept.bodyFirst', { version: current.terms })
              : t('accept.body', { version: current.terms })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/termeni">{t('accept.read')}</Link>
          </Button>
          <Button type="button" disabled={busy} onClick={accept}>
            {t('accept.button')}
          </Button>
        </div>
      </div>
    </section>
  );
}
