import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useAuth } from '@web/lib/auth';
import { authErrorMessage } from '@web/lib/auth-errors';
import { useTranslation } from '@web/lib/use-translation';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { toast } from 'sonner';
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor, SESSIONS_QUERY_KEY } from './account-api';

type Stage =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'enable' | 'disable' }
  | { kind: 'scan'; totpURI: string; backupCodes: string[] }
  | { kind: 'backup-codes'; backupCodes: string[] };

const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(['account', 'auth']);
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(t('common:common.error'), { description: authErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (event: React.FormEvent) => {
    event.preventDefault();
    if (stage.kind !== 'password') return;
    void run(async () => {
      if (stage.purpose === 'enable') {
        const result = await enableTwoFactor(password);
        setStage({ kind: 'scan', ...result });
      } else {
        await disableTwoFactor(password);
        await refresh();
        await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
        setStage({ kind: 'idle' });
        toast.success(t('twoFactor.disabled'));
      }
      setPassword('');
    });
  };

  const submitCode = (event: React.FormEvent) => {
    event.preventDefault();
    if (stage.kind !== 'scan') return;
    void run(async () => {
      await confirmTwoFactor(code.trim(), emailCode.trim());
      await refresh();
      // Turning two-factor on ended the account's other sessions.
      await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      setCode('');
      setEmailCode('');
      setStage({ kind: 'backup-codes', backupCodes: stage.backupCodes });
      toast.success(t('twoFactor.enabled'));
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('twoFactor.title')}</CardTitle>
        <CardDescription>{enabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {stage.kind === 'idle' && (
          <Button
            variant={enabled ? 'outline' : 'default'}
            className="self-start"
            onClick={() => setStage({ kind: 'password', purpose: enabled ? 'disable' : 'enable' })}
          >
            {enabled ? t('twoFactor.disable') : t('twoFactor.enable')}
          </Button>
        )}

        {stage.kind === 'password' && (
          <form onSubmit={submitPassword} className="flex flex-col gap-3" noValidate>
            <Label htmlFor="two-factor-password">{t('twoFactor.passwordPrompt')}</Label>
            <Input
              id="two-factor-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoFocus
            />
            <div className="flex gap-2">
              <Button type="submit" disabled={busy || !password}>
                {busy ? t('auth:pleaseWait') : t('twoFactor.continue')}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setStage({ kind: 'idle' })}>
                {t('twoFactor.cancel')}
              </Button>
            </div>
          </form>
        )}

        {stage.kind === 'scan' && (
          <form onSubmit={submitCode} className="flex flex-col gap-3" noValidate>
            <p className="text-sm">{t('twoFactor.scan')}</p>
            <div
              className="self-start rounded-md border bg-white p-3"
              role="img"
              aria-label={t('twoFactor.qrTitle')}
            >
              <QRCodeSVG value={stage.totpURI} size={180} aria-hidden="true" />
            </div>
            <p className="text-sm">
              {t('twoFactor.manual')}{' '}
              <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono" data-testid="totp-secret">
                {secretOf(stage.totpURI)}
              </code>
            </p>
            <Label htmlFor="two-factor-confirm">{t('twoFactor.codeLabel')}</Label>
            <Input
              id="two-factor-confirm"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Label htmlFor="two-factor-email-code">{t('twoFactor.emailCodeLabel')}</Label>
            <p id="two-factor-email-code-hint" className="-mt-2 text-sm text-muted-foreground">
              {t('twoFactor.emailCodeHint')}
            </p>
            <Input
              id="two-factor-email-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-describedby="two-factor-email-code-hint"
              value={emailCode}
              onChange={(event) => setEmailCode(event.target.value)}
            />
            <Button type="submit" className="self-start" disabled={busy || !code.trim() || !emailCode.trim()}>
              {busy ? t('auth:pleaseWait') : t('twoFactor.confirm')}
            </Button>
          </form>
        )}

        {stage.kind === 'backup-codes' && (
          <div className="flex flex-col gap-3" role="status">
            <p className="text-sm font-medium">{t('twoFactor.backupTitle')}</p>
            <p className="text-sm text-muted-foreground">{t('twoFactor.backupHint')}</p>
            <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="backup-codes">
              {stage.backupCodes.map((backupCode) => (
                <li key={backupCode} className="rounded bg-muted px-2 py-1">
                  {backupCode}
                </li>
              ))}
            </ul>
            <Button className="self-start" onClick={() => setStage({ kind: 'idle' })}>
              {t('twoFactor.savedCodes')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
