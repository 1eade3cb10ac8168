import { eq, sql } from 'drizzle-orm';
import { countyOfPlace } from '../../common/counties';
import { isWeaponCategory } from '../../common/legal';
import type { Role } from '../../common/roles';
import { adInputSchema } from '../../common/schemas/ads';
import { createAd } from '../ads/commands';
import { saveUpload } from '../ads/uploads';
import type { Services } from '../app-env';
import { enableTotp, totpSecretOf } from '../auth/two-factor-setup';
import { queryRows } from '../db/client';
import { ads } from '../db/schema/ads';
import { user } from '../db/schema/auth';
import { dealerApplications } from '../db/schema/dealers';
import { dealerServices } from '../db/schema/handovers';
import { profiles } from '../db/schema/profiles';
import { seedDemoDeals } from '../deals/demo-deals';
import { DEMO_ADS, DEMO_STATE_ADS, type DemoStateAd } from './demo-ads';
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
    // Staff need two-factor (server/policies). What an authenticator app takes is its base32 form,
    // printed in the log and the README: MFZG2YLNMFZGWZLUFVSGK3LPFUZGMYJB (see totpSecretOf).
    totpSecret: 'armamarket-demo-2fa!',
  },
  {
    email: 'admin@armamarket.ro',
    password: 'admin-parola-2026',
    firstName: 'Ioana',
    lastName: 'Dinu',
    role: 'admin.super',
    // Base32 MFZG2YLNMFZGWZLUFVQWI3LJNYWTEZTBEE (see totpSecretOf).
    totpSecret: 'armamarket-admin-2fa!',
  },
] as const satisfies ReadonlyArray<{
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  totpSecret?: string;
}>;

const HOUR = 3600_000;

/** True for a database nobody has used yet: no account at all. */
export async function isEmptyDatabase(services: Pick<Services, 'db'>): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(services.db, sql`select count(*)::int as n from "user"`);
  return (row?.n ?? 0) === 0;
}

export async function createDemoAccount(
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
    // Issue 31: 18 or older, the terms and privacy notice accepted (recorded by the profile hook).
    acceptAdult: true,
    acceptTerms: true,
  };
  const created = await services.auth.api.signUpEmail({ body });
  await services.db
    .update(user)
    .set({ emailVerified: true, role: account.role })
    .where(eq(user.id, created.user.id));
  if ('totpSecret' in account)
    await enableTotp(services.auth, services.db, created.user.id, account.totpSecret);
  return created.user.id;
}

/** How the log and the README show a demo account: address, password, and the TOTP secret if any. */
export const describeDemoAccount = (account: (typeof DEMO_ACCOUNTS)[number]) =>
  `${account.role}: ${account.email} / ${account.password}` +
  ('totpSecret' in account ? ` / TOTP secret ${totpSecretOf(account.totpSecret).base32}` : '');

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
  await createDemoAccount(services, DEMO_ACCOUNTS[3]);
  await makeDemoDealer(services, sellerB);
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
    const id = await createAd(services, seedSubmitter(owner, index), parseDemoAd({ ...fields, imageIds }));
    // Interleave the categories in time, so the newest ads are not all of one kind.
    const rank = (index * 17) % DEMO_ADS.length;
    const createdAt = new Date(now - (rank * 17 + (index % 5) * 3) * HOUR);
    await services.db
      .update(ads)
      .set({
        status: 'approved',
        featured: featured === true,
        createdAt,
        updatedAt: createdAt,
        publishedAt: createdAt,
      })
      .where(eq(ads.id, id));
    onProgress(index + 1, DEMO_ADS.length);
  }
  await seedDemoStates(services, [sellerA, sellerB], now);
  // Issue 28: deals and ratings, so that a first start shows scores.
  await seedDemoDeals(services, sellerA, sellerB, now);
  return { ads: DEMO_ADS.length + DEMO_STATE_ADS.length, accounts: DEMO_ACCOUNTS };
}

const DAY = 24 * HOUR;

/** The second demo seller is an authorised dealer whose application an admin approved (issue 12). */
async function makeDemoDealer(services: Services, userId: string) {
  const decidedAt = new Date(Date.now() - 30 * DAY);
  await services.db.insert(dealerApplications).values({
    userId,
    businessName: 'Armurieria Stan SRL',
    cui: '14399840',
    authorisationNumber: 'IGPR 2417/2021',
    status: 'approved',
    createdAt: new Date(decidedAt.getTime() - 2 * DAY),
    decidedAt,
  });
  await services.db.update(profiles).set({ dealerVerifiedAt: decidedAt }).where(eq(profiles.id, userId));
  // Issue 29: the dealer offers transfer services in Bucharest, so that the guide under a weapon
  // ad there, and a deal's handover request, have a dealer to show.
  await services.db.insert(dealerServices).values({
    userId,
    county: 'B',
    address: 'Str. Doamnei nr. 12, Sector 3, București',
    inspectionFee: 100,
    handoverFee: 150,
    keepingFee: 50,
  });
}

/** The demo sellers post from the seeding machine; their weapons carry the declaration like any other. */
const seedSubmitter = (owner: string, index: number) => ({
  id: owner,
  email: (index % 2 === 0 ? DEMO_ACCOUNTS[0] : DEMO_ACCOUNTS[1]).email,
  clientIp: '127.0.0.1',
});

/** Weapons default to "subject to authorisation" (category B, the usual case) unless the demo names one. */
function parseDemoAd(fields: Record<string, unknown> & { category: string; legalCategory?: string }) {
  return adInputSchema.parse({
    ...fields,
    county: countyOfPlace(String(fields.location)),
    legalCategory: isWeaponCategory(fields.category) ? (fields.legalCategory ?? 'authorisation') : null,
    declaration: isWeaponCategory(fields.category),
  });
}

/** The ads of DEMO_STATE_ADS, each put in its state as the app would have (issue 12). */
async function seedDemoStates(services: Services, owners: string[], now: number) {
  for (const [index, demo] of DEMO_STATE_ADS.entries()) {
    const owner = owners[index % owners.length] as string;
    const upload = await saveUpload(services, owner, await drawDemoPhoto(demo.category, 200 + index));
    const {
      featured: _featured,
      state: _state,
      days: _days,
      moderationReason: _reason,
      legalCategory: _legal,
      ...fields
    } = demo;
    const id = await createAd(
      services,
      seedSubmitter(owner, index),
      parseDemoAd({ legalCategory: demo.legalCategory, ...fields, imageIds: [upload.id] }),
    );
    const change = stateColumns(demo, new Date(now - (70 + index) * DAY), now);
    // Ads that were public were published when approved: here, when they were made.
    const published = ['approved', 'sold', 'expired'].includes(String(change.status));
    await services.db
      .update(ads)
      .set({ ...change, publishedAt: published ? change.createdAt : null })
      .where(eq(ads.id, id));
  }
}

function stateColumns(demo: DemoStateAd, createdAt: Date, now: number): Partial<typeof ads.$inferInsert> {
  const at = (offsetDays: number) => new Date(now + offsetDays * DAY);
  const days = demo.days ?? 0;
  switch (demo.state) {
    case 'expiring':
      return { status: 'approved', createdAt, expiresAt: at(days) };
    case 'ended':
      return { status: 'approved', createdAt, expiresAt: new Date(now - HOUR) };
    case 'expired':
      return { status: 'expired', createdAt, expiresAt: at(-days), expiredAt: at(-days) };
    case 'sold':
    case 'sold-long-ago':
      return { status: 'sold', createdAt, soldAt: at(-days) };
    case 'approved':
      return { status: 'approved', createdAt: at(-days) };
    default:
      return { status: demo.state, moderationReason: demo.moderationReason ?? null };
  }
}
