import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Issue 27's budget for the home page's first load, React 19 included (it was 100 KB on Preact's
// compatibility layer; docs/ARCHITECTURE.md, Decisions).
export const HOME_JS_BUDGET_GZIP = 140 * 1024;

export type BundleReport = {
  files: Array<{ file: string; bytes: number; gzip: number }>;
  jsGzip: number;
  cssGzip: number;
};

/** What the home page loads before it can render: the entry script, its preloads and the CSS. */
export function homeInitialLoad(webDist: string): BundleReport {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g),
  ].map((match) => match[1]!);
  const files = [...new Set(refs)].map((ref) => {
    const data = readFileSync(path.join(webDist, ref));
    return { file: ref, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
  const sum = (ext: string) =>
    files.filter((f) => f.file.endsWith(ext)).reduce((total, f) => total + f.gzip, 0);
  return { files, jsGzip: sum('.js'), cssGzip: sum('.css') };
}
