import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, startServer } from '../test/server-process';

const run = promisify(execFile);
const onPostgres = process.env.TEST_DB === 'pg';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jobs-run-'));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run jobs:run -- maintenance`, as an operator types it (tsx through npm's PATH). */
const jobsRun = (env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/jobs-run.ts', 'maintenance'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'off', ...env },
  });

describe('npm run jobs:run -- maintenance (issue 32)', () => {
  it('runs the maintenance now, beside a running server', async () => {
    const env: Record<string, string> = {};
    if (onPostgres) {
      const scratch = await createScratchDatabase('jobs_run');
      cleanups.push(() => scratch.drop());
      env.DATABASE_URL = scratch.url;
    }
    const server = await startServer({ dataDir, databaseUrl: env.DATABASE_URL, startTimeoutMs: 240_000 });
    cleanups.push(() => server.stop());
    const { stdout } = await jobsRun(env);
    // The embedded database is the server's alone: the server runs it. PostgreSQL: this process does.
    expect(stdout).toMatch(
      onPostgres ? /Maintenance done in \d+ ms/ : /The running server ran the maintenance/,
    );
    await server.stop();
    if (!onPostgres) expect((await jobsRun(env)).stdout).toMatch(/Maintenance done in \d+ ms/);
  }, 480_000);
});
