import { LEGAL_PAGES, type LegalPageKey } from '../../common/legal-pages';
import legalRo from '../../web/public/locales/ro/legal.json';
import type { PageHead } from '../seo/head';

/** A legal page's head, in Romanian as every crawler-facing head (server/seo/page-meta.ts), indexable. */
export function legalHead(origin: string, page: LegalPageKey): PageHead {
  const path = LEGAL_PAGES.find((entry) => entry.key === page)!.path;
  const url = `${origin}${path}`;
  return {
    title: `${legalRo[page].title} | ArmaMarket`,
    description: legalRo[page].description,
    canonical: url,
    og: { type: 'website', url },
  };
}
