import i18next from 'i18next';
import { ApiError, api } from './api';
import { notify } from './notify';

/**
 * What a visitor was doing when they were sent to sign in (issue 26): the heart, "Save search",
 * "Write a message". It is finished once they are signed in, so nobody has to find the button again.
 * Kept in localStorage for half an hour: the e-mail verification link of a new account opens in
 * another tab. Only the visitor's own click puts it there, and only a sign-in that came from that
 * click (the sign-in page's `reason`) runs it, so neither a link nor a stale click can.
 */
export type PendingAction =
  | { kind: 'favorite'; adId: string }
  | { kind: 'save-search'; query: Record<string, string> }
  | { kind: 'message'; adId: string };

/** Why the visitor is on the sign-in page: one of the actions, or posting an ad. */
export type SignInReason = PendingAction['kind'] | 'post-ad';
export const SIGN_IN_REASONS: readonly SignInReason[] = ['favorite', 'save-search', 'message', 'post-ad'];

const KEY = 'armamarket:pending-action';
const MAX_AGE_MS = 30 * 60 * 1000;

export function rememberAction(action: PendingAction): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ action, at: Date.now() }));
  } catch {
    // Storage blocked: the visitor signs in and comes back, and taps once more.
  }
}

function read(): PendingAction | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as {
      action?: PendingAction;
      at?: number;
    } | null;
    if (!stored?.action || typeof stored.at !== 'number' || Date.now() - stored.at > MAX_AGE_MS) return null;
    return stored.action;
  } catch {
    return null;
  }
}

/** The waiting action of this kind (and ad), taken: it runs once. */
export function takeAction<K extends PendingAction['kind']>(
  kind: K,
  adId?: string,
): Extract<PendingAction, { kind: K }> | null {
  const action = read();
  if (!action || action.kind !== kind) return null;
  if (adId !== undefined && 'adId' in action && action.adId !== adId) return null;
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
  return action as Extract<PendingAction, { kind: K }>;
}

/**
 * Finishes, just after sign-in, the action the visitor was sent to sign in for: saves the ad or the
 * search and says so. "Write a message" is finished by the ad page (it opens the box).
 */
export async function finishPendingAction(reason: string | null): Promise<void> {
  if (reason === 'favorite') {
    const action = takeAction('favorite');
    if (!action) return;
    try {
      await api(`/api/me/favorites/${encodeURIComponent(action.adId)}`, { method: 'PUT' });
      notify({ type: 'success', title: i18next.t('pending.favorited') });
    } catch {
      notify({ type: 'error', title: i18next.t('pending.favoriteFailed') });
    }
  } else if (reason === 'save-search') {
    const action = takeAction('save-search');
    if (!action) return;
    try {
      const saved = await api<{ name: string }>('/api/me/saved-searches', {
        method: 'POST',
        json: { query: action.query, language: i18next.language === 'en' ? 'en' : 'ro' },
      });
      notify({
        type: 'success',
        title: i18next.t('pending.searchSaved', { name: saved.name }),
        description: i18next.t('pending.searchSavedHint'),
      });
    } catch (error) {
      const exists = error instanceof ApiError && error.code === 'saved_search_exists';
      notify({
        type: exists ? 'success' : 'error',
        title: exists ? i18next.t('pending.searchExists') : i18next.t('pending.searchFailed'),
      });
    }
  }
}
