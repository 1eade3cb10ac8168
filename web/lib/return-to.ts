import { safeReturnPath } from '@common/return-path';
import { useLocation, useSearchParams } from 'react-router';

/** The sign-in (or registration) page that brings the person back to `from` afterwards. */
export function signInHref(from: string, mode: 'login' | 'register' = 'login'): string {
  const next = safeReturnPath(from);
  if (!next || next === '/' || next.startsWith('/auth')) return `/auth?mode=${mode}`;
  return `/auth?${new URLSearchParams({ mode, next })}`;
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
