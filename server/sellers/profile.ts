import { eq, type SQL, sql } from 'drizzle-orm';
import type { CountyCode } from '../../common/counties';
import { browseQuerySchema } from '../../common/schemas/ads';
import type { SellerProfile } from '../../common/schemas/sellers';
import { listingConditions } from '../ads/browse';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { dealerNameOf } from '../dealers/dealers';
import { notFound } from '../errors';
import { authorize, type SellerSubject } from '../policies/policies';
import { newAccountSql } from '../scam/account-marks';
import { replyTimeOf } from './reply-time';

/** What "listed" means for an ad `a`, as the public lists say it (approved, owner active). */
export const LISTED: SQL = sql.join(listingConditions(browseQuerySchema.parse({})), sql` and `);

/** The name a seller goes by in public: "Mihai P.", on their page and on their ads' pages alike. */
export function displayNameOf(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0]?.toLocaleUpperCase('ro') ?? '';
  return [first, initial && `${initial}.`].filter(Boolean).join(' ');
}

type Found = SellerSubject & { id: string; firstName: string; lastName: string; memberSince: string };

/** The seller as the policies see them, or null for an id that names no account. */
async function findSeller(db: Database, id: string): Promise<Found | null> {
  // better-auth's ids are short words; PostgreSQL text cannot even hold a NUL.
  if (id.length === 0 || id.length > 100 || id.includes('\u0000')) return null;
  const [row] = await db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      isActive: profiles.isActive,
      // The month as people in Romania would say it; the day and hour are nobody's business.
      memberSince: sql<string>`to_char(${profiles.createdAt} at time zone 'Europe/Bucharest', 'YYYY-MM')`,
    })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * A seller who may be shown (an active account), or 404: unknown ids and deactivated accounts
 * answer alike, so the page reveals nothing about accounts it does not show.
 */
export async function requireSeller(db: Database, viewer: Viewer | null, id: string): Promise<Found> {
  const seller = await findSeller(db, id);
  if (!seller) throw notFound();
  authorize(viewer, 'seller.view', seller);
  return seller;
}

/** The public profile: name, county, member since, verified e-mail, counts and typical reply time. */
export async function loadSellerProfile(
  db: Database,
  viewer: Viewer | null,
  id: string,
): Promise<SellerProfile> {
  const seller = await requireSeller(db, viewer, id);
  const [[verified], [counts], [newest], replyTime, dealerName] = await Promise.all([
    db
      .select({ emailVerified: user.emailVerified, newAccount: newAccountSql(user.createdAt) })
      .from(user)
      .where(eq(user.id, id))
      .limit(1),
    queryRows<{ active: number; sold: number }>(
      db,
      sql`select (count(*) filter (where ${LISTED}))::int as active,
                 (count(*) filter (where a.status = 'sold'))::int as sold
          from ads a where a.user_id = ${id}`,
    ),
    // Profiles keep no county: the seller's newest listed ad that names one says where they sell.
    queryRows<{ county: string }>(
      db,
      sql`select a.county from ads a
          where a.user_id = ${id} and ${LISTED} and a.county is not null
          order by a.created_at desc, a.id desc limit 1`,
    ),
    replyTimeOf(db, id),
    dealerNameOf(db, id),
  ]);
  return {
    id: seller.id,
    displayName: displayNameOf(seller.firstName, seller.lastName),
    county: (newest?.county ?? null) as CountyCode | null,
    memberSince: seller.memberSince,
    emailVerified: verified?.emailVerified === true,
    newAccount: verified?.newAccount === true,
    dealerName,
    counts: { active: Number(counts?.active ?? 0), sold: Number(counts?.sold ?? 0) },
    replyTime,
  };
}
