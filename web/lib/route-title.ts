/**
 * The common catalog's key (titles.*) naming each route, for the tab's title after client-side
 * navigation; pages that know more (an ad, a seller) ask for their own on top (lib/page-title).
 */
const EXACT: Record<string, string> = {
  '/': 'titles.home',
  '/browse': 'titles.browse',
  '/auth/verified': 'titles.verified',
  '/auth/forgot-password': 'titles.forgotPassword',
  '/auth/reset-password': 'titles.resetPassword',
  '/post-ad': 'titles.postAd',
  '/renew': 'titles.renew',
  '/unsubscribe': 'titles.unsubscribe',
  '/dashboard': 'titles.dashboard',
  '/dashboard/listings': 'titles.myListings',
  '/dashboard/messages': 'titles.messages',
  '/dashboard/saved-searches': 'titles.savedSearches',
  '/dashboard/favorites': 'titles.favorites',
  '/dashboard/settings': 'titles.settings',
  '/admin': 'titles.adminQueue',
  '/admin/reports': 'titles.adminReports',
  '/admin/users': 'titles.adminUsers',
  '/admin/dealers': 'titles.adminDealers',
  '/admin/audit': 'titles.adminAudit',
};

const PATTERNS: Array<[RegExp, string]> = [
  [/^\/ad\/[^/]+\/edit$/, 'titles.editAd'],
  [/^\/ad\/[^/]+$/, 'titles.ad'],
  [/^\/seller\/[^/]+$/, 'titles.seller'],
  [/^\/dashboard\/messages\/[^/]+$/, 'titles.conversation'],
];

/** The key for a path; the sign-in page's depends on its mode. Null: an unknown page (404). */
export function routeTitleKey(pathname: string, search = ''): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/auth')
    return new URLSearchParams(search).get('mode') === 'register' ? 'titles.register' : 'titles.signIn';
  return EXACT[path] ?? PATTERNS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}
