import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const here = import.meta.dirname;
const alias = {
  '@common': path.join(here, 'common'),
  '@web': path.join(here, 'web'),
  '@server': path.join(here, 'server'),
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
  'server/backup/restore-drill.test.ts',
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

/**
 * Files that set the environment before the server's modules are imported (vi.hoisted): they need
 * modules of their own, so they run in a project that still isolates each file.
 */
const OWN_MODULES = ['server/auth/auth-overload.test.ts'];

/**
 * The API files share their worker's modules (`isolate: false`): each file still builds its own
 * database and app (server/test/harness.ts), and nothing in server/ keeps state between apps but the
 * password-hashing queue, whose bound OWN_MODULES sets. Importing the server's module graph anew for
 * each of ~90 files was most of the suite's time (938 s of import on a clean clone).
 */
const apiProjects = (name: string, env: Record<string, string>, globalSetup?: string) => {
  const common = {
    environment: 'node' as const,
    env,
    globalSetup: globalSetup ? [globalSetup] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    {
      resolve: { alias },
      test: { ...common, name, include: apiTests, exclude: OWN_MODULES, isolate: false },
    },
    { resolve: { alias }, test: { ...common, name: `${name}-own-modules`, include: OWN_MODULES } },
  ];
};

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single worker on this 2-core machine. Most API
    // tests wait (on PostgreSQL, a timer, a child server process) rather than compute, so three files
    // at a time finish the suite in about half the time.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
    sequence: { sequencer: SlowFilesFirst },
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
      // Hashing at the event loop's priority: a build beside the tests would starve a niced hash
      // (server/auth/hash-workers.ts; its own test checks the priority).
      ...apiProjects(
        'api-pglite',
        { TEST_DB: 'pglite', PASSWORD_HASH_NICE: '0' },
        'server/test/pglite-template.ts',
      ),
      ...(process.env.TEST_DATABASE_URL
        ? apiProjects(
            'api-postgres',
            { TEST_DB: 'pg', PASSWORD_HASH_NICE: '0' },
            'server/test/pg-global-setup.ts',
          )
        : []),
    ],
  },
});
