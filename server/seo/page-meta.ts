import { CARD_IMAGE_SIZES, cardImageSrcset } from '../../common/card-image';
import { countyName } from '../../common/counties';
import { formatPrice } from '../../common/price';
import type { AdCard, AdDetail } from '../../common/schemas/ads';
import type { SellerProfile } from '../../common/schemas/sellers';
import { CURRENCY } from '../../common/values';
import type { BrowseFilters } from '../../web/features/listings/browse-filters';
import listingsRo from '../../web/public/locales/ro/listings.json';
import type { PageHead } from './head';

// Romanian, the site's default language: what crawlers and link previews read.
const SITE = 'ArmaMarket';
const TEXT = {
  homeTitle: 'ArmaMarket — arme, optică și accesorii second-hand în România',
  homeDescription:
    'Anunțuri verificate de moderatori pentru arme, arme lungi, optică și accesorii second-hand, cu prețuri în lei și contact direct cu vânzătorul.',
  browseTitle: 'Anunțuri arme, optică și accesorii',
  browseDescription:
    'Caută printre anunțurile aprobate de moderatori: arme de foc, arme lungi, optică și accesorii, filtrate după categorie, stare și preț.',
  searchTitle: (q: string) => `Rezultate pentru „${q}”`,
  searchDescription: (q: string) => `Anunțuri verificate pentru „${q}” pe ArmaMarket, cu prețuri în lei.`,
  categoryDescription: (name: string) =>
    `${name}: anunțuri second-hand verificate de moderatori, cu prețuri în lei și contact direct cu vânzătorul.`,
  privateTitle: 'ArmaMarket',
  privateDescription: 'Contul tău ArmaMarket.',
  notFoundTitle: 'Pagina nu există',
  notFoundDescription: 'Pagina căutată nu există sau a fost mutată.',
  sellerTitle: (name: string) => `${name} — vânzător pe ArmaMarket`,
  sellerDescription: (name: string, facts: string) =>
    `${name} vinde pe ArmaMarket: ${facts}. Vezi anunțurile verificate de moderatori ale vânzătorului.`,
  sellerNotFoundTitle: 'Vânzătorul nu există',
  sellerNotFoundDescription: 'Contul căutat nu există sau nu mai este activ.',
  goneTitle: 'Anunț indisponibil',
  goneDescription: 'Acest anunț nu mai este disponibil.',
};

const withSite = (title: string) => `${title} | ${SITE}`;
const shorten = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

const firstCardImage = (items: AdCard[]): PageHead['preloadImage'] => {
  const image = items[0]?.image;
  return image ? { href: image.card, srcset: cardImageSrcset(image), sizes: CARD_IMAGE_SIZES } : undefined;
};

export function homeHead(origin: string, latest: AdCard[]): PageHead {
  return {
    title: TEXT.homeTitle,
    description: TEXT.homeDescription,
    canonical: `${origin}/`,
    og: { type: 'website', url: `${origin}/` },
    preloadImage: firstCardImage(latest),
  };
}

export function browseHead(origin: string, filters: BrowseFilters, canonicalQuery: string, items: AdCard[]) {
  const url = `${origin}/browse${canonicalQuery ? `?${canonicalQuery}` : ''}`;
  const q = filters.q.trim();
  const category = filters.category ? listingsRo.categories[filters.category] : null;
  let title = TEXT.browseTitle;
  let description = TEXT.browseDescription;
  if (q) {
    title = TEXT.searchTitle(shorten(q, 60));
    description = TEXT.searchDescription(shorten(q, 60));
  } else if (category) {
    title = `${category} — ${TEXT.browseTitle.toLowerCase()}`;
    description = TEXT.categoryDescription(category);
  }
  const head: PageHead = {
    title: withSite(title),
    description,
    canonical: url,
    og: { type: 'website', url },
    preloadImage: firstCardImage(items),
  };
  return head;
}

/** The county's name when the ad has one; the free-text location for older ads. */
const placeOf = (ad: AdDetail) => countyName(ad.county) ?? ad.location;

export function adHead(origin: string, ad: AdDetail): PageHead {
  const url = `${origin}/ad/${encodeURIComponent(ad.id)}`;
  const price = formatPrice(ad.price);
  const condition = listingsRo.conditions[ad.condition];
  const description = shorten(`${price} · ${placeOf(ad)} · ${condition}. ${ad.description}`, 200);
  const image = ad.images[0];
  const absolute = (path: string) => (path.startsWith('http') ? path : `${origin}${path}`);
  return {
    title: withSite(`${ad.title} — ${price}`),
    description,
    canonical: url,
    // Only listed ads are indexed; the owner and moderators also open pending or rejected ones.
    noindex: ad.status !== 'approved',
    og: {
      type: 'product',
      url,
      image: image ? { url: absolute(image.largeJpeg), alt: ad.title } : undefined,
      priceRon: ad.price,
    },
    preloadImage: image ? { href: image.large } : undefined,
    jsonLd: productJsonLd(url, ad, absolute),
  };
}

const SCHEMA_CONDITION: Record<AdDetail['condition'], string> = {
  new: 'https://schema.org/NewCondition',
  'like-new': 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
};

function productJsonLd(url: string, ad: AdDetail, absolute: (path: string) => string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: ad.title,
    description: shorten(ad.description, 5000),
    sku: ad.id,
    category: listingsRo.categories[ad.category],
    ...(ad.images.length ? { image: ad.images.map((image) => absolute(image.largeJpeg)) } : {}),
    ...(ad.brand ? { brand: { '@type': 'Brand', name: ad.brand } } : {}),
    ...(ad.model ? { model: ad.model } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: ad.price.toFixed(2),
      priceCurrency: CURRENCY,
      availability:
        ad.status === 'approved' ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
      itemCondition: SCHEMA_CONDITION[ad.condition],
      areaServed: placeOf(ad),
    },
  };
}

const monthFormat = new Intl.DateTimeFormat('ro-RO', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const plural = new Intl.PluralRules('ro-RO');
/** "1 anunț activ", "3 anunțuri active", "25 de anunțuri active". */
const activeAds = (n: number) => {
  const form = plural.select(n);
  if (form === 'one') return `${n} anunț activ`;
  return form === 'few' ? `${n} anunțuri active` : `${n} de anunțuri active`;
};

/** A seller's page: the short name (never contact details), what they list, where and since when. */
export function sellerHead(origin: string, seller: SellerProfile, items: AdCard[]): PageHead {
  const url = `${origin}/seller/${encodeURIComponent(seller.id)}`;
  const [year = 1970, month = 1] = seller.memberSince.split('-').map(Number);
  const facts = [
    activeAds(seller.counts.active),
    countyName(seller.county),
    `membru din ${monthFormat.format(new Date(Date.UTC(year, month - 1, 15)))}`,
  ].filter(Boolean);
  return {
    // The site's name is in the title already.
    title: TEXT.sellerTitle(seller.displayName),
    description: shorten(TEXT.sellerDescription(seller.displayName, facts.join(', ')), 200),
    canonical: url,
    og: { type: 'website', url },
    preloadImage: firstCardImage(items),
  };
}

export const sellerNotFoundHead = (): PageHead => ({
  title: withSite(TEXT.sellerNotFoundTitle),
  description: TEXT.sellerNotFoundDescription,
  noindex: true,
});

export const privateHead = (): PageHead => ({
  title: TEXT.privateTitle,
  description: TEXT.privateDescription,
  noindex: true,
});

export const notFoundHead = (): PageHead => ({
  title: withSite(TEXT.notFoundTitle),
  description: TEXT.notFoundDescription,
  noindex: true,
});

export const goneHead = (): PageHead => ({
  title: withSite(TEXT.goneTitle),
  description: TEXT.goneDescription,
  noindex: true,
});
