import { SAVED_SEARCHES_MAX } from '@common/schemas/saved-searches';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { signInHref, useCurrentPath } from '@web/lib/return-to';
import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { RenameDialog } from './rename-dialog';
import { useSaveSearch } from './saved-searches-api';

/**
 * "Save search" on /browse: one click saves the URL's filters for a signed-in user (a toast offers to
 * rename it); a visitor is sent to sign in and brought back to the same search.
 */
export function SaveSearchButton() {
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
      navigate(signInHref(here));
      return;
    }
    try {
      const saved = await save.mutateAsync({ query: Object.fromEntries(params), language: i18n.language });
      toast.success(t('save.saved', { name: saved.name }), {
        description: t('save.savedHint'),
        action: { label: t('save.rename'), onClick: () => setRenaming({ id: saved.id, name: saved.name }) },
      });
    } catch (err) {
      const atLimit = err instanceof ApiError && err.code === 'saved_search_limit';
      toast.error(atLimit ? t('save.limit', { max: SAVED_SEARCHES_MAX }) : t('save.failed'));
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() => void onClick()}
        disabled={save.isPending}
        data-testid="save-search"
        title={user ? undefined : t('save.signInHint')}
      >
        <BellPlus aria-hidden="true" />
        {save.isPending ? t('save.saving') : t('save.button')}
      </Button>
      <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
