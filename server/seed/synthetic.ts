import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/client';

// Fast synthetic ads for benchmarks: rows are made by PostgreSQL itself from generate_series, with
// values picked from word lists by a hash of the row number (deterministic, no round trips per row).

const NOUNS = [
  'Pistol',
  'Carabină',
  'Pușcă',
  'Lunetă',
  'Revolver',
  'Binoclu',
  'Red dot',
  'Seif',
  'Toc',
  'Bipod',
];
const BRANDS = [
  'Glock',
  'CZ',
  'Beretta',
  'Sako',
  'Tikka',
  'Browning',
  'Benelli',
  'Remington',
  'Zeiss',
  'Swarovski',
  'Leupold',
  'Walther',
  'SIG Sauer',
  'Mauser',
  'Winchester',
  'Ruger',
  'Canik',
  'Zastava',
  'Vortex',
  'Pulsar',
];
const MODELS = [
  '17',
  '19',
  '75 B',
  'Shadow 2',
  '92FS',
  '85 Hunter',
  'T3x',
  'B525',
  'A400',
  '870',
  'Conquest V4',
  'Z8i',
  'VX-3HD',
  'PPQ',
  'P226',
  'M18',
  'Model 70',
  'Mark IV',
  'TP9',
  'M70',
];
const CALIBERS = [
  '9x19',
  '9mm',
  '.308 Win',
  '7.62x39',
  '12/76',
  '.22 LR',
  '6.5 Creedmoor',
  '.30-06',
  '20/76',
  '.357 Magnum',
  '9.3x62',
  '.223 Rem',
  '.45 ACP',
  '16/70',
  '.300 Win Mag',
];
const ACTIONS = ['semiautomat', 'bolt-action', 'revolver', 'pump-action', 'supraetajată', 'juxtapusă'];
const CITIES = [
  'București',
  'Cluj-Napoca',
  'Timișoara',
  'Iași',
  'Constanța',
  'Craiova',
  'Brașov',
  'Galați',
  'Ploiești',
  'Oradea',
  'Sibiu',
  'Bacău',
  'Arad',
  'Pitești',
  'Suceava',
  'Baia Mare',
  'Deva',
  'Târgu Mureș',
];
const PHRASES = [
  'stare foarte bună',
  'folosită puțin',
  'întreținută cu grijă',
  'cutie originală',
  'trăgaci reglat',
  'ideală pentru vânătoare',
  'precisă la tir',
  'acte în regulă',
  'transfer prin armurier',
  'vând pentru upgrade',
];
/** One ad in a thousand mentions it: the "rare word" of the benchmark. */
export const RARE_WORD = 'damaschinată';
export const COMMON_WORD = 'carabina';

const CATEGORY_OF_NOUN = [
  'firearms',
  'long-guns',
  'long-guns',
  'optics',
  'firearms',
  'optics',
  'optics',
  'accessories',
  'accessories',
  'accessories',
];
const CONDITIONS = ['new', 'like-new', 'good', 'fair'];

const arr = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
/** A stable pseudo-random integer in [0, n) for row g and a salt. */
const pick = (salt: number, n: number) =>
  sql.raw(`((hashint8(g * ${salt}::bigint)::bigint & 2147483647) % ${n})`);

export async function ensureSeedUsers(db: Database, count: number): Promise<void> {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role)
    select 'seed-user-' || g, 'Vânzător ' || g, 'seed-' || g || '@seed.armamarket.ro', true, 'user'
    from generate_series(1, ${count}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into profiles (id, first_name, last_name, locale)
    select 'seed-user-' || g, 'Vânzător', 'Nr. ' || g, 'ro' from generate_series(1, ${count}) g
    on conflict do nothing`);
}

export async function countAds(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ads`);
  return row?.n ?? 0;
}

/** Inserts ads numbered [from, to): about 70% approved, the rest pending, needing changes or rejected. */
export async function insertSyntheticBatch(
  db: Database,
  from: number,
  to: number,
  users: number,
): Promise<void> {
  const noun = pick(7, NOUNS.length);
  await db.execute(sql`
    insert into ads (user_id, title, description, category, condition, price, brand, model, caliber, action,
      location, status, featured, created_at, updated_at)
    select
      'seed-user-' || (1 + ${pick(3, users)}),
      (${arr(NOUNS)})[1 + ${noun}] || ' ' || (${arr(BRANDS)})[1 + ${pick(11, BRANDS.length)}] || ' '
        || (${arr(MODELS)})[1 + ${pick(13, MODELS.length)}] || ', ' || (${arr(CALIBERS)})[1 + ${pick(17, CALIBERS.length)}],
      'Anunț ' || g || ': ' || (${arr(PHRASES)})[1 + ${pick(19, PHRASES.length)}] || ', '
        || (${arr(PHRASES)})[1 + ${pick(23, PHRASES.length)}] || '. '
        || case when ${pick(29, 1000)} = 0 then 'Țeavă ' || ${RARE_WORD} || ', piesă de colecție. ' else '' end
        || 'Predare personală în ' || (${arr(CITIES)})[1 + ${pick(31, CITIES.length)}] || '.',
      (${arr(CATEGORY_OF_NOUN)})[1 + ${noun}],
      (${arr(CONDITIONS)})[1 + ${pick(37, CONDITIONS.length)}],
      (100 + ${pick(41, 2_000_000)})::numeric / 100,
      (${arr(BRANDS)})[1 + ${pick(11, BRANDS.length)}],
      (${arr(MODELS)})[1 + ${pick(13, MODELS.length)}],
      (${arr(CALIBERS)})[1 + ${pick(17, CALIBERS.length)}],
      (${arr(ACTIONS)})[1 + ${pick(43, ACTIONS.length)}],
      (${arr(CITIES)})[1 + ${pick(31, CITIES.length)}],
      case when ${pick(47, 10)} < 7 then 'approved' when ${pick(47, 10)} < 9 then 'pending'
        when ${pick(53, 2)} = 0 then 'needs_changes' else 'rejected' end,
      ${pick(59, 50)} = 0,
      now() - make_interval(mins => ${pick(61, 2 * 365 * 24 * 60)}::int),
      now()
    from generate_series(${from}::bigint, ${to - 1}::bigint) g`);
}
