import { type SQL, sql } from 'drizzle-orm';
import {
  type Database,
  PINNED_PLANS,
  type PinnedPlan,
  pinnedDatabase,
  preparedRows,
  queryRows,
} from './client';

/**
 * Runs a query that reads rows through bitmap scans of the indexes only. Told that a text matches
 * thousands, the planner may otherwise walk a whole index hoping to stop early, and read every listed
 * ad when the text is rarer than it guessed: 960 ms for `carabine glock` at a million ads, against
 * 10 ms through the GIN index.
 */
export function throughBitmaps<T>(db: Database, query: SQL): Promise<T[]> {
  return withPinnedPlan(db, query, 'bitmaps');
}

/**
 * Runs a query that reads an index in its order and stops: never a scan of every match and a sort,
 * which the planner picks when it misjudges how many ads a filter keeps (`brand=CZ&condition=fair`:
 * 300 ms at a million ads).
 */
export function throughSortIndex<T>(db: Database, query: SQL, preparedAs?: string): Promise<T[]> {
  return withPinnedPlan(db, query, 'sortIndex', preparedAs);
}

/**
 * The query on the pinned plan's own connections (PostgreSQL), prepared there once when it is named
 * (preparedRows), or with its planner methods switched off for a transaction of its own (PGlite, or
 * inside a transaction).
 */
async function withPinnedPlan<T>(
  db: Database,
  query: SQL,
  plan: PinnedPlan,
  preparedAs?: string,
): Promise<T[]> {
  const pinned = pinnedDatabase(db, plan);
  if (pinned) return preparedAs ? preparedRows<T>(pinned, preparedAs, query) : queryRows<T>(pinned, query);
  return db.transaction(async (tx) => {
    const settings = PINNED_PLANS[plan].map((name) => sql`set_config(${name}, 'off', true)`);
    await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
    return queryRows<T>(tx, query);
  });
}
