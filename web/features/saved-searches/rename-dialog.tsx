import { SAVED_SEARCH_NAME_MAX, savedSearchUpdateSchema } from '@common/schemas/saved-searches';
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
import { apiErrorText } from '@web/lib/api-error-text';
import { useTranslation } from '@web/lib/use-translation';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useUpdateSavedSearch } from './saved-searches-api';

/** Renames a saved search: from the toast after saving, and from the dashboard's list. */
export function RenameDialog({
  search,
  onClose,
}: {
  search: { id: string; name: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('savedSearches');
  const update = useUpdateSavedSearch();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (search) {
      setName(search.name);
      setError(null);
    }
  }, [search]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!search) return;
    const parsed = savedSearchUpdateSchema.safeParse({ name });
    if (!parsed.success) {
      setError(t(`validation:${parsed.error.issues[0]?.message ?? 'invalid'}`));
      return;
    }
    try {
      await update.mutateAsync({ id: search.id, name: parsed.data.name });
      toast.success(t('renameDialog.saved'));
      onClose();
    } catch (err) {
      setError(apiErrorText(t, err) ?? t('error'));
    }
  };

  return (
    <Dialog open={search !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('renameDialog.title')}</DialogTitle>
            <DialogDescription className="sr-only">{t('renameDialog.title')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId}>{t('renameDialog.name')}</Label>
            <Input
              id={inputId}
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              autoFocus
            />
            {error && (
              <p id={errorId} className="text-sm text-destructive" role="alert">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={update.isPending}>
                {t('renameDialog.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {t('renameDialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
