// The load benchmark's world: a fresh database with a synthetic catalogue, the virtual users'
// accounts (real sign-up, so each password hash is a real scrypt hash) and a few sellers whose
// approved ads the virtual users write to.
import { rmSync } from 'node:fs';
import { inArray, like } from 'drizzle-orm';
import pg from 'pg';
import type { Services } from '../../server/app-env';
import type { Database } from '../../server/db/client';
import { ads } from '../../server/db/schema/ads';
import { user } from '../../server/db/schema/auth';
import { countAds, ensureSeedUsers, insertSyntheticBatch } from '../../server/seed/synthetic';
import { progressBar } from '../lib/progress';

/** Every bench account lives under this domain, so they are easy to tell apart when inspecting. */
export const BENCH_DOMAIN = 'bench.armamarket.ro';
export const BENCH_PASSWORD = 'parola-bench-2026';
/** Owners of the synthetic catalogue, as the browse benchmark and db:seed make it. */
const SYNTHETIC_SELLERS = 500;
const BATCH = 10_000;

export type Account = { email: string; password: string };

/** Drops and recreates the database named by the URL: every run starts from the same state. */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    // FORCE ends sessions left over from an interrupted run (a server that was not stopped).
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

export function wipeDirectory(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The synthetic catalogue (about 70% approved), in batches with a progress bar like db:seed. */
export async function seedCatalogue(db: Database, target: number): Promise<number> {
  await ensureSeedUsers(db, SYNTHETIC_SELLERS);
  const bar = progressBar('ads', target);
  for (let from = 0; from < target; from += BATCH) {
    const to = Math.min(target, from + BATCH);
    await insertSyntheticBatch(db, from, to, SYNTHETIC_SELLERS);
    bar.update(to);
  }
  bar.done();
  return countAds(db);
}

/**
 * Registers accounts through better-auth in this process, exactly as sign-up does (scrypt hash,
 * profile made by the user hook), then marks them verified as the e-mail link would. A few sign-ups
 * at a time: scrypt runs on libuv's four threads, more at once would only queue.
 */
export async function createAccounts(
  services: Services,
  label: string,
  prefix: string,
  count: number,
): Promise<Account[]> {
  const accounts = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i + 1}@${BENCH_DOMAIN}`,
    password: BENCH_PASSWORD,
  }));
  const bar = progressBar(label, count);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < accounts.length) {
        const i = next++;
        const account = accounts[i]!;
        // The profile hook reads the names and language from the body, as the sign-up route sends them.
        const body = {
          email: account.email,
          password: account.password,
          name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[i % LAST_NAMES.length]}`,
          firstName: FIRST_NAMES[i % FIRST_NAMES.length],
          lastName: LAST_NAMES[i % LAST_NAMES.length],
          locale: 'ro',
        };
        await services.auth.api.signUpEmail({ body });
        bar.update(++done);
      }
    }),
  );
  bar.done();
  await services.db
    .update(user)
    .set({ emailVerified: true })
    .where(like(user.email, `${prefix}%@${BENCH_DOMAIN}`));
  return accounts;
}

/** Approved ads of the given sellers, written straight into the table (as moderation would leave them). */
export async function createSellerAds(db: Database, sellerEmails: string[], perSeller: number) {
  const sellers = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, sellerEmails));
  const rows = sellers.flatMap((seller, s) =>
    Array.from({ length: perSeller }, (_, k) => {
      const item = SELLER_ITEMS[(s * perSeller + k) % SELLER_ITEMS.length]!;
      return {
        userId: seller.id,
        title: item.title,
        description: item.description,
        category: item.category,
        condition: 'good',
        price: 1500 + ((s * 37 + k * 211) % 9000),
        brand: item.brand,
        caliber: item.caliber,
        location: CITIES[(s + k) % CITIES.length]!,
        status: 'approved',
      };
    }),
  );
  const inserted = await db.insert(ads).values(rows).returning({ id: ads.id });
  return inserted.map((row) => row.id);
}

const FIRST_NAMES = ['Andrei', 'Maria', 'Ion', 'Elena', 'Mihai', 'Ioana', 'Vlad', 'Ana', 'Radu', 'Cristina'];
const LAST_NAMES = ['Popescu', 'Ionescu', 'Popa', 'Stan', 'Dumitru', 'Constantin', 'Marin', 'Georgescu'];
const CITIES = ['București', 'Cluj-Napoca', 'Timișoara', 'Iași', 'Brașov', 'Sibiu', 'Oradea', 'Constanța'];
const SELLER_ITEMS = [
  {
    title: 'Carabină Sako 85 Hunter, .308 Win',
    description: 'Carabină bolt-action în stare foarte bună, întreținută cu grijă, acte în regulă.',
    category: 'long-guns',
    brand: 'Sako',
    caliber: '.308 Win',
  },
  {
    title: 'Pistol Glock 19 Gen 5, 9x19',
    description: 'Pistol semiautomat folosit puțin, cutie originală, două încărcătoare.',
    category: 'firearms',
    brand: 'Glock',
    caliber: '9x19',
  },
  {
    title: 'Lunetă Zeiss Conquest V4 3-12x56',
    description: 'Lunetă cu reticul iluminat, ideală pentru vânătoare la pândă, fără zgârieturi.',
    category: 'optics',
    brand: 'Zeiss',
    caliber: null,
  },
  {
    title: 'Pușcă Beretta A400 Xplor, 12/76',
    description: 'Pușcă semiautomată pentru vânătoare, precisă, transfer prin armurier.',
    category: 'long-guns',
    brand: 'Beretta',
    caliber: '12/76',
  },
  {
    title: 'Seif pentru arme, 5 locuri',
    description: 'Seif omologat cu încuietoare electronică, predare personală, stare foarte bună.',
    category: 'accessories',
    brand: null,
    caliber: null,
  },
];
