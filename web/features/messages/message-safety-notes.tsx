import type { Message } from '@common/schemas/messages';
import { useTranslation } from '@web/lib/use-translation';
import { Info, ShieldAlert } from 'lucide-react';

type Safety = NonNullable<Message['safety']>;

/**
 * What a message's risks say to the reader (issue 30), under the message: to its recipient a calm
 * warning per rule it triggered, with what the risk is and what to do, and the seller's tip on a
 * first message from a new account; to its sender, when they sent a link or contact details, the
 * note that the platform's messages keep a record that protects both sides. The server decides
 * who sees what; nothing is drawn when it says nothing.
 */
export function MessageSafetyNotes({ safety }: { safety: Message['safety'] }) {
  if (!safety) return null;
  const { warnings, newAccountTip, senderNote } = safety;
  if (warnings.length === 0 && !newAccountTip && !senderNote) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="message-safety">
      {warnings.length > 0 && <Warnings warnings={warnings} />}
      {newAccountTip && <Tip text="safety.newAccountTip" testId="message-new-account-tip" />}
      {senderNote && <Tip text="safety.senderNote" testId="message-sender-note" />}
    </div>
  );
}

function Warnings({ warnings }: { warnings: Safety['warnings'] }) {
  const { t } = useTranslation('messages');
  return (
    <aside
      aria-label={t('safety.warningTitle')}
      data-testid="message-warning"
      className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2.5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t('safety.warningTitle')}</p>
        <ul className="flex flex-col gap-1">
          {warnings.map((rule) => (
            <li key={rule} data-rule={rule}>
              {t(`safety.rules.${rule}`)}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

function Tip({ text, testId }: { text: 'safety.newAccountTip' | 'safety.senderNote'; testId: string }) {
  const { t } = useTranslation('messages');
  return (
    <p
      data-testid={testId}
      className="flex gap-2 rounded-md border bg-muted/50 p-2.5 text-sm text-muted-foreground"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{t(text)}</span>
    </p>
  );
}
