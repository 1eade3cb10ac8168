import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = path.join(import.meta.dirname, '../public/locales');
const webDir = path.join(import.meta.dirname, '..');
type Catalog = { [key: string]: string | Catalog };

const flatten = (catalog: Catalog, prefix = ''): string[] =>
  Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : flatten(value, `${prefix}${key}.`),
  );
const load = (lng: string, ns: string): Catalog =>
  JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8'));
const namespaces = readdirSync(path.join(localesDir, 'ro')).map((file) => file.replace(/\.json$/, ''));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'public' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });

describe('translation catalogs', () => {
  it('has the same namespaces in ro and en', () => {
    expect(readdirSync(path.join(localesDir, 'en')).sort()).toEqual(
      readdirSync(path.join(localesDir, 'ro')).sort(),
    );
  });

  it.each(namespaces)('has every key of %s in both languages, none empty', (ns) => {
    const ro = load('ro', ns);
    const en = load('en', ns);
    expect(flatten(en).sort()).toEqual(flatten(ro).sort());
    for (const catalog of [ro, en]) {
      const empty = flatten(catalog).filter((key) => {
        const value = key
          .split('.')
          .reduce<Catalog | string>((node, part) => (node as Catalog)[part]!, catalog);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('has every literal key the web code asks for', () => {
    const known = new Set(
      namespaces.flatMap((ns) =>
        flatten(load('ro', ns)).flatMap((key) => {
          // t('x', { count }) finds x_one, x_few, x_other (i18next's plural forms).
          const asked = key.replace(/_(zero|one|two|few|many|other)$/, '');
          return [key, `${ns}:${key}`, asked, `${ns}:${asked}`];
        }),
      ),
    );
    const missing: string[] = [];
    for (const file of sourceFiles(webDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([\w.:-]+)'|[tT]itleKey="([\w.:-]+)"/g)) {
        const key = match[1] ?? match[2]!;
        if (!known.has(key)) missing.push(`${path.relative(webDir, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
