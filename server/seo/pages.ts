import type { Context, Hono } from 'hono';
import { HOME_LATEST, PAGE_SIZE } from '../../common/limits';
import type { AdCard, AdDetail, AdPage } from '../../common/schemas/ads';
import type { SellerAdsPage, SellerProfile } from '../../common/schemas/sellers';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../common/values';
import { filtersFromParams, filtersToParams, toApiSearch } from '../../web/features/listings/browse-filters';
import type { AppEnv } from '../app-env';
import { type AssetHints, noHints } from './asset-hints';
import { jsonForScript } from './escape';
import { type PageHead, renderHead } from './head';
import {
  adHead,
  browseHead,
  goneHead,
  homeHead,
  notFoundHead,
  privateHead,
  sellerHead,
  sellerNotFoundHead,
} from './page-meta';

/** An API answer as the browser would have received it; the app reads these instead of asking again. */
export type ApiAnswer = { status: number; body: unknown };
type CallApi = (path: string) => Promise<ApiAnswer>;

export type PageKind = 'home' | 'browse' | 'ad' | 'seller' | 'other';
export type ResolvedPage = {
  status: number;
  kind: PageKind;
  head: PageHead;
  preload: Record<string, ApiAnswer>;
};

/** The viewer (or null for visitors): every page needs it before it can draw its header. */
export const VIEWER_PATH = '/api/viewer';

// /unsubscribe and /renew: links in mails, with their tokens; answered, never indexed.
const PRIVATE = [
  /^\/(auth|dashboard|admin)(\/|$)/,
  /^\/post-ad$/,
  /^\/ad\/[^/]+\/edit$/,
  /^\/unsubscribe$/,
  /^\/renew$/,
];

/** The id in /ad/{id} or /seller/{id}: null for another path, '' for one that does not decode. */
const idOf = (pattern: RegExp, path: string): string | null => {
  const match = pattern.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
};
const adIdOf = (path: string) => idOf(/^\/ad\/([^/]+)$/, path);
const sellerIdOf = (path: string) => idOf(/^\/seller\/([^/]+)$/, path);

/**
 * The status of an ad page follows the API's answer for the ad: 404 for an unknown ad (or one the
 * caller may not see), 410 for a gone one as soon as GET /api/ads/{id} answers 410, and an outage
 * (5xx) as it is, so crawlers come back later.
 */
export function adPageStatus(apiStatus: number): number {
  if (apiStatus === 200 || apiStatus === 410 || apiStatus >= 500) return apiStatus;
  return 404;
}

/** Decides a page's status, head and inline data from its URL, asking the API what the app would. */
export async function resolvePage(url: URL, origin: string, callApi: CallApi): Promise<ResolvedPage> {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const preload: Record<string, ApiAnswer> = {};
  const ask = async (apiPath: string) => {
    const answer = await callApi(apiPath);
    preload[apiPath] = answer;
    return answer;
  };
  await ask(VIEWER_PATH);

  if (path === '/' || path === '/index.html') {
    const answer = await ask(`/api/ads?limit=${HOME_LATEST}`);
    const items = answer.status === 200 ? (answer.body as AdPage).items : [];
    return { status: 200, kind: 'home', head: homeHead(origin, items), preload };
  }
  if (path === '/browse') {
    const filters = filtersFromParams(url.searchParams);
    const answer = await ask(`/api/ads?${toApiSearch(filters, null, PAGE_SIZE)}`);
    const items: AdCard[] = answer.status === 200 ? (answer.body as AdPage).items : [];
    const head = browseHead(origin, filters, filtersToParams(filters).toString(), items);
    return { status: 200, kind: 'browse', head, preload };
  }
  const adId = adIdOf(path);
  if (adId !== null) {
    if (!adId) return { status: 404, kind: 'other', head: notFoundHead(), preload };
    const answer = await ask(`/api/ads/${encodeURIComponent(adId)}`);
    const status = adPageStatus(answer.status);
    if (status === 200) return { status, kind: 'ad', head: adHead(origin, answer.body as AdDetail), preload };
    return { status, kind: 'ad', head: status === 410 ? goneHead() : notFoundHead(), preload };
  }
  const sellerId = sellerIdOf(path);
  if (sellerId !== null) {
    // Unknown and deactivated sellers are both 404 to the API; an outage stays what it is.
    if (!sellerId) return { status: 404, kind: 'other', head: sellerNotFoundHead(), preload };
    const apiPath = `/api/sellers/${encodeURIComponent(sellerId)}`;
    const [profile, ads] = await Promise.all([ask(apiPath), ask(`${apiPath}/ads`)]);
    const status = profile.status === 200 || profile.status >= 500 ? profile.status : 404;
    if (status !== 200) return { status, kind: 'seller', head: sellerNotFoundHead(), preload };
    const items = ads.status === 200 ? (ads.body as SellerAdsPage).items : [];
    return {
      status,
      kind: 'seller',
      head: sellerHead(origin, profile.body as SellerProfile, items),
      preload,
    };
  }
  if (PRIVATE.some((pattern) => pattern.test(path)))
    return { status: 200, kind: 'other', head: privateHead(), preload };
  return { status: 404, kind: 'other', head: notFoundHead(), preload };
}

/** Puts the head, the inline data and the language into the built index.html. */
export function renderPage(
  template: string,
  page: ResolvedPage,
  lang: string,
  hints: AssetHints = noHints,
): string {
  const head = renderHead(page.head);
  // The hints go after the entry script and the stylesheet: requested before them, a dozen route chunks
  // and catalogs delayed the entry script on a phone's few connections (Lighthouse FCP 2.6 s on /browse).
  const hinted = hints(page.kind, lang)
    .map((hint) => `    ${hint}\n`)
    .join('');
  const data = `<script type="application/json" id="preload">${jsonForScript(page.preload)}</script>`;
  let html = template.replace(/<html[^>]*>/, `<html lang="${lang === 'en' ? 'en' : 'ro'}">`);
  html = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, () => head)
    : html.replace('</head>', () => `${head}\n  </head>`);
  html = html.replace('</head>', () => `${hinted}  </head>`);
  return html.replace('<div id="root"></div>', () => `<div id="root"></div>\n    ${data}`);
}

/** Headers of the page request that the API's answer depends on (session, language, client address). */
const FORWARDED = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for'];

/**
 * The language the app will show, decided as web/lib/i18n.ts decides it, so that <html lang> and the
 * catalogs preloaded are the ones the app reads: the visitor's choice (the cookie the app sets), else
 * the first supported language among the browser's (Accept-Language: en-US counts as en), else
 * Romanian.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const chosen = /(?:^|;\s*)lang=(ro|en)(?:;|$)/.exec(cookie ?? '')?.[1];
  if (chosen) return chosen as Language;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (
    ranked.map((entry) => entry.base).find((base): base is Language => isLanguage(base)) ?? DEFAULT_LANGUAGE
  );
}

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** The page handler: the app's index.html with a real status, head and first data. */
export function pageRenderer(app: Hono<AppEnv>, origin: string, hints: AssetHints = noHints) {
  return async (c: Context, template: string) => {
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const callApi: CallApi = async (path) => {
      const res = await app.request(path, { headers }, c.env);
      const text = await res.text();
      try {
        return { status: res.status, body: text ? JSON.parse(text) : null };
      } catch {
        return { status: res.status, body: null };
      }
    };
    const page = await resolvePage(new URL(c.req.url), origin, callApi);
    // The inline viewer makes a signed-in page personal: no shared cache may keep it.
    c.header('Cache-Control', c.req.header('cookie') ? 'private, no-cache' : 'no-cache');
    if (page.head.noindex) c.header('X-Robots-Tag', 'noindex');
    const lang = pageLanguage(c.req.header('cookie'), c.req.header('accept-language'));
    // The same URL is a different page per language (and per viewer): a shared cache must key on both.
    c.header('Vary', 'Cookie, Accept-Language', { append: true });
    return c.html(renderPage(template, page, lang, hints), page.status as 200);
  };
}
