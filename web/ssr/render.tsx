import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@common/values';
import { QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { App, AppPages, QUERY_DEFAULTS } from '../app';
import { setClockSource } from '../lib/format';
import '../lib/zod-jitless';
import { type Answer, seedQueries } from './seed';
import { dehydrateQueries, type SsrState } from './state';

// Relative times count from the moment each render started, which the page carries (#ssr-state): the
// browser hydrates with the same moment, so "59 seconds ago" never turns "1 minute ago" in between.
const renderClock = new AsyncLocalStorage<number>();
setClockSource(() => renderClock.getStore() ?? null);

const LOCALES = path.join(import.meta.dirname, '..', 'public', 'locales');

/** Every catalog of one language, read once: the server never waits for a translation. */
function catalogs(lng: Language): Resource {
  const dir = path.join(LOCALES, lng);
  const namespaces = readdirSync(dir).filter((file) => file.endsWith('.json'));
  return {
    [lng]: Object.fromEntries(
      namespaces.map((file) => [file.slice(0, -5), JSON.parse(readFileSync(path.join(dir, file), 'utf8'))]),
    ),
  };
}

/** The i18next settings web/lib/i18n.ts uses, with the catalogs in memory and the language fixed. */
const instances = new Map<Language, I18n>();
function i18nFor(lng: Language): I18n {
  let instance = instances.get(lng);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng,
      resources: catalogs(lng),
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ['common', 'validation'],
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instances.set(lng, instance);
  }
  return instance;
}

/** A language of the request's own, which records the catalogs the page used (the browser loads those first). */
function requestI18n(lng: Language): { i18n: I18n; used: Set<string> } {
  const used = new Set<string>(['common', 'validation']);
  const i18n = i18nFor(lng).cloneInstance({ initAsync: false });
  (i18n as I18n & { reportNamespaces: unknown }).reportNamespaces = {
    addUsedNamespaces: (namespaces: readonly string[]) => {
      for (const ns of namespaces) used.add(ns);
    },
    getUsedNamespaces: () => [...used],
  };
  return { i18n, used };
}

/** React's streaming renderer, waited out to the end: crawlers and the first paint get the whole page. */
function renderToHtml(element: React.ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, in order: no fallback then a script swapping the content in (React outlines
      // large boundaries by default, for a progressive paint that a page sent whole does not need).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) reject(failed);
        else stream.pipe(sink);
      },
      onShellError: reject,
      // A component that throws is a bug to fix, not a page to half-render: the caller falls back to
      // the page the browser renders alone.
      onError(error) {
        failed ??= error;
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('server render timed out')), timeoutMs);
  });
}

export type RenderedApp = { html: string; state: SsrState };

/**
 * The app's HTML for a public page, from the API answers the server resolved for it (keyed by API
 * path), in the page's language. Nothing here knows the viewer: the answers were asked for without
 * the request's session (server/seo/pages.ts), and the viewer's own query stays pending, as it is in
 * the browser until hydration is over.
 */
export async function renderApp(
  url: URL,
  lng: Language,
  answers: Record<string, Answer>,
  timeoutMs = 10_000,
): Promise<RenderedApp> {
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  seedQueries(queryClient, url, answers);
  const queries = dehydrateQueries(queryClient);
  const { i18n, used } = requestI18n(lng);
  const renderedAt = Date.now();
  const html = await renderClock.run(renderedAt, () =>
    renderToHtml(
      <I18nextProvider i18n={i18n}>
        <App
          queryClient={queryClient}
          router={
            <StaticRouter location={`${url.pathname}${url.search}`}>
              <AppPages />
            </StaticRouter>
          }
        />
      </I18nextProvider>,
      timeoutMs,
    ),
  );
  queryClient.clear();
  return { html, state: { lang: lng, namespaces: [...used], renderedAt, queries } };
}
