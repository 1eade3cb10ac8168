import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CountyCode } from '../../common/counties';
import type {
  DealerServiceFees,
  dealerServicesInputSchema,
  MyDealerServices,
  TransferDealer,
} from '../../common/schemas/handovers';
import type { Viewer } from '../auth/viewer';
import { type Database, queryRows } from '../db/client';
import { dealerServices } from '../db/schema/handovers';
import { AppError } from '../errors';
import { authorize, can } from '../policies/policies';

// Issue 29: a verified dealer's transfer services (inspection, handover, keeping), and the dealers
// offering them in a county, which the legal guide lists under a weapon ad and in a deal.

type ServicesRow = {
  user_id: string;
  business_name: string | null;
  county: CountyCode;
  address: string;
  inspection_fee: number | null;
  handover_fee: number | null;
  keeping_fee: number | null;
  updated_at: Date | string;
};

const feesOf = (row: ServicesRow): DealerServiceFees => ({
  inspection: row.inspection_fee === null ? null : Number(row.inspection_fee),
  handover: row.handover_fee === null ? null : Number(row.handover_fee),
  keeping: row.keeping_fee === null ? null : Number(row.keeping_fee),
});

/** A dealer whose badge holds and whose account is active, with the business name of the badge. */
const listedDealer = sql`
  join profiles p on p.id = s.user_id and p.dealer_verified_at is not null and p.is_active
  join lateral (
    select business_name from dealer_applications a
    where a.user_id = s.user_id and a.status = 'approved'
    order by a.decided_at desc nulls last limit 1
  ) a on true`;

const offersAny = sql`(s.inspection_fee is not null or s.handover_fee is not null or s.keeping_fee is not null)`;

async function isVerifiedDealer(db: Database, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ verified: boolean }>(
    db,
    sql`select dealer_verified_at is not null as verified from profiles where id = ${userId}`,
  );
  return row?.verified === true;
}

async function ownServices(db: Database, userId: string): Promise<MyDealerServices['services']> {
  const [row] = await queryRows<ServicesRow>(
    db,
    sql`select s.*, null as business_name from dealer_services s where s.user_id = ${userId}`,
  );
  if (!row) return null;
  return {
    county: row.county,
    address: row.address,
    fees: feesOf(row),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The caller's services as they set them, and whether they may (a verified dealer). */
export async function myDealerServices(db: Database, viewer: Viewer | null): Promise<MyDealerServices> {
  authorize(viewer, 'dealerServices.readOwn');
  const eligible = await isVerifiedDealer(db, viewer.id);
  return { eligible, services: eligible ? await ownServices(db, viewer.id) : null };
}

/** A verified dealer sets their services; all fees null stops offering (the row stays, unlisted). */
export async function saveDealerServices(
  db: Database,
  viewer: Viewer | null,
  input: z.output<typeof dealerServicesInputSchema>,
): Promise<MyDealerServices> {
  authorize(viewer, 'dealerServices.readOwn');
  const subject = { userId: viewer.id, verified: await isVerifiedDealer(db, viewer.id) };
  if (!can(viewer, 'dealerServices.update', subject))
    throw new AppError(403, 'dealer_not_verified', 'Only a verified dealer offers transfer services.');
  const values = {
    county: input.county,
    address: input.address,
    inspectionFee: input.fees.inspection,
    handoverFee: input.fees.handover,
    keepingFee: input.fees.keeping,
    updatedAt: sql`now()`,
  };
  await db
    .insert(dealerServices)
    .values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: dealerServices.userId, set: values });
  return myDealerServices(db, viewer);
}

/** The dealers offering at least one service in these counties, by county then name. */
export async function transferDealers(
  db: Database,
  viewer: Viewer | null,
  counties: CountyCode[],
): Promise<TransferDealer[]> {
  authorize(viewer, 'dealerServices.browse');
  const rows = await queryRows<ServicesRow>(
    db,
    sql`select s.*, a.business_name from dealer_services s ${listedDealer}
        where s.county in (${sql.join(
          counties.map((county) => sql`${county}`),
          sql`, `,
        )}) and ${offersAny}
        order by s.county, a.business_name, s.user_id
        limit 200`,
  );
  return rows.map(presentDealer);
}

function presentDealer(row: ServicesRow): TransferDealer {
  return {
    dealerId: row.user_id,
    businessName: row.business_name ?? '',
    county: row.county,
    address: row.address,
    fees: feesOf(row),
  };
}

/** One dealer's services as listed now (null when not listed: no badge, inactive, nothing offered). */
export async function listedDealerServices(db: Database, dealerId: string): Promise<TransferDealer | null> {
  const [row] = await queryRows<ServicesRow>(
    db,
    sql`select s.*, a.business_name from dealer_services s ${listedDealer}
        where s.user_id = ${dealerId} and ${offersAny}`,
  );
  return row ? presentDealer(row) : null;
}
