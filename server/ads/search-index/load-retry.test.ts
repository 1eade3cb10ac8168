import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { IndexedSearch } from './index-sync';

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  opened = await openTestDatabase();
  await opened.database.migrate();
});
afterAll(() => opened.drop());

describe('the search index load (issue 32, item 2)', () => {
  it('is retried with backoff after a failure, and says so meanwhile', async () => {
    const { db } = opened.database;
    // The load fails for real while the ads are out of reach, as it did when PostgreSQL restarted
    // under a loading process (which then answered from SQL plans for good).
    await db.execute(sql`alter table ads rename to ads_away`);
    const search = new IndexedSearch(db);
    const failures: number[] = [];
    const loading = search.loadWithRetry((_err, retryInMs) => failures.push(retryInMs), {
      firstDelayMs: 50,
      maxDelayMs: 200,
    });
    await expect.poll(() => failures.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(search.ready).toBe(false);
    expect(search.stats.retrying).toBe(true);
    expect(failures[1]).toBe(failures[0]! * 2);
    await db.execute(sql`alter table ads_away rename to ads`);
    await loading;
    expect(search.ready).toBe(true);
    expect(search.stats.retrying).toBe(false);
    expect(search.stats.loadFailures).toBe(failures.length);
  }, 60_000);
});
