import { MODERATION_REASON_MAX, moderationReasonSchema } from '@common/schemas/admin';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { useTranslation } from '@web/lib/use-translation';
import { firstIssueMessage } from '@web/lib/validation';
import { type FormEvent, useId, useState } from 'react';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  destructive?: boolean;
  busy: boolean;
  /** Keys under `reasons.` offered as ready-made texts; the moderator may edit the text after. */
  presets?: readonly string[];
  /** Without a required reason an empty text is sent as none. */
  required?: boolean;
  /** The field's label when the reason is not for an owner to read (a note kept in the audit log). */
  reasonLabel?: string;
  onConfirm: (reason: string) => void;
};

/**
 * Asks for confirmation and a reason in one step: the reason the owner will read (reject, request
 * changes, take down) or the note kept in the audit trail (deactivation).
 */
export function ReasonDialog(props: Props) {
  const { open, onOpenChange } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && <ReasonForm {...props} />}
    </Dialog>
  );
}

function ReasonForm({
  title,
  description,
  confirmLabel,
  destructive = false,
  busy,
  presets = [],
  required = true,
  reasonLabel,
  onConfirm,
}: Props) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [preset, setPreset] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!required && reason.trim() === '') return onConfirm('');
    const result = moderationReasonSchema.safeParse({ reason });
    if (!result.success) return setError(firstIssueMessage(result.error, t));
    onConfirm(result.data.reason);
  };

  return (
    <DialogContent closeLabel={t('actions.close')}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {presets.length > 0 && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-preset`}>{t('reasonDialog.preset')}</Label>
            <NativeSelect
              id={`${id}-preset`}
              value={preset}
              onChange={(event) => {
                setPreset(event.target.value);
                if (event.target.value) {
                  setReason(t(`reasons.${event.target.value}`));
                  setError(null);
                }
              }}
            >
              <option value="">{t('reasonDialog.choosePreset')}</option>
              {presets.map((key) => (
                <option key={key} value={key}>
                  {t(`reasonTitles.${key}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>
            {reasonLabel ?? (required ? t('reasonDialog.reason') : t('reasonDialog.note'))}
          </Label>
          <Textarea
            id={`${id}-reason`}
            rows={4}
            value={reason}
            maxLength={MODERATION_REASON_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              {t('actions.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
