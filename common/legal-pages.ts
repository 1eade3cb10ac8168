/**
 * The legal pages (issue 31), at Romanian addresses like the rest of the site, in the order the footer
 * lists them. The server renders them (server/seo/pages.ts), the footer links them on every page.
 */
export const LEGAL_PAGES = [
  { path: '/termeni', key: 'terms' },
  { path: '/confidentialitate', key: 'privacy' },
  { path: '/contact', key: 'contact' },
  { path: '/cookies', key: 'cookies' },
] as const;

export type LegalPageKey = (typeof LEGAL_PAGES)[number]['key'];

export const legalPageOf = (path: string): LegalPageKey | null =>
  LEGAL_PAGES.find((page) => page.path === path)?.key ?? null;
