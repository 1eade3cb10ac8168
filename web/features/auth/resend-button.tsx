import { Button } from '@web/components/ui/button';
import { authErrorMessage } from '@web/lib/auth-errors';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { toast } from 'sonner';
import { resendVerification } from './auth-api';

export function ResendButton({ email, next }: { email: string; next?: string }) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await resendVerification(email, next);
      toast.success(t('verify.resent'));
    } catch (error) {
      toast.error(t('common:common.error'), { description: authErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" onClick={resend} disabled={busy}>
      {busy ? t('pleaseWait') : t('verify.resend')}
    </Button>
  );
}
