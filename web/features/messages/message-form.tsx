import { MESSAGE_MAX } from '@common/limits';
import { messageInputSchema } from '@common/schemas/messages';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { validateOrNotify } from '@web/lib/validation';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

type Props = {
  id: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  successMessage: string;
  /** Sends the trimmed text; throws ApiError on failure. */
  onSend(body: string): Promise<unknown>;
  /** Spec: the contact box has 4 rows. */
  rows?: number;
};

/**
 * A message box, for the first message from the ad page and for replies. A blank text is silently
 * not sent (spec section 5); success clears the box and shows the notice.
 */
export function MessageForm({
  id,
  label,
  placeholder,
  submitLabel,
  successMessage,
  onSend,
  rows = 4,
}: Props) {
  const { t } = useTranslation('messages');
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, reset } = useForm<{ body: string }>({ defaultValues: { body: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (values.body.trim() === '') return;
    const input = validateOrNotify(messageInputSchema, values, t);
    if (!input) return;
    setSending(true);
    try {
      await onSend(input.body);
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
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        maxLength={MESSAGE_MAX}
        placeholder={placeholder}
        className="resize-y"
        {...register('body')}
      />
      <Button type="submit" disabled={sending} className="self-start">
        <Send aria-hidden="true" />
        {sending ? t('contact.sending') : submitLabel}
      </Button>
    </form>
  );
}
