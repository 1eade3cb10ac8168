import type { Context, Hono } from 'hono';
import { hasLegalGuide } from '../../common/legal-guide';
import { legalPageOf } from '../../common/legal-pages';
import { HOME_LATEST, PAGE_SIZE } from '../../common/limits';
import type { AdCard, AdDetail, AdPage } from '../../common/schemas/ads';
import type { SellerAdsPage, SellerProfile } from '../../common/schemas/sellers';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../common/values';
import { filtersFromParams, filtersToParams, toApiSearch } from '../../web/features/listings/browse-filters';
import type { AppEnv } from '../app-env';
import { legalHead } from '../legal/legal-head';
import { type AssetHints, noHints } from './asset-hints';
import { jsonForScript } from './escape';
import { type PageHead, renderHead } from './head';
import { pageCacheControl } from './page-caching';
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

export type PageKind = 'home' | 'browse' | 'ad' | 'seller' | 'legal' | 'other';
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

/** The dealer list a weapon ad's page shows first (web/features/handovers/transfer-dealers.tsx). */
export function transferDealersPath(ad: Pick<AdDetail, 'legalCategory' | 'county'>): string | null {
  if (!ad.county || !ad.legalCategory || !hasLegalGuide(ad.legalCategory)) return null;
  return `/api/dealer-services?${new URLSearchParams([['county', ad.county]])}`;
}

/**
 * Decides a page's status, head and inline data from its URL, asking the API what the app would.
 * `viewer: false` leaves the viewer out (a page rendered on the server, the same for everyone).
 */
export async function resolvePage(
  url: URL,
  origin: string,
  callApi: CallApi,
  options: { viewer?: boolean } = {},
): Promise<ResolvedPage> {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const preload: Record<string, ApiAnswer> = {};
  const ask = async (apiPath: string) => {
    const answer = await callApi(apiPath);
    preload[apiPath] = answer;
    return answer;
  };
  if (options.viewer !== false) await ask(VIEWER_PATH);

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
    if (status === 200) {
      const ad = answer.body as AdDetail;
      // Issue 29: under a weapon's guide, the dealers who handle the transfer in the seller's county.
      const dealersPath = transferDealersPath(ad);
      if (dealersPath) await ask(dealersPath);
      return { status, kind: 'ad', head: adHead(origin, ad), preload };
    }
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
  // Issue 31: terms, privacy notice, contact and cookies, with the operator's details from the API.
  const legal = legalPageOf(path);
  if (legal) {
    await ask('/api/legal');
    return { status: 200, kind: 'legal', head: legalHead(origin, legal), preload };
  }
  if (PRIVATE.some((pattern) => pattern.test(path)))
    return { status: 200, kind: 'other', head: privateHead(), preload };
  return { status: 404, kind: 'other', head: notFoundHead(), preload };
}

/** The app's server HTML and the state it hydrates from (web/ssr/render.tsx). */
export type ServerApp = { html: string; state: unknown };

/**
 * Puts the head, the inline data and the language into the built index.html; with `app`, the root
 * holds the server-rendered app and the state the browser hydrates it from.
 */
export function renderPage(
  template: string,
  page: ResolvedPage,
  lang: string,
  hints: AssetHints = noHints,
  app?: ServerApp,
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
  if (!app) return html.replace('<div id="root"></div>', () => `<div id="root"></div>\n    ${data}`);
  const state = `<script type="application/json" id="ssr-state">${jsonForScript(app.state)}</script>`;
  const answers = Object.keys(page.preload).length ? `\n    ${data}` : '';
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root">${app.html}</div>\n    ${state}${answers}`,
  );
}

/**
 * Whether a page is drawn on the server: the public pages (home, browse, ads, gone ads, sellers, the
 * 404 page), as the API answered them to a visitor. Private pages, an ad or seller the viewer may see
 * where a visitor may not, and outages are drawn by the browser alone, as before.
 */
function isServerRendered(page: ResolvedPage, path: string): boolean {
  if (page.kind === 'home' || page.kind === 'browse' || page.kind === 'legal') return page.status === 200;
  if (page.kind === 'ad') return [200, 404, 410].includes(page.status);
  if (page.kind === 'seller') return [200, 404].includes(page.status);
  // The 404 page, but not for an /ad/… or /seller/… whose id does not decode: the app cannot read it.
  return page.status === 404 && !/^\/(ad|seller)\//.test(path);
}

type RenderApp = typeof import('../../web/ssr/render').renderApp;
let renderAppModule: Promise<RenderApp> | null = null;
/** React and the app load with the first page, not with the server (nor with every API test). */
const loadRenderApp = () => {
  renderAppModule ??= import('../../web/ssr/render').then((m) => m.renderApp);
  return renderAppModule;
};

/** Answers the server left for the browser to read as it would have from the API: all but successes. */
const unseeded = (preload: Record<string, ApiAnswer>) =>
  Object.fromEntries(Object.entries(preload).filter(([, answer]) => answer.status >= 300));

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
export function pageRenderer(
  app: Hono<AppEnv>,
  origin: string,
  {
    hints = noHints,
    gate = (work) => work(),
    onRenderError = () => {},
  }: {
    hints?: AssetHints;
    /**
     * Runs the making of a page: a limiter (server/limiter.ts) lets a few at once and the others wait
     * first come, first served. A page is a few milliseconds of the event loop (its API answers,
     * React's render, gzip) with waits on PostgreSQL between. Left to interleave, each of 32 pages at
     * once took about 32 times its own time, so a heavy /browse page came last (issue 27: p99 408 ms at
     * 32 connections, 313 in turn). A few at once keep the CPU busy while one waits on the database.
     */
    gate?: <T>(work: () => Promise<T>) => Promise<T>;
    /** A render that threw: the page falls back to the one the browser draws alone. */
    onRenderError?: (error: unknown, url: string) => void;
  } = {},
) {
  return (c: Context, template: string) => gate(() => renderPageFor(c, template));
  async function renderPageFor(c: Context, template: string) {
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    // What a visitor would get: the server-rendered pages are asked for without the session.
    const visitor = new Headers(headers);
    visitor.delete('cookie');
    const callApiAs =
      (sent: Headers): CallApi =>
      async (path) => {
        const res = await app.request(path, { headers: sent }, c.env);
        const text = await res.text();
        try {
          return { status: res.status, body: text ? JSON.parse(text) : null };
        } catch {
          return { status: res.status, body: null };
        }
      };
    const url = new URL(c.req.url);
    const lang = pageLanguage(c.req.header('cookie'), c.req.header('accept-language'));
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const shared = await resolvePage(url, origin, callApiAs(visitor), { viewer: false });
    // An ad or seller a visitor may not see may be the viewer's own (an ad in review): asked with the
    // session, a different answer is the viewer's own page, drawn in the browser.
    const cookie = !!c.req.header('cookie');
    const own =
      cookie && shared.status !== 200 && (shared.kind === 'ad' || shared.kind === 'seller')
        ? await resolvePage(url, origin, callApiAs(headers))
        : null;
    let serverApp: ServerApp | undefined;
    if (isServerRendered(shared, path) && (!own || own.status === shared.status)) {
      try {
        const renderApp = await loadRenderApp();
        serverApp = await renderApp(url, lang, shared.preload);
      } catch (error) {
        onRenderError(error, url.pathname);
      }
    }
    const page = serverApp
      ? { ...shared, preload: unseeded(shared.preload) }
      : (own ?? (await resolvePage(url, origin, callApiAs(headers))));
    // The inline viewer makes a signed-in page personal: no cache may keep it (page-caching.ts).
    c.header('Cache-Control', pageCacheControl(page.preload[VIEWER_PATH], !!c.req.header('cookie')));
    if (page.head.noindex) c.header('X-Robots-Tag', 'noindex');
    // The same URL is a different page per language (and per viewer): a shared cache must key on both.
    c.header('Vary', 'Cookie, Accept-Language', { append: true });
    return c.html(renderPage(template, page, lang, hints, serverApp), page.status as 200);
  }
}
