import { eq, sql } from 'drizzle-orm';
import { countyOfPlace } from '../../common/counties';
import type { Role } from '../../common/roles';
import { adInputSchema } from '../../common/schemas/ads';
import { createAd } from '../ads/commands';
import { saveUpload } from '../ads/uploads';
import type { Services } from '../app-env';
import { queryRows } from '../db/client';
import { ads } from '../db/schema/ads';
import { user } from '../db/schema/auth';
import { DEMO_ADS } from './demo-ads';
import { drawDemoPhoto } from './demo-images';

export const DEMO_ACCOUNTS = [
  {
    email: 'demo@armamarket.ro',
    password: 'demo-parola-2026',
    firstName: 'Mihai',
    lastName: 'Popescu',
    role: 'user',
  },
  {
    email: 'vanzator@armamarket.ro',
    password: 'vanzator-parola-2026',
    firstName: 'Andrei',
    lastName: 'Stan',
    role: 'user',
  },
  {
    email: 'moderator@armamarket.ro',
    password: 'moderator-parola-2026',
    firstName: 'Elena',
    lastName: 'Marin',
    role: 'admin.moderator',
  },
] as const satisfies ReadonlyArray<{
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}>;

const HOUR = 3600_000;

/** True for a database nobody has used yet: no account at all. */
export async function isEmptyDatabase(services: Pick<Services, 'db'>): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(services.db, sql`select count(*)::int as n from "user"`);
  return (row?.n ?? 0) === 0;
}

async function createDemoAccount(
  services: Services,
  account: (typeof DEMO_ACCOUNTS)[number],
): Promise<string> {
  // The profile hook reads names and language from the body, as the sign-up route sends them.
  const body = {
    email: account.email,
    password: account.password,
    name: `${account.firstName} ${account.lastName}`,
    firstName: account.firstName,
    lastName: account.lastName,
    locale: 'ro',
  };
  const created = await services.auth.api.signUpEmail({ body });
  await services.db
    .update(user)
    .set({ emailVerified: true, role: account.role })
    .where(eq(user.id, created.user.id));
  return created.user.id;
}

/**
 * About forty approved ads in Romanian across the categories, with pictures drawn locally, owned by
 * two demo sellers, plus a demo moderator. Spread over the last weeks so "newest" means something.
 */
export async function seedDemoData(
  services: Services,
  onProgress: (done: number, total: number) => void = () => {},
) {
  const [sellerA, sellerB] = [
    await createDemoAccount(services, DEMO_ACCOUNTS[0]),
    await createDemoAccount(services, DEMO_ACCOUNTS[1]),
  ];
  await createDemoAccount(services, DEMO_ACCOUNTS[2]);
  const now = Date.now();
  for (const [index, demo] of DEMO_ADS.entries()) {
    const owner = index % 2 === 0 ? sellerA : sellerB;
    const photoCount = 1 + (index % 3);
    const imageIds: string[] = [];
    for (let photo = 0; photo < photoCount; photo++) {
      const upload = await saveUpload(services, owner, await drawDemoPhoto(demo.category, index * 3 + photo));
      imageIds.push(upload.id);
    }
    const { featured, ...fields } = demo;
    const county = countyOfPlace(fields.location);
    const id = await createAd(services, owner, adInputSchema.parse({ ...fields, county, imageIds }));
    // Interleave the categories in time, so the newest ads are not all of one kind.
    const rank = (index * 17) % DEMO_ADS.length;
    const createdAt = new Date(now - (rank * 17 + (index % 5) * 3) * HOUR);
    await services.db
      .update(ads)
      .set({ status: 'approved', featured: featured === true, createdAt, updatedAt: createdAt })
      .where(eq(ads.id, id));
    onProgress(index + 1, DEMO_ADS.length);
  }
  return { ads: DEMO_ADS.length, accounts: DEMO_ACCOUNTS };
}
