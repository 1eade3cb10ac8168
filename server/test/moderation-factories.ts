import { reports } from '../db/schema/interactions';
import type { TestContext } from './harness';

/** A report written straight into the database (the reporting route belongs to another module). */
export async function createReport(
  ctx: TestContext,
  adId: string,
  overrides: Partial<typeof reports.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(reports)
    .values({ adId, reason: 'spam', details: null, ...overrides })
    .returning();
  if (!row) throw new Error('createReport inserted nothing');
  return row;
}
