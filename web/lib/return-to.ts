import { safeReturnPath } from '@common/return-path';
import { useLocation, useSearchParams } from 'react-router';
import { SIGN_IN_REASONS, type SignInReason } from './pending-action';

/**
 * The sign-in (or registration) page that brings the person back to `from` afterwards; `reason`
 * tells the page why they are there (and lets it finish what they were doing: lib/pending-action).
 */
export function signInHref(
  from: string,
  mode: 'login' | 'register' = 'login',
  reason?: SignInReason,
): string {
  const next = safeReturnPath(from);
  const params = new URLSearchParams({ mode });
  if (next && next !== '/' && !next.startsWith('/auth')) params.set('next', next);
  if (reason) params.set('reason', reason);
  return `/auth?${params}`;
}

/** The current page as a `from` for signInHref. */
export function useCurrentPath(): string {
  const { pathname, search, hash } = useLocation();
  return `${pathname}${search}${hash}`;
}

/** The page to come back to after signing in: `?next=`, only when it is a path on this site. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('next'));
}

/** Why the visitor was sent to sign in (`?reason=`), when it is one the page knows. */
export function useSignInReason(): SignInReason | null {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return SIGN_IN_REASONS.find((known) => known === reason) ?? null;
}
