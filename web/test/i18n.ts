import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

const localesDir = path.join(import.meta.dirname, '../public/locales');

/** Every catalog of web/public/locales, read from disk at once: components render without HTTP or Suspense. */
function loadResources(): Resource {
  const resources: Resource = {};
  for (const lng of readdirSync(localesDir)) {
    resources[lng] = {};
    for (const file of readdirSync(path.join(localesDir, lng))) {
      resources[lng][file.replace(/\.json$/, '')] = JSON.parse(
        readFileSync(path.join(localesDir, lng, file), 'utf8'),
      );
    }
  }
  return resources;
}

/** An i18n instance for component tests: `<I18nextProvider i18n={createTestI18n('en')}>`. */
export function createTestI18n(lng = 'en') {
  const resources = loadResources();
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'ro',
    resources,
    ns: Object.keys(resources.ro ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
