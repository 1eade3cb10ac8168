import path from 'node:path';
import { defineConfig } from 'vitest/config';

const here = import.meta.dirname;
const alias = {
  '@common': path.join(here, 'common'),
  '@web': path.join(here, 'web'),
  '@server': path.join(here, 'server'),
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
        resolve: { alias },
        test: {
          name: 'unit',
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
