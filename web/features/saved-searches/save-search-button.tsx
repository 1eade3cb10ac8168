import { SAVED_SEARCHES_MAX } from '@common/limits';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { notify } from '@web/lib/notify';
import { rememberAction } from '@web/lib/pending-action';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { useTranslation } from '@web/lib/use-translation';
import { BellPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSaveSearch } from './saved-searches-api';

// Browse's first load carries neither the dialog nor zod (which checks the name): they load when asked.
const RenameDialog = lazy(() => import('./rename-dialog').then((m) => ({ default: m.RenameDialog })));

/**
 * "Save search" on /browse: one click saves the URL's filters for a signed-in user (a toast offers to
 * rename it), a second click says it is saved already; a visitor is sent to sign in, and the search
 * is saved then and they are brought back to it.
 * `whenEmpty`: the empty list's "save and notify me" (issue 26), the same action.
 */
export function SaveSearchButton({ whenEmpty = false }: { whenEmpty?: boolean } = {}) {
  const { t, i18n } = useTranslation('savedSearches');
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const here = useCurrentPath();
  const [params] = useSearchParams();
  const save = useSaveSearch();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);

  const onClick = async () => {
    if (loading || save.isPending) return;
    if (!user) {
      // Saved as soon as they have signed in (lib/pending-action).
      rememberAction({ kind: 'save-search', query: Object.fromEntries(params) });
      navigate(signInHref(here, 'login', 'save-search'));
      return;
    }
    try {
      const saved = await save.mutateAsync({ query: Object.fromEntries(params), language: i18n.language });
      notify({
        type: 'success',
        title: t('save.saved', { name: saved.name }),
        description: t('save.savedHint'),
        action: { label: t('save.rename'), onClick: () => setRenaming({ id: saved.id, name: saved.name }) },
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'saved_search_exists') {
        notify({
          type: 'success',
          title: t('save.exists'),
          action: { label: t('save.openList'), onClick: () => navigate('/dashboard/saved-searches') },
        });
        return;
      }
      const atLimit = err instanceof ApiError && err.code === 'saved_search_limit';
      notify({
        type: 'error',
        title: atLimit ? t('save.limit', { max: SAVED_SEARCHES_MAX }) : t('save.failed'),
      });
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() => void onClick()}
        disabled={save.isPending}
        data-testid={whenEmpty ? 'save-search-empty' : 'save-search'}
        title={user ? undefined : t('save.signInHint')}
      >
        <BellPlus aria-hidden="true" />
        {save.isPending ? t('save.saving') : t(whenEmpty ? 'save.notifyButton' : 'save.button')}
      </Button>
      {renaming && (
        <Suspense fallback={null}>
          <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
        </Suspense>
      )}
    </>
  );
}
