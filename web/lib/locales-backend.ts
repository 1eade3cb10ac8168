import type { BackendModule, ResourceKey } from 'i18next';

/**
 * What i18next-http-backend did for us, in a few lines: GET /locales/{lng}/{ns}.json with fetch's
 * defaults (the very request the server's `<link rel="preload" as="fetch" crossorigin>` hints make,
 * server/seo/asset-hints.ts, so the browser answers it from the preload). A network failure or a
 * 5xx is retried (i18next's maxRetries and retryTimeout, lib/i18n.ts); a 4xx or a file that is not
 * JSON is not.
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(lng, ns, callback) {
    const url = `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;
    const failed = (error: unknown) => callback(`failed loading ${url}: ${error}`, true);
    fetch(url).then((res) => {
      if (!res.ok) return callback(`failed loading ${url}; status code: ${res.status}`, res.status >= 500);
      res.text().then((text) => {
        let data: ResourceKey;
        try {
          data = JSON.parse(text);
        } catch {
          return callback(`failed parsing ${url} to json`, false);
        }
        callback(null, data);
      }, failed);
    }, failed);
  },
};
