import { type SQL, sql } from 'drizzle-orm';
import { COUNTIES } from '../../common/counties';
import { SEARCH_VERSION, searchFields } from '../ads/search-document';
import type { Database } from '../db/client';
import { queryRows, textArray } from '../db/client';
import { COUNTY_WEIGHTS, PHRASES, PRODUCTS, RARE_WORD } from './catalog';

export { COMMON_WORD, RARE_WORD } from './catalog';

// Fast synthetic ads for benchmarks that look like real ones: each row is one variant of a product
// of the catalogue (brand and model that belong together, a caliber the model is made in), a price
// in the product's range, a county weighted by population, and a description of sentences with
// numbers. Rows are made by PostgreSQL from generate_series, picking by a hash of the row number
// (deterministic, no round trip per row); the search additions are computed here per variant and
// per sentence, as the app computes them for a real ad.

type Variant = {
  title: string;
  category: string;
  brand: string;
  model: string;
  caliber: string | null;
  action: string | null;
  low: number;
  high: number;
  caliberId: string | null;
  words: string;
  tokens: string;
};

const TITLE_PATTERNS = [
  (noun: string, brand: string, model: string, caliber: string | null) =>
    `${noun} ${brand} ${model}${caliber ? `, ${caliber}` : ''}`,
  (noun: string, brand: string, model: string, caliber: string | null) =>
    `${brand} ${model}${caliber ? ` cal. ${caliber}` : ''} - ${noun.toLowerCase()}`,
  (noun: string, brand: string, model: string, caliber: string | null) =>
    `Vând ${noun.toLowerCase()} ${brand} ${model}${caliber ? ` ${caliber}` : ''}`,
];

function buildVariants(): Variant[] {
  const variants: Variant[] = [];
  for (const product of PRODUCTS) {
    for (const model of product.models) {
      const calibers = product.calibers.length > 0 ? product.calibers : [null];
      for (const caliber of calibers) {
        TITLE_PATTERNS.forEach((pattern, index) => {
          const title = pattern(product.noun, product.brand, model, caliber);
          // Some sellers leave the caliber field empty and write it in the title only.
          const caliberField = index === 2 ? null : caliber;
          const fields = searchFields({
            title,
            description: '',
            brand: product.brand,
            model,
            caliber: caliberField,
          });
          variants.push({
            title,
            category: product.category,
            brand: product.brand,
            model,
            caliber: caliberField,
            action: product.action,
            low: product.price[0],
            high: product.price[1],
            caliberId: fields.caliberId,
            words: fields.searchWords,
            tokens: fields.searchTokens.join(','),
          });
        });
      }
    }
  }
  return variants;
}

const VARIANTS = buildVariants();
const PLACES = COUNTY_WEIGHTS.flatMap(([code, weight]) => {
  const county = COUNTIES.find((c) => c.code === code)!;
  return Array.from({ length: weight }, (_, i) => ({
    code,
    place: i % 3 === 2 && county.places.length > 0 ? county.places[i % county.places.length]! : county.seat,
  }));
});
const PHRASE_WORDS = PHRASES.map(
  (phrase) =>
    searchFields({ title: '', description: phrase, brand: null, model: null, caliber: null }).searchWords,
);

const column = <K extends keyof Variant>(key: K) => textArray(VARIANTS.map((v) => String(v[key] ?? '')));
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
  const fill = (text: SQL) =>
    sql`replace(replace(replace(replace(${text}, '{year}', (2008 + ${pick(71, 18)})::text),
      '{rounds}', (50 * (1 + ${pick(73, 40)}))::text), '{mags}', (2 + ${pick(79, 3)})::text),
      '{warranty}', (1 + ${pick(83, 3)})::text)`;
  await db.execute(sql`
    with v as (
      select * from unnest(${column('title')}, ${column('category')}, ${column('brand')}, ${column('model')},
        ${column('caliber')}, ${column('action')}, ${column('low')}, ${column('high')}, ${column('caliberId')},
        ${column('words')}, ${column('tokens')})
        with ordinality as v(title, category, brand, model, caliber, action, low, high, caliber_id, words, tokens, i)
    ), pl as (
      select * from unnest(${textArray(PLACES.map((p) => p.place))}, ${textArray(PLACES.map((p) => p.code))})
        with ordinality as pl(place, code, i)
    ), ph as (
      select * from unnest(${textArray(PHRASES)}, ${textArray(PHRASE_WORDS)}) with ordinality as ph(phrase, words, i)
    ), r as (
      select g, 1 + ${pick(11, VARIANTS.length)} as vi, 1 + ${pick(31, PLACES.length)} as pi,
        1 + ${pick(19, PHRASES.length)} as p1,
        1 + (${pick(19, PHRASES.length)} + 1 + ${pick(23, PHRASES.length - 1)}) % ${PHRASES.length} as p2
      from generate_series(${from}::bigint, ${to - 1}::bigint) g
    )
    insert into ads (user_id, title, description, category, condition, price, brand, model, caliber, action,
      location, county, caliber_id, search_words, search_tokens, search_version, status, featured, created_at, updated_at)
    select
      'seed-user-' || (1 + ${pick(3, users)}),
      v.title,
      ${fill(sql`ph1.phrase`)} || ' ' || ${fill(sql`ph2.phrase`)}
        || case when ${pick(29, 1000)} = 0 then ' Țeavă ' || ${RARE_WORD} || ', piesă de colecție.' else '' end
        || ' Predare în ' || pl.place || '.',
      v.category,
      (array['new', 'like-new', 'like-new', 'good', 'good', 'good', 'fair'])[1 + ${pick(37, 7)}],
      greatest(0, round((v.low::numeric + ${pick(41, 10_000)}::numeric / 10000 * (v.high::numeric - v.low::numeric)) / 10) * 10
        - case when ${pick(43, 4)} = 0 then 0.5 else 0 end),
      v.brand, v.model, nullif(v.caliber, ''), nullif(v.action, ''),
      pl.place, pl.code, nullif(v.caliber_id, ''),
      trim(v.words || ' ' || ph1.words || ' ' || ph2.words),
      coalesce(string_to_array(nullif(v.tokens, ''), ','), '{}'),
      ${SEARCH_VERSION},
      case when ${pick(47, 10)} < 7 then 'approved' when ${pick(47, 10)} < 9 then 'pending'
        when ${pick(53, 2)} = 0 then 'needs_changes' else 'rejected' end,
      ${pick(59, 50)} = 0,
      -- In the order they were posted, as a real table fills (20 s apart, the newest now).
      now() - interval '240 days' + make_interval(secs => g * 20 + ${pick(61, 20)}),
      now()
    from r join v on v.i = r.vi join pl on pl.i = r.pi join ph ph1 on ph1.i = r.p1 join ph ph2 on ph2.i = r.p2`);
}

/** The variants' titles, brands, models and calibers: what the benchmark's searches are drawn from. */
export const SYNTHETIC_VARIANTS: readonly Pick<
  Variant,
  'title' | 'brand' | 'model' | 'caliber' | 'category'
>[] = VARIANTS;

/**
 * Runs a bulk insert with the ads table's secondary indexes dropped, then builds them again from
 * their saved definitions: one sort per index instead of a million index insertions (the GIN index
 * above all). For seeding benchmark databases only.
 */
export async function withAdIndexesDropped<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.tablename = 'ads' and i.schemaname = current_schema()
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  try {
    return await work();
  } finally {
    for (const index of indexes)
      await db.execute(sql.raw(index.definition.replace(/^CREATE INDEX/, 'CREATE INDEX IF NOT EXISTS')));
  }
}
