import { DEFAULT_LANGUAGE, LANGUAGES } from '@common/values';
import i18n, { isSafeLanguageCode, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localesBackend } from './locales-backend';

const STORAGE_KEY = 'i18nextLng';

/**
 * What i18next-browser-languagedetector did for us with order ['localStorage', 'navigator'] and
 * caches ['localStorage'], in a few lines: the stored choice first, then the browser's languages.
 * i18next picks the first supported one (en-US counts as en) or falls back to Romanian, and caches
 * the language it settles on.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(STORAGE_KEY);
    } catch {
      // Storage is blocked (privacy settings): use the browser's languages.
    }
    // A page the server rendered is hydrated in the language it was rendered in (web/ssr/state.ts).
    const rendered = document.getElementById('ssr-state') ? document.documentElement.lang : null;
    const { languages, language } = navigator;
    return [rendered, stored, ...(languages ?? []), language].filter((code): code is string =>
      isSafeLanguageCode(code),
    );
  },
  cacheUserLanguage(lng) {
    if (lng === 'cimode') return;
    // The server reads it for <html lang> on the next page it renders.
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
    document.cookie = `lang=${lng === 'en' ? 'en' : 'ro'}; path=/; max-age=31536000; samesite=lax`;
    try {
      window.localStorage.setItem(STORAGE_KEY, lng);
    } catch {
      // Storage is blocked: the choice lasts for this visit only.
    }
  },
};

i18n
  .use(localesBackend)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // Both catalogs hold every key (web/lib/catalogs.test.ts), so a page in English loads no Romanian
    // catalogs to fall back on; a language the site does not speak falls back to Romanian.
    fallbackLng: { ...Object.fromEntries(LANGUAGES.map((lng) => [lng, []])), default: [DEFAULT_LANGUAGE] },
    ns: ['common', 'validation'],
    defaultNS: 'common',
    // The language is settled inside init, before the first render: deferred (i18next's default), the
    // first components asked for their catalogs with no language yet, and an English page also
    // fetched the Romanian ones, a round trip after the entry script.
    initAsync: false,
    interpolation: { escapeValue: false },
    // The spec's loading policy (also i18next's defaults): 5 retries, 350 ms doubling, 10 parallel reads.
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export default i18n;
