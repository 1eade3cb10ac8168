import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
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

/**
 * Files that take a minute or more, in either API project: a cron that must tick twice, 10,000 hostile
 * requests, every route for every role. Vitest starts the files it has timed before longest first, but a
 * clean clone (CI) has no timings and went by project and file size: the cron file then started last and
 * held the run open 70 s after everything else had finished.
 */
const SLOW_FILES = [
  'server/resilience/cron-once.test.ts',
  'server/test/hostile/hostile-input.test.ts',
  'server/policies/authorization-matrix.test.ts',
  'server/resilience/smtp-outage.test.ts',
  'server/resilience/decision-mail-crash.test.ts',
];
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow));
      return at < 0 ? SLOW_FILES.length : at;
    };
    return sorted
      .map((file, place) => ({ file, place, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.place - b.place)
      .map(({ file }) => file);
  }
}

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
    sequence: { sequencer: SlowFilesFirst },
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
      apiProject('api-pglite', { TEST_DB: 'pglite' }, 'server/test/pglite-template.ts'),
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-postgres', { TEST_DB: 'pg' }, 'server/test/pg-global-setup.ts')]
        : []),
    ],
  },
});
