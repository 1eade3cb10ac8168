import { COUNTIES, type CountyCode } from '@common/counties';
import type { Deal } from '@common/schemas/deals';
import {
  type DealerService,
  HANDOVER_DAYS_AHEAD_MAX,
  HANDOVER_NOTE_MAX,
  handoverRequestInputSchema,
  romanianToday,
} from '@common/schemas/handovers';
import { FormField } from '@web/components/form-field';
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
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError, refusedFieldPath } from '@web/lib/api';
import { apiErrorText } from '@web/lib/api-error-text';
import { type FormErrors, useFormErrors } from '@web/lib/form-errors';
import { useTranslation } from '@web/lib/use-translation';
import type { TFunction } from 'i18next';
import { Store } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { DealerChoice, ServiceChoice } from './handover-choices';
import { useRequestHandover, useTransferDealers } from './handovers-api';

// Issue 29: from a weapon's deal, either side asks a dealer of transfer services for a handover (or an
// inspection, or keeping the weapon) on a wished day. The dealer answers from their dashboard.

type Field = 'dealerId' | 'service' | 'wishedDate' | 'note';
const ORDER: readonly Field[] = ['dealerId', 'service', 'wishedDate', 'note'];

/**
 * The validation key for a field the server refused. Its message is English (for developers), so the
 * field's own likeliest reason is shown: the client has checked the rest, and a day can still fall out
 * of range when Romania's midnight passes while the dialog is open.
 */
const SERVER_KEYS: Record<Field, string> = {
  dealerId: 'handoverDealerRequired',
  service: 'handoverServiceRequired',
  wishedDate: 'handoverDateRange',
  note: 'handoverNoteMax',
};

/** YYYY-MM-DD plus some days, in the calendar (no time zone in between). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The dialog's field a 400 names. */
function refusedField(error: ApiError): Field | undefined {
  const field = refusedFieldPath(error);
  return ORDER.find((known) => known === field);
}

/** The button in a weapon's deal, and the dialog it opens. */
export function HandoverButton({ deal }: { deal: Deal }) {
  const { t } = useTranslation('handovers');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size="sm" variant="outline" className="self-start" onClick={() => setOpen(true)}>
        <Store aria-hidden="true" />
        {t('request.open')}
      </Button>
      {open && <HandoverDialog deal={deal} onClose={() => setOpen(false)} />}
    </>
  );
}

export function HandoverDialog({ deal, onClose }: { deal: Deal; onClose(): void }) {
  const { t } = useTranslation('handovers');
  const request = useRequestHandover();
  const errors = useFormErrors<Field>();
  const id = useId();
  const [county, setCounty] = useState<CountyCode>(deal.adCounty ?? COUNTIES[0].code);
  const [dealerId, setDealerId] = useState('');
  const [service, setService] = useState<DealerService | ''>('');
  const [wishedDate, setWishedDate] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const dealers = useTransferDealers([county]);
  const dealer = dealers.data?.items.find((item) => item.dealerId === dealerId);
  const today = romanianToday();

  const chooseCounty = (value: CountyCode) => {
    setCounty(value);
    setDealerId('');
    setService('');
  };
  const chooseDealer = (value: string) => {
    setDealerId(value);
    // A service the new dealer does not offer is no choice any more.
    const next = dealers.data?.items.find((item) => item.dealerId === value);
    if (service && next?.fees[service] === null) setService('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = errors.check(handoverRequestInputSchema, { dealerId, service, wishedDate, note }, ORDER);
    if (!input) return;
    setBusy(true);
    try {
      await request(deal.id, input);
      toast.success(t('request.sent'));
      onClose();
    } catch (error) {
      showRefusal(t, errors, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent closeLabel={t('close')}>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('request.title')}</DialogTitle>
            <DialogDescription className="break-words">
              {t('request.intro', { title: deal.ad.title })}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-county`}>{t('request.county')}</Label>
            <NativeSelect
              id={`${id}-county`}
              value={county}
              onChange={(event) => chooseCounty(event.target.value as CountyCode)}
            >
              {COUNTIES.map((item) => (
                <option key={item.code} value={item.code}>
                  {item.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <DealerChoice
            field={errors.field('dealerId')}
            query={dealers}
            value={dealerId}
            onChange={chooseDealer}
          />
          <ServiceChoice
            field={errors.field('service')}
            dealer={dealer}
            value={service}
            onChange={setService}
          />
          <FormField {...errors.field('wishedDate')} label={t('request.date')} hint={t('request.dateHint')}>
            <Input
              type="date"
              min={today}
              max={addDays(today, HANDOVER_DAYS_AHEAD_MAX)}
              value={wishedDate}
              onChange={(event) => setWishedDate(event.target.value)}
            />
          </FormField>
          <FormField {...errors.field('note')} label={t('request.note')}>
            <Textarea
              rows={3}
              maxLength={HANDOVER_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? t('sending') : t('request.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A refusal under its field when it names one, else as a toast. */
function showRefusal(t: TFunction<'handovers'>, errors: FormErrors<Field>, error: unknown) {
  if (error instanceof ApiError) {
    if (error.code === 'service_not_offered')
      return errors.fail('service', 'handovers:errors.service_not_offered');
    if (error.code === 'handover_pending') return void toast.error(t('errors.handover_pending'));
    const field = error.code === 'validation_error' ? refusedField(error) : undefined;
    if (field) return errors.fail(field, SERVER_KEYS[field]);
  }
  toast.error(apiErrorText(t, error) ?? t('common:common.error'));
}
