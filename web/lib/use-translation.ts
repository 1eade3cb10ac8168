import type { i18n as I18n } from 'i18next';
import { useContext } from 'react';
import { I18nContext, useTranslation as useReactI18nextTranslation } from 'react-i18next';

type Translation = ReturnType<typeof useReactI18nextTranslation>;

/** A request's translations per namespace list: the page's i18n instance is the request's own clone. */
const serverTranslations = new WeakMap<I18n, Map<string, Translation>>();

/** Past this many texts, a language and namespace list's memo starts again (a bound, not a goal). */
const MEMO_LIMIT = 20_000;
/** The texts already made, per language and namespace list: the catalogs never change while the server runs. */
const memos = new Map<string, Map<string, string>>();

type Options = Record<string, unknown>;
const memoKey = (key: unknown, options: unknown): string | null => {
  if (typeof key !== 'string') return null;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  let out = key;
  for (const [name, value] of Object.entries(options as Options)) {
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && value !== undefined) return null;
    out += `\u0000${name}\u0001${String(value)}`;
  }
  return out;
};

/**
 * `t` with its texts kept: i18next's own lookup, plural rules and interpolation were a tenth of the
 * server's time on a /browse page (issue 27), for the same few hundred texts on every page. Only
 * calls whose options are plain values are kept (a count, a name, a price), so the same call always
 * makes the same text.
 */
function memoized(t: Translation['t'], memo: Map<string, string>): Translation['t'] {
  const kept = (key: unknown, options?: unknown) => {
    const at = memoKey(key, options);
    if (at === null) return (t as (key: unknown, options?: unknown) => unknown)(key, options);
    let text = memo.get(at);
    if (text === undefined) {
      const made = (t as (key: unknown, options?: unknown) => unknown)(key, options);
      if (typeof made !== 'string') return made;
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(at, made);
      text = made;
    }
    return text;
  };
  return kept as unknown as Translation['t'];
}

/**
 * The server's useTranslation: a page renders once, in one language, with every catalog in memory
 * (web/ssr/render.tsx), so each namespace list's `t` is made once per request and shared by every
 * component. react-i18next's own hook copies the i18n instance's property descriptors and subscribes
 * for every component it renders: about a tenth of the server's time on a /browse page of 24 cards
 * (issue 27). The namespaces are still reported, so the page preloads the catalogs it used.
 */
function useServerTranslation(ns?: string | readonly string[]): Translation {
  const i18n = useContext(I18nContext)?.i18n;
  if (!i18n) throw new Error('useTranslation outside an I18nextProvider');
  const namespaces =
    ns === undefined ? [String(i18n.options.defaultNS)] : typeof ns === 'string' ? [ns] : [...ns];
  i18n.reportNamespaces?.addUsedNamespaces(namespaces);
  const key = namespaces.join('|');
  let byNamespaces = serverTranslations.get(i18n);
  if (!byNamespaces) {
    byNamespaces = new Map();
    serverTranslations.set(i18n, byNamespaces);
  }
  let translation = byNamespaces.get(key);
  if (!translation) {
    // As react-i18next makes it (useTranslation.js): the first namespace by default, all in scope.
    const fixedT = i18n.getFixedT as unknown as (
      lng: string,
      ns: string | undefined,
      keyPrefix: undefined,
      options: { scopeNs: string[] },
    ) => Translation['t'];
    const memoAt = `${i18n.language}|${key}`;
    let memo = memos.get(memoAt);
    if (!memo) {
      memo = new Map();
      memos.set(memoAt, memo);
    }
    const t = memoized(
      fixedT.call(i18n, i18n.language, namespaces[0], undefined, { scopeNs: namespaces }),
      memo,
    );
    translation = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation;
    byNamespaces.set(key, translation);
  }
  return translation;
}

/**
 * The app's useTranslation: react-i18next's in the browser (it follows a change of language), the
 * server's above when rendering a page. Which one is fixed when the module loads, so a component
 * always calls the same hooks.
 */
export const useTranslation: typeof useReactI18nextTranslation =
  typeof window === 'undefined'
    ? (useServerTranslation as unknown as typeof useReactI18nextTranslation)
    : useReactI18nextTranslation;
