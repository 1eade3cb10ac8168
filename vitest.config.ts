import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { reactToPreact } from './vite.config.js';

const here = import.meta.dirname;
const alias = {
  '@common': path.join(here, 'common'),
  '@web': path.join(here, 'web'),
  '@server': path.join(here, 'server'),
};
// The component tests render with Preact, as the browser does (vite.config.ts). Testing Library's ES
// module build is used, so that its imports of React reach the aliases too.
const preactAliases = {
  '@testing-library/react': path.join(
    here,
    'node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
  ),
  ...reactToPreact,
};
const apiTests = ['server/**/*.test.ts', 'scripts/**/*.test.ts'];

const apiProject = (name: string, env: Record<string, string>, globalSetup?: string) => ({
  resolve: { alias },
  test: {
    name,
    include: apiTests,
    environment: 'node',
    env,
    globalSetup: globalSetup ? [globalSetup] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single worker on this 2-core machine. Most API
    // tests wait (on PostgreSQL, a timer, a child server process) rather than compute, so three files
    // at a time finish the suite in about half the time.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
    projects: [
      {
        resolve: {
          alias: { ...alias, ...preactAliases },
          mainFields: ['module', 'main'],
          conditions: ['module', 'import', 'browser', 'development'],
        },
        test: {
          name: 'unit',
          // Dependencies that import React load through Vite, in their ES module builds, so that the
          // aliases reach their imports too.
          // Preact itself stays outside, one instance that vi.resetModules leaves alone, as React did.
          server: {
            deps: {
              inline: [
                /node_modules\/(react-|use-|radix-ui|@radix-ui|lucide-react|sonner|@hookform|@testing-library)/,
                /node_modules\/@tanstack\/react-query/,
              ],
            },
          },
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
      apiProject('api-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-postgres', { TEST_DB: 'pg' }, 'server/test/pg-global-setup.ts')]
        : []),
    ],
  },
});
