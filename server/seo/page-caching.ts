import type { ApiAnswer } from './pages';

/**
 * Cache-Control of a page (issue 26): a page whose inline data holds anything of a signed-in viewer
 * (their profile with e-mail, phone and address, their own ads) is `no-store`, so that no cache, the
 * browser's own disk cache included, keeps it after sign-out. A page drawn as for any visitor (the
 * viewer not inline, or a visitor's null) is `no-cache`: kept, but checked every time. With a session
 * cookie and a viewer that could not be read, the page is treated as personal.
 */
export function pageCacheControl(viewer: ApiAnswer | undefined, hasCookie: boolean): string {
  if (!viewer || !hasCookie) return 'no-cache';
  return viewer.status === 200 && viewer.body === null ? 'no-cache' : 'no-store';
}
