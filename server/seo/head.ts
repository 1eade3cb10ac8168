import { escapeHtml, jsonForScript } from './escape';

/** What a crawler or a link preview reads from a page's `<head>`. */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute; left out on pages that should not be indexed. */
  canonical?: string;
  noindex?: boolean;
  og?: {
    type: 'website' | 'product';
    url: string;
    image?: { url: string; alt: string };
    /** Product price for og:product tags, in RON. */
    priceRon?: number;
  };
  /** The LCP image, preloaded with high priority (WebP, as the `<picture>` picks it). */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  jsonLd?: unknown;
};

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;

export function renderHead(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  if (head.og) {
    const { og } = head;
    tags.push(
      meta('property', 'og:site_name', 'ArmaMarket'),
      meta('property', 'og:locale', 'ro_RO'),
      meta('property', 'og:type', og.type),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', og.url),
      meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    if (og.image) {
      tags.push(
        meta('property', 'og:image', og.image.url),
        meta('property', 'og:image:alt', og.image.alt),
        meta('name', 'twitter:image', og.image.url),
      );
    }
    if (og.priceRon !== undefined) {
      tags.push(
        meta('property', 'product:price:amount', og.priceRon.toFixed(2)),
        meta('property', 'product:price:currency', 'RON'),
      );
    }
  }
  if (head.preloadImage) {
    const { href, srcset, sizes } = head.preloadImage;
    const responsive = srcset
      ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? '100vw')}"`
      : '';
    tags.push(
      `<link rel="preload" as="image" type="image/webp" href="${escapeHtml(href)}"${responsive} fetchpriority="high">`,
    );
  }
  if (head.jsonLd !== undefined) {
    tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  }
  return tags.join('\n    ');
}
