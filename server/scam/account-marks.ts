import { eq, sql } from 'drizzle-orm';
import { type AccountMarks, NEW_ACCOUNT_DAYS } from '../../common/scam/safety';
import type { Database } from '../db/client';
import { user } from '../db/schema/auth';

/** "Cont nou" in SQL: the account `createdAt` names was made less than NEW_ACCOUNT_DAYS ago (database clock). */
export const newAccountSql = (createdAt: unknown) =>
  sql<boolean>`coalesce(${createdAt} > now() - make_interval(days => ${NEW_ACCOUNT_DAYS}), false)`;

/**
 * How new an account is and whether its e-mail is verified (issue 30): on threads, ad pages and seller
 * pages. An unknown or erased account is neither new nor verified.
 */
export async function accountMarksOf(db: Database, userId: string): Promise<AccountMarks> {
  const [row] = await db
    .select({ newAccount: newAccountSql(user.createdAt), emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return { newAccount: row?.newAccount === true, emailVerified: row?.emailVerified === true };
}
