import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TcpProxy } from '../resilience/tcp-proxy';
import {
  DatabaseUnavailableError,
  type DbHandle,
  isDatabaseUnavailableError,
  isDatabaseUnreachable,
  openDatabase,
  PINNED_PLANS,
  type PinnedPlan,
  pinnedDatabase,
  queryRows,
} from './client';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailableError', () => {
  it('recognizes a database out of reach, however the driver and drizzle wrap it', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    for (const err of [
      refused,
      new DrizzleQueryError('select 1', [], refused),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), refused]),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
      new DrizzleQueryError(
        'rollback',
        [],
        new Error('Client has encountered a connection error and is not queryable'),
      ),
      new DatabaseUnavailableError('The database does not answer'),
    ]) {
      expect(isDatabaseUnavailableError(err), String(err)).toBe(true);
    }
  });

  it('leaves query errors and everything else alone', () => {
    for (const err of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('canceling statement due to statement timeout', '57014'),
      new DrizzleQueryError('select 1', [], withCode('relation "nope" does not exist', '42P01')),
      new Error('Something else'),
      'ECONNREFUSED',
      null,
    ]) {
      expect(isDatabaseUnavailableError(err), String(err)).toBe(false);
    }
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('a PostgreSQL pool losing its server', () => {
  let proxy: TcpProxy;
  let database: DbHandle;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL ?? '');
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.listen();
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    database = await openDatabase({
      kind: 'pg',
      url: url.toString(),
      poolSize: 2,
      timeouts: { connectMs: 500, statementMs: 5_000 },
    });
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
  });

  it('fails a transaction whose connection drops between statements, without crashing the process', async () => {
    // pg-pool has no error listener on a checked-out client: without ours, the dropped connection
    // was an unhandled 'error' event (the process died with ECONNRESET).
    const outcome = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await proxy.restart();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    const err = await outcome.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isDatabaseUnavailableError(err), String(err)).toBe(true);
    expect(isDatabaseUnreachable(database.db)).toBe(true);

    // Refused while down: fails at once, and the pool counts as cut off.
    const started = performance.now();
    const refused = await database.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    expect(isDatabaseUnavailableError(refused), String(refused)).toBe(true);
    expect(performance.now() - started).toBeLessThan(400);
    expect(isDatabaseUnreachable(database.db)).toBe(true);

    await proxy.up();
    await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
    expect(isDatabaseUnreachable(database.db)).toBe(false);
  });

  it('gives up on a connection that is never answered after the connect timeout', async () => {
    proxy.partition();
    // The idle connection dropped just now leaves the pool on its socket's close event.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const err = await database.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    const waited = performance.now() - started;
    expect(isDatabaseUnavailableError(err), String(err)).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(2_000);
    expect(isDatabaseUnreachable(database.db)).toBe(true);
    await proxy.up();
    await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
    expect(isDatabaseUnreachable(database.db)).toBe(false);
  });

  it('counts a pool as cut off only for a while after its last failure', () => {
    expect(isDatabaseUnreachable(database.db, Date.now() + 60_000)).toBe(false);
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('a PostgreSQL connection', () => {
  it('is set for an in-memory working set and many requests at once, and pinned plans have their own', async () => {
    const database = await openDatabase({
      kind: 'pg',
      url: process.env.TEST_DATABASE_URL ?? '',
      poolSize: 1,
    });
    try {
      const rows = await queryRows<{ name: string; setting: string }>(
        database.db,
        sql`select name, setting from pg_settings
            where name in ('random_page_cost', 'jit', 'max_parallel_workers_per_gather') order by name`,
      );
      expect(rows).toEqual([
        { name: 'jit', setting: 'off' },
        { name: 'max_parallel_workers_per_gather', setting: '0' },
        { name: 'random_page_cost', setting: '1.1' },
      ]);
      // A pinned plan's own connections deny its planner methods from the start (planner.ts).
      for (const [plan, methods] of Object.entries(PINNED_PLANS)) {
        const pinned = pinnedDatabase(database.db, plan as PinnedPlan);
        if (!pinned) throw new Error(`no connections for ${plan}`);
        const denied = await queryRows<{ name: string; setting: string }>(
          pinned,
          sql`select name, setting from pg_settings where name in ('enable_seqscan', 'enable_indexscan',
            'enable_indexonlyscan', 'enable_bitmapscan', 'enable_sort') and setting = 'off' order by name`,
        );
        expect(denied.map((row) => row.name)).toEqual([...methods].sort());
      }
    } finally {
      await database.close();
    }
  });
});

describe('PGlite', () => {
  it('is never unreachable: it lives in the process', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    expect(isDatabaseUnreachable(database.db)).toBe(false);
    await database.close();
  });
});
