import { MESSAGE_MAX } from '@common/limits';
import { messageInputSchema } from '@common/schemas/messages';
import { ConsentCheckbox } from '@web/components/consent-checkbox';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';

type Props = {
  label: string;
  placeholder: string;
  submitLabel: string;
  successMessage: string;
  /** Sends the trimmed text (with the attestation when asked); throws ApiError on failure. */
  onSend(body: string, attestation?: boolean): Promise<unknown>;
  /**
   * Issue 29: the buyer's attestation (purchase authorisation held or to be obtained), asked before a
   * first message about a weapon needing authorisation.
   */
  attestation?: boolean;
  /** Spec: the contact box has 4 rows. */
  rows?: number;
};

/**
 * A message box, for the first message from the ad page and for replies. A blank text is not sent and
 * the box says why; success clears the box and shows the notice.
 */
export function MessageForm({
  label,
  placeholder,
  submitLabel,
  successMessage,
  onSend,
  attestation = false,
  rows = 4,
}: Props) {
  const { t } = useTranslation('messages');
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, reset } = useForm<{ body: string; attestation: boolean }>({
    defaultValues: { body: '', attestation: false },
  });
  const errors = useFormErrors<'body' | 'attestation'>();

  const onSubmit = handleSubmit(async (values) => {
    const input = errors.check(messageInputSchema, values, ['body', 'attestation']);
    if (!input) return;
    if (attestation && !input.attestation) return errors.fail('attestation', 'attestationRequired');
    setSending(true);
    try {
      await onSend(input.body, attestation ? true : undefined);
      reset();
      toast.success(successMessage);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast.error(t('contact.loginRequired'));
      else if (error instanceof ApiError && error.status === 429)
        toast.error(t('common:common.error'), { description: t('tooMany') });
      else toast.error(t('common:common.error'));
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2" noValidate>
      <FormField label={label} {...errors.field('body')}>
        <Textarea
          rows={rows}
          maxLength={MESSAGE_MAX}
          placeholder={placeholder}
          className="resize-y"
          {...register('body')}
        />
      </FormField>
      {attestation && (
        <ConsentCheckbox {...errors.field('attestation')} register={register('attestation')}>
          {t('contact.attestation')}
        </ConsentCheckbox>
      )}
      <Button type="submit" disabled={sending} className="self-start">
        <Send aria-hidden="true" />
        {sending ? t('contact.sending') : submitLabel}
      </Button>
    </form>
  );
}
