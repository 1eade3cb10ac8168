import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

/**
 * The app is written against React's API and runs on Preact's compatibility layer, which is some 57 KB
 * gzip lighter on every first load (docs/ARCHITECTURE.md, Decisions). The component tests use the same
 * aliases (vitest.config.ts).
 */
export const reactToPreact = {
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  // react-i18next's fallback for React 17; Preact has the hook itself.
  'use-sync-external-store/shim': 'preact/compat',
  react: 'preact/compat',
};

export default defineConfig({
  root: path.join(here, 'web'),
  publicDir: path.join(here, 'web/public'),
  plugins: [tailwindcss()],
  resolve: {
    alias: {
      '@common': path.join(here, 'common'),
      '@web': path.join(here, 'web'),
      ...reactToPreact,
    },
  },
  build: {
    outDir: path.join(here, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to hint each page's route chunk to the browser (server/seo/asset-hints.ts).
    manifest: true,
    // Module preload is native in every browser the app supports (modern ones only): no polyfill in
    // the entry script.
    modulePreload: { polyfill: false },
    // Everything the first paint needs (what the entry imports statically) goes in one chunk. Left to
    // itself the bundler splits it into many small chunks shared with the lazy routes, each adding
    // its own overhead to the home page's budget (scripts/lib/bundle-size.ts).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
      // Two known, harmless notices: React Router looks for React 19's useOptimistic and does without
      // it when it is missing, as in Preact; React Query marks modules "use client", which means nothing
      // in a client-only bundle.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
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
