import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { authErrorMessage } from '@web/lib/auth-errors';
import { useTranslation } from '@web/lib/use-translation';
import { useState } from 'react';
import { toast } from 'sonner';
import { verifyBackupCode, verifyTotp } from './auth-api';

/** Second sign-in step when two-factor is on: a code from the app, or a backup code. */
export function TwoFactorStep({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation('auth');
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await (useBackup ? verifyBackupCode(code.trim()) : verifyTotp(code.trim()));
      await onDone();
    } catch (error) {
      toast.error(t('common:common.error'), { description: authErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-muted-foreground">
        {useBackup ? t('twoFactor.backupHint') : t('twoFactor.hint')}
      </p>
      <div className="flex flex-col gap-2">
        <Label htmlFor="two-factor-code">
          {useBackup ? t('twoFactor.backupLabel') : t('twoFactor.codeLabel')}
        </Label>
        <Input
          id="two-factor-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode={useBackup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          required
        />
      </div>
      <Button type="submit" disabled={busy || !code.trim()}>
        {busy ? t('pleaseWait') : t('twoFactor.verify')}
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setUseBackup(!useBackup);
          setCode('');
        }}
      >
        {useBackup ? t('twoFactor.useApp') : t('twoFactor.useBackup')}
      </Button>
    </form>
  );
}
