import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NEW_CAP,
  type SavedSearch,
  type SavedSearchFrequency,
} from '@common/schemas/saved-searches';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
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
import { Skeleton } from '@web/components/ui/skeleton';
import { useTranslation } from '@web/lib/use-translation';
import { Pencil, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { RenameDialog } from './rename-dialog';
import {
  useDeleteSavedSearch,
  useMarkOpened,
  useSavedSearches,
  useUpdateSavedSearch,
} from './saved-searches-api';

/** Dashboard › Saved searches: each with its link, new ads since last opened, alert frequency, rename, delete. */
export function SavedSearchesPage() {
  const { t } = useTranslation('savedSearches');
  const query = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('deleteDialog.deleted'));
      setDeleting(null);
    } catch {
      toast.error(t('error'));
    }
  };

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common:common.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message={t('list.loadError')} query={query} />;
  }
  const { items, max } = query.data;
  if (items.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center"
        data-testid="saved-searches-empty"
      >
        <p className="font-medium">{t('list.empty')}</p>
        <p className="text-sm text-muted-foreground">{t('list.emptyHint')}</p>
        <Button asChild>
          <Link to="/browse">
            <Search aria-hidden="true" />
            {t('list.browse')}
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="saved-searches-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="saved-searches-heading" className="text-lg font-semibold">
          {t('list.title')}
        </h2>
        <span className="text-sm text-muted-foreground">{t('list.count', { count: items.length, max })}</span>
      </div>
      <p className="text-sm text-muted-foreground">{t('list.intro', { max })}</p>
      <ul className="flex flex-col gap-3">
        {items.map((search) => (
          <li key={search.id}>
            <SavedSearchRow
              search={search}
              onRename={() => setRenaming(search)}
              onDelete={() => setDeleting(search)}
            />
          </li>
        ))}
      </ul>
      <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('deleteDialog.title')}</DialogTitle>
            <DialogDescription>{t('deleteDialog.body', { name: deleting?.name ?? '' })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={remove.isPending}>
                {t('deleteDialog.cancel')}
              </Button>
            </DialogClose>
            <Button
              type="button"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => void onDelete()}
            >
              {remove.isPending ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function SavedSearchRow({
  search,
  onRename,
  onDelete,
}: {
  search: SavedSearch;
  onRename(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('savedSearches');
  const navigate = useNavigate();
  const markOpened = useMarkOpened();
  const update = useUpdateSavedSearch();
  const selectId = useId();

  const open = () => {
    // The count starts again from now; the browse page opens at once either way.
    markOpened.mutate(search.id);
    navigate(search.path);
  };
  const setFrequency = async (frequency: SavedSearchFrequency) => {
    try {
      await update.mutateAsync({ id: search.id, frequency });
      toast.success(t('list.frequencySaved'));
    } catch {
      toast.error(t('error'));
    }
  };
  const fresh =
    search.newAds === 0
      ? t('list.noNewAds')
      : search.newAds > SAVED_SEARCH_NEW_CAP
        ? t('list.newAdsMany')
        : t('list.newAds', { count: search.newAds });

  return (
    <article className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold break-words">
          <a
            href={search.path}
            onClick={(event) => {
              event.preventDefault();
              open();
            }}
            className="rounded-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {search.name}
          </a>
        </h3>
        <Badge variant={search.newAds > 0 ? 'default' : 'outline'} data-testid="saved-search-new">
          {fresh}
        </Badge>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-44 flex-1 flex-col gap-1.5 sm:flex-none">
          <Label htmlFor={selectId}>{t('list.frequency')}</Label>
          <NativeSelect
            id={selectId}
            value={search.frequency}
            disabled={update.isPending}
            onChange={(event) => void setFrequency(event.target.value as SavedSearchFrequency)}
          >
            {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {t(`list.frequencies.${frequency}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={open}>
            <Search aria-hidden="true" />
            {t('list.open')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={onRename}
            aria-label={`${t('list.rename')}: ${search.name}`}
          >
            <Pencil aria-hidden="true" />
            <span>{t('list.rename')}</span>
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={onDelete}
            aria-label={`${t('list.delete')}: ${search.name}`}
          >
            <Trash2 aria-hidden="true" />
            <span>{t('list.delete')}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
