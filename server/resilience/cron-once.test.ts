import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import {
  createScratchDatabase,
  openServerServices,
  type ServerProcess,
  sleep,
  startServer,
} from '../test/server-process';

/**
 * Two server processes on one database, the maintenance cron set to every minute: each minute's run
 * happens once in the cluster, in one of the two, never in both.
 */

const MINUTES = 2;

describe.runIf(process.env.TEST_DB === 'pg')('cron jobs with two server processes', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let local: Awaited<ReturnType<typeof openServerServices>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('cron');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cron-once-'));
    local = await openServerServices({ dataDir, databaseUrl: scratch.url });
  });

  afterAll(async () => {
    for (const server of servers) if (server.running()) await server.stop('SIGKILL').catch(() => {});
    await local?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(`runs the maintenance once per minute for ${MINUTES} minutes, not once per process`, async () => {
    const env = { MAINTENANCE_CRON: '* * * * *', LOG_LEVEL: 'info', QUEUE_SUPERVISE_SECONDS: '5' };
    servers.push(await startServer({ dataDir, databaseUrl: scratch.url, env }));
    servers.push(await startServer({ dataDir, databaseUrl: scratch.url, env }));

    type JobRow = { id: string; state: string };
    const jobs = () =>
      queryRows<JobRow>(
        local.services.db,
        sql`select id, state::text as state
            from pgboss.job where name = 'maintenance' order by created_on`,
      );
    // What the cron pass sends: one forward per occurrence, named by the slot (minute) it falls in.
    const forwards = () =>
      queryRows<{ slot: string }>(
        local.services.db,
        sql`select data->>'slot' as slot from pgboss.job
            where name = '__pgboss__send-it' and data->>'name' = 'maintenance' order by data->>'slot'`,
      );
    const deadline = Date.now() + (MINUTES + 1.5) * 60_000;
    while (Date.now() < deadline) {
      const done = (await jobs()).filter((job) => job.state === 'completed');
      if (done.length >= MINUTES) break;
      await sleep(2_000);
    }
    // A moment for a duplicate to show up, were there one.
    await sleep(5_000);

    const rows = await jobs();
    const completed = rows.filter((job) => job.state === 'completed');
    expect(completed.length, JSON.stringify(rows)).toBeGreaterThanOrEqual(MINUTES);
    // A job is created when its forwarded occurrence is worked, which under load can be a few seconds
    // into the next minute; the occurrence's own minute is the slot pg-boss filed the forward under.
    const slots = (await forwards()).map((forward) => forward.slot);
    expect(new Set(slots).size, `one occurrence per minute: ${slots.join(', ')}`).toBe(slots.length);
    expect(rows.length, `one job per occurrence: ${slots.join(', ')}`).toBeLessThanOrEqual(slots.length);

    // Each job ran in exactly one process: count the runs each server logged.
    const runsIn = (server: ServerProcess) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"maintenance run"')).length;
    const runs = servers.map(runsIn);
    const finished = rows.filter((job) => job.state !== 'created').length;
    expect(runs[0]! + runs[1]!).toBe(finished);
    console.info(
      `cron with two processes: ${rows.length} maintenance jobs for occurrences ${slots.join(', ')}; ` +
        `runs per process ${runs.join(' + ')}; states ${rows.map((job) => job.state).join(', ')}`,
    );
  }, 300_000);
});
