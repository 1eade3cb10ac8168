import {
  CONTRACT_LIMITS,
  SALE_CONTRACT_FIELDS,
  type SaleContractInput,
  saleContractInputSchema,
} from '@common/schemas/deal-contract';
import type { Deal } from '@common/schemas/deals';
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
import { ApiError } from '@web/lib/api';
import { useTranslation } from '@web/lib/use-translation';
import { FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { dealErrorText } from './error-text';

// Issue 29: "Descarcă contractul". The details typed here go to the server only to be drawn into the
// PDF (POST /api/deals/{id}/contract keeps none of them); the form forgets them when it closes.

type Field = keyof SaleContractInput;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY = Object.fromEntries(SALE_CONTRACT_FIELDS.map((field) => [field, ''])) as Values;

/** The longest each field may be, for the input's maxLength (the schema says it again). */
const MAX: Record<Field, number> = {
  sellerName: CONTRACT_LIMITS.name,
  sellerIdentity: CONTRACT_LIMITS.identity,
  sellerAddress: CONTRACT_LIMITS.address,
  sellerPermit: CONTRACT_LIMITS.permit,
  buyerName: CONTRACT_LIMITS.name,
  buyerIdentity: CONTRACT_LIMITS.identity,
  buyerAddress: CONTRACT_LIMITS.address,
  buyerPermit: CONTRACT_LIMITS.permit,
  serialNumber: CONTRACT_LIMITS.serial,
};

/** "sellerName" → "name": the label key under `contract.fields`. */
const labelKey = (field: Field) =>
  field === 'serialNumber'
    ? 'serialNumber'
    : `${field.startsWith('seller') ? 'seller' : 'buyer'}.${field.replace(/^(seller|buyer)/, '').toLowerCase()}`;

/** POSTs the form and saves the answer as a file: a PDF on 200, the API's error otherwise. */
export async function downloadContract(dealId: string, input: SaleContractInput): Promise<void> {
  const res = await fetch(`/api/deals/${encodeURIComponent(dealId)}/contract`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? `contract-vanzare-${dealId.slice(0, 8)}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; a moment later it can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The button in a deal, and the dialog it opens. */
export function ContractButton({ deal }: { deal: Deal }) {
  const { t } = useTranslation('deals');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size="sm" variant="outline" className="self-start" onClick={() => setOpen(true)}>
        <FileText aria-hidden="true" />
        {t('contract.open')}
      </Button>
      {open && <ContractDialog deal={deal} onClose={() => setOpen(false)} />}
    </>
  );
}

export function ContractDialog({ deal, onClose }: { deal: Deal; onClose(): void }) {
  const { t } = useTranslation('deals');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const clear = (field: Field) => () => setErrors(({ [field]: _, ...rest }) => rest);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = saleContractInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(`validation:${issue.message}`, { defaultValue: t('validation:invalid') });
      }
      setErrors(found);
      // The first field in error takes the focus, so a keyboard or screen reader user lands on it.
      const first = SALE_CONTRACT_FIELDS.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await downloadContract(deal.id, parsed.data);
      toast.success(t('contract.done'));
      onClose();
    } catch (error) {
      toast.error(dealErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, autoComplete?: string) => (
    <FormField
      key={field}
      id={`${id}-${field}`}
      label={t(`contract.fields.${labelKey(field)}`)}
      error={errors[field]}
      onEdit={clear(field)}
    >
      <Input
        value={values[field]}
        onChange={set(field)}
        maxLength={MAX[field]}
        autoComplete={autoComplete ?? 'off'}
        spellCheck={false}
      />
    </FormField>
  );

  const side = (who: 'seller' | 'buyer') => (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-medium">{t(`contract.${who}`)}</legend>
      {SALE_CONTRACT_FIELDS.filter((field) => field.startsWith(who)).map((field) => input(field))}
    </fieldset>
  );

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent closeLabel={t('close')}>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('contract.title')}</DialogTitle>
            <DialogDescription className="break-words">
              {t('contract.intro', { title: deal.ad.title })}
            </DialogDescription>
          </DialogHeader>
          <p className="rounded-md bg-muted/60 p-3 text-sm" data-testid="contract-privacy">
            {t('contract.privacy')}
          </p>
          {/* The side filling it in comes first: their own details are the ones they know. */}
          {deal.role === 'seller' ? side('seller') : side('buyer')}
          {deal.role === 'seller' ? side('buyer') : side('seller')}
          {input('serialNumber')}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? t('contract.busy') : t('contract.download')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
