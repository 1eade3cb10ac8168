import { ApiError } from '@web/lib/api';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';

/** Runs an action with the spec's notices: a success title, or the error title with the server's reason. */
export async function withNotices(
  t: TFunction,
  keys: { success: string; error: string },
  action: () => Promise<unknown>,
) {
  try {
    await action();
    toast.success(t(keys.success));
    return true;
  } catch (error) {
    toast.error(t(keys.error), {
      description: error instanceof ApiError && error.status === 409 ? t('conflict') : undefined,
    });
    return false;
  }
}
