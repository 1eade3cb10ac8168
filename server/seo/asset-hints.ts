import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageKind } from './pages';

/** Extra `<link>` tags for a page: what the app will fetch right after its entry script. */
export type AssetHints = (kind: PageKind, lang: string) => string[];
export const noHints: AssetHints = () => [];

// The lazy route module of each server-rendered page (web/router.tsx), as Vite's manifest names it;
// home comes with the entry script.
const ROUTE_MODULES: Partial<Record<PageKind, string>> = {
  browse: 'routes/browse-route.tsx',
  ad: 'routes/ad-detail-route.tsx',
  seller: 'routes/seller-route.tsx',
  legal: 'features/legal/legal-page.tsx',
};
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

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The chunk files a module needs, its static imports first, leaving out the entry (already loading). */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.imports ?? []).flatMap((dep) => chunksOf(manifest, dep, seen)), chunk.file];
}

/**
 * Without hints the browser learns of a page's route chunk and translations only after the entry
 * script has run: two more round trips before the first paint. These fetch them alongside it.
 */
export function assetHints(webDist: string): AssetHints {
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const modulePreloads = Object.fromEntries(
    Object.entries(ROUTE_MODULES).map(([kind, key]) => [
      kind,
      chunksOf(manifest, key).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ]),
  ) as Partial<Record<PageKind, string[]>>;
  // The catalogs first: nothing paints before the common one has arrived.
  return (kind, lang) => [
    ...NAMESPACES[kind].map(
      (ns) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/${lang}/${ns}.json">`,
    ),
    ...(modulePreloads[kind] ?? []),
  ];
}
