// Runs after `vite build`: writes .br and .gz copies of the build's text files (scripts/lib/precompress.ts).
import path from 'node:path';
import { precompress } from './lib/precompress';

const started = performance.now();
const { files, bytes, brotli } = precompress(path.resolve('dist/web'));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `Precompressed ${files} files: ${kb(bytes)} → ${kb(brotli)} Brotli, in ${Math.round(performance.now() - started)} ms`,
);
