import { REPORT_DETAILS_MAX } from '@common/limits';
import type { AdDetail } from '@common/schemas/ads';
import { reportInputSchema } from '@common/schemas/reports';
import { REPORT_REASONS, type ReportReason } from '@common/values';
import { FieldError, FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { reportAd } from './reports-api';

type Values = { reason: ReportReason | ''; details: string };
const EMPTY: Values = { reason: '', details: '' };

/**
 * The report dialog of the ad detail (spec), for visitors too. No reason chosen sends nothing (the
 * button waits for one); details are optional. The server decides who may report (`ad.can.report`).
 */
export function ReportAdDialog({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, reset, watch } = useForm<Values>({ defaultValues: EMPTY });
  const reason = watch('reason');
  const errors = useFormErrors<keyof Values>();
  const reasonField = errors.field('reason');

  const onSubmit = handleSubmit(async (values) => {
    const input = errors.check(reportInputSchema, values, ['reason', 'details']);
    if (!input) return;
    setSending(true);
    try {
      await reportAd(ad.id, input);
      toast.success(t('success'));
      reset(EMPTY);
      setOpen(false);
    } catch (error) {
      toast.error(
        t('common:common.error'),
        error instanceof ApiError && error.status === 429 ? { description: t('tooMany') } : undefined,
      );
    } finally {
      setSending(false);
    }
  });

  if (!ad.can.report) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          reset(EMPTY);
          errors.clear();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="self-start text-muted-foreground">
          <Flag aria-hidden="true" />
          {t('open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={reasonField.error ? `${reasonField.id}-error` : undefined}
          >
            <legend className="mb-2 text-sm font-medium">{t('reason')}</legend>
            {REPORT_REASONS.map((value, index) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  value={value}
                  // The first radio takes focus when no reason was chosen.
                  id={index === 0 ? reasonField.id : undefined}
                  className="size-4 accent-primary"
                  {...register('reason', { onChange: reasonField.onEdit })}
                />
                {t(`reasons.${value}`)}
              </label>
            ))}
            <FieldError id={`${reasonField.id}-error`} error={reasonField.error} />
          </fieldset>
          <FormField
            label={
              <>
                {t('details')} <span className="font-normal text-muted-foreground">{t('optional')}</span>
              </>
            }
            {...errors.field('details')}
          >
            <Textarea
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              placeholder={t('detailsPlaceholder')}
              {...register('details')}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!reason || sending}>
              {sending ? t('submitting') : t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
