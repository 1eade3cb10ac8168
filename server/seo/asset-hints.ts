import type { PageKind } from './pages';

/** Extra `<link>` tags for a page: what the app will fetch right after its entry script. */
export type AssetHints = (kind: PageKind, lang: string) => string[];
export const noHints: AssetHints = () => [];

// Translation namespaces the first paint waits for: i18n's defaults and the listings pages' (browse
// also shows the saved-searches button, a seller's page its own words around the ad cards, and the
// ad page waits for its contact box's and report dialog's: web/routes/ad-detail-route.tsx).
const NAMESPACES: Record<PageKind, string[]> = {
  home: ['common', 'validation', 'listings'],
  browse: ['common', 'validation', 'listings', 'savedSearches'],
  ad: ['common', 'validation', 'listings', 'messages', 'reports'],
  seller: ['common', 'validation', 'listings', 'sellers'],
  legal: ['common', 'validation', 'legal'],
  other: ['common', 'validation'],
};

/**
 * Without hints the browser learns of a page's translations only after the entry script has run: a
 * round trip more before hydration. The catalogs are small; the page's route chunks are not hinted.
 * A server-rendered page paints from its HTML, so its route chunks delay only hydration, and hinted,
 * the ad page's 13 chunks shared a phone's bandwidth with the first photo and the entry script
 * (Lighthouse, issue 27: LCP 2.6 s and Performance 92-94 on /browse and the ad page with them, LCP
 * 2.1 s and 97-98 without).
 */
export const assetHints: AssetHints = (kind, lang) =>
  NAMESPACES[kind].map(
    (ns) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/${lang}/${ns}.json">`,
  );
