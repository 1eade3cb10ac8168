import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ServerProcess, sleep, startServer } from '../test/server-process';

/**
 * WEB_CONCURRENCY=2 (server/cluster.ts, issue 27): the server forks two processes sharing its port,
 * starts another when one dies, and stops them all on SIGTERM.
 */

/** The server processes that said they listen, from their log lines (pino writes each one's pid). */
const listening = (server: ServerProcess): number[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('Marketplace listening'))
    .map((line) => Number(/"pid":(\d+)/.exec(line)?.[1]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const healthy = async (server: ServerProcess) => (await fetch(`${server.url}/api/health`)).status === 200;

async function waitFor<T>(what: string, read: () => T, done: (value: T) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

describe.runIf(process.env.TEST_DB === 'pg')('WEB_CONCURRENCY=2', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase('cluster');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cluster-'));
  });

  afterAll(async () => {
    if (server?.running()) await server.stop('SIGKILL').catch(() => {});
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves from two processes, replaces one that dies, and stops both on SIGTERM', async () => {
    const started = await startServer({
      dataDir,
      databaseUrl: scratch.url,
      env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
    });
    server = started;
    // Health answers once the first listens; the second starts after it.
    await waitFor('the start', () => started.output().includes('server processes started'), Boolean);
    const [dead = 0, kept = 0] = listening(started);
    expect(listening(started)).toHaveLength(2);
    expect([dead, kept]).not.toContain(started.pid);
    expect(await healthy(started)).toBe(true);

    process.kill(dead, 'SIGKILL');
    const replacement = await waitFor('a replacement', () => listening(started)[2] ?? 0, Boolean);
    expect([alive(dead), alive(kept), alive(replacement)]).toEqual([false, true, true]);
    // The port stayed open while one was gone, and the new one serves on it too.
    for (let i = 0; i < 10; i++) expect(await healthy(started)).toBe(true);

    const exit = await started.stop('SIGTERM', 20_000);
    expect(exit.code).toBe(0);
    expect([alive(kept), alive(replacement)]).toEqual([false, false]);
  }, 180_000);
});
