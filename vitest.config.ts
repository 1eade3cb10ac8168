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
