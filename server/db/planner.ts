import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from './client';

/**
 * Runs a query that reads rows through bitmap scans of the indexes only. Told that a text matches
 * thousands, the planner may otherwise walk a whole index hoping to stop early, and read every listed
 * ad when the text is rarer than it guessed: 960 ms for `carabine glock` at a million ads, against
 * 10 ms through the GIN index.
 */
export function throughBitmaps<T>(db: Database, query: SQL): Promise<T[]> {
  return withPlannerSettings(db, query, ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']);
}

/**
 * Runs a query that reads an index in its order and stops: never a scan of every match and a sort,
 * which the planner picks when it misjudges how many ads a filter keeps (`brand=CZ&condition=fair`:
 * 300 ms at a million ads).
 */
export function throughSortIndex<T>(db: Database, query: SQL): Promise<T[]> {
  return withPlannerSettings(db, query, ['enable_sort', 'enable_seqscan', 'enable_bitmapscan']);
}

/** The query with the named planner methods switched off for its transaction only. */
async function withPlannerSettings<T>(db: Database, query: SQL, off: readonly string[]): Promise<T[]> {
  return db.transaction(async (tx) => {
    const settings = off.map((name) => sql`set_config(${name}, 'off', true)`);
    await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
    return queryRows<T>(tx, query);
  });
}
