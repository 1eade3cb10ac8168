import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  root: path.join(here, 'web'),
  publicDir: path.join(here, 'web/public'),
  plugins: [tailwindcss()],
  resolve: {
    alias: {
      '@common': path.join(here, 'common'),
      '@web': path.join(here, 'web'),
    },
  },
  build: {
    outDir: path.join(here, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // Module preload is native in every browser the app supports (modern ones only): no polyfill in
    // the entry script.
    modulePreload: { polyfill: false },
    // Everything the first paint needs (what the entry imports statically) goes in one chunk. Left to
    // itself the bundler splits it into many small chunks shared with the lazy routes, each adding
    // its own overhead to the home page's budget (scripts/lib/bundle-size.ts).
    // The lazy routes' lucide icons go in one chunk: each was a chunk of its own (1 KB), and an ad page
    // preloaded 21 chunks on a phone's few connections, 8 of them icons (Lighthouse, issue 27).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 2 },
          ],
        },
      },
      // A known, harmless notice: React Query marks modules "use client", which means nothing to a
      // bundle that is not a React Server Components one.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
});
