import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// What the browser fetches as text: scripts, styles, catalogs, icons. index.html is filled in per page.
const COMPRESSIBLE = /\.(js|css|json|svg|txt|xml)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes a Brotli (.br, at its best level) and a gzip (.gz) copy beside every compressible file of the
 * build, once, so that the server sends them as they are (server/http/spa.ts) instead of compressing
 * each response on the fly at a faster, weaker level. Returns the bytes before and after, as Brotli.
 */
export function precompress(dist: string): { files: number; bytes: number; brotli: number } {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  for (const file of filesUnder(dist)) {
    if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    bytes += content.length;
    brotli += br.length;
  }
  return { files, bytes, brotli };
}
