import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPage } from '../../../common/schemas/ads';
import { type BrowseQuery as BrowseInput, browseQuerySchema } from '../../../common/schemas/ads';
import { queryRows } from '../../db/client';
import { ads } from '../../db/schema/ads';
import { createAd } from '../../test/ad-factories';
import { createClient } from '../../test/client';
import { createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { browseAds } from '../browse';
import { IndexedSearch, pruneAdRemovals } from './index-sync';
import { indexedBrowse } from './indexed-browse';
import type { IndexTuning } from './search-index';

/**
 * The in-memory index must answer exactly as the database's own plans do (server/ads/browse.ts):
 * the same ads, in the same order, page after page, with the same count, for every filter, text and
 * sort. Its paths are reached with small tunings: candidates collected whole or walked in sort order,
 * ads added since the sort orders were built merged per query or merged into them at once.
 */

let ctx: TestContext;
const T = Date.parse('2026-02-01T08:00:00.000Z');

const BRANDS = [
  { brand: 'Glock', model: '17', noun: 'Pistol', caliber: '9x19', category: 'firearms', action: 'semi-auto' },
  {
    brand: 'CZ',
    model: '75 B',
    noun: 'Pistol',
    caliber: '9mm Luger',
    category: 'firearms',
    action: 'semi-auto',
  },
  {
    brand: 'Tikka',
    model: 'T3x',
    noun: 'Carabină',
    caliber: '.308 Win',
    category: 'long-guns',
    action: 'bolt',
  },
  {
    brand: 'Sako',
    model: '85',
    noun: 'Carabină',
    caliber: '7.62x51 NATO',
    category: 'long-guns',
    action: 'bolt',
  },
  {
    brand: 'Beretta',
    model: 'A400',
    noun: 'Pușcă',
    caliber: '12/76',
    category: 'long-guns',
    action: 'semi-auto',
  },
  { brand: 'Zeiss', model: 'Conquest V4', noun: 'Lunetă', caliber: null, category: 'optics', action: null },
] as const;
const COUNTIES = ['B', 'CJ', 'TM', 'IS', 'BV'] as const;
const CONDITIONS = ['new', 'like-new', 'good', 'fair'] as const;
const WORDS = ['curat', 'negociabil', 'lunetă', 'husă', 'cartușe', 'Glock', 'schimb', 'pistol'];

/** A deterministic variety: equal prices and equal creation times on purpose, to test the ties. */
function specOf(i: number) {
  const kind = BRANDS[(i * 7) % BRANDS.length]!;
  const words = [WORDS[i % WORDS.length], WORDS[(i * 3) % WORDS.length]].join(' ');
  return {
    title: `${kind.noun} ${kind.brand} ${kind.model}${i % 5 === 0 ? ' ca nou' : ''}`,
    description: `Vând ${kind.noun.toLowerCase()} ${words}, an ${2010 + (i % 12)}.`,
    category: kind.category,
    brand: kind.brand,
    model: kind.model,
    caliber: kind.caliber ?? undefined,
    action: kind.action ?? undefined,
    county: COUNTIES[i % COUNTIES.length],
    condition: CONDITIONS[(i * 5) % CONDITIONS.length],
    price: 500 + ((i * 37) % 11) * 250,
    createdAt: new Date(T + Math.floor(i / 3) * 60_000),
  };
}

const ADS = 84;
beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx);
  for (let i = 0; i < ADS; i++) await createAd(ctx, owner, specOf(i));
  await createAd(ctx, owner, { ...specOf(1), title: 'Pistol Glock 19 în așteptare', status: 'pending' });
});
afterAll(() => ctx.close());

const QUERIES: BrowseInput[] = [
  {},
  { category: 'long-guns' },
  { category: 'firearms', condition: 'good' },
  { q: 'glock' },
  { q: 'pistol 9mm' },
  { q: 'carabina', county: 'CJ' },
  { q: 'carabina cluj' },
  { q: 'glo' },
  { q: 'tikka t3x' },
  { q: 'lunete' },
  { q: 'curat negociabil' },
  { q: 'cal 308' },
  { priceMin: 1000, priceMax: 2000 },
  { q: 'pusca', priceMax: 2000 },
  { brand: 'glock', condition: 'new' },
  { caliber: '9x19' },
  { action: 'bolt', county: 'B' },
  { q: 'nimicdetot' },
];
const SORTS = ['newest', 'price-asc', 'price-desc', 'relevance'] as const;

type Browse = (query: ReturnType<typeof browseQuerySchema.parse>) => Promise<AdPage>;

async function everyPage(browse: Browse, input: BrowseInput) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let first: AdPage | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const page = await browse(browseQuerySchema.parse({ ...input, limit: 7, cursor }));
    first ??= page;
    ids.push(...page.items.map((item) => item.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { ids, total: first?.total, capped: first?.totalCapped ?? false };
}

const viaDatabase: Browse = (query) => browseAds(ctx.database.db, ctx.services.storage, query);
const viaIndex =
  (search: IndexedSearch, cap?: number): Browse =>
  async (query) => {
    const page = await indexedBrowse(ctx.database.db, ctx.services.storage, search, query, cap);
    if (!page) throw new Error('the index did not answer');
    return page;
  };

const TUNINGS: { name: string; tuning: IndexTuning }[] = [
  {
    name: 'candidates collected whole, words tested per ad',
    tuning: { collectMax: 20_000, deltaMax: 2_000, perDocTestCost: 0, priceOrderMin: 20_000 },
  },
  {
    name: "walked in sort order (a list's own price order), new ads merged per query",
    tuning: { collectMax: 0, deltaMax: 10_000, perDocTestCost: 16, priceOrderMin: 1 },
  },
  {
    name: 'walked in sort order, sort orders rebuilt, every list read',
    tuning: { collectMax: 0, deltaMax: 0, perDocTestCost: Number.POSITIVE_INFINITY, priceOrderMin: 1 },
  },
];

describe.each(TUNINGS)('the index ($name) answers as the database does', ({ tuning }) => {
  let search: IndexedSearch;
  beforeAll(async () => {
    search = new IndexedSearch(ctx.database.db, { tuning });
    await search.load();
    // Ads written after the load reach the index by catching up, some of them beside the sort orders;
    // so do edits of ads already in the orders (each comes back as a new entry, the old one removed).
    const owner = await createUser(ctx);
    for (let i = ADS; i < ADS + 12; i++) await createAd(ctx, owner, specOf(i));
    await ctx.database.db.execute(
      sql`update ads set price = price + 1 where id in (select id from ads order by created_at limit 6)`,
    );
    await ctx.database.db.execute(
      sql`update ads set title = title || ' revizuit' where id in (select id from ads order by created_at desc limit 6)`,
    );
  });

  for (const query of QUERIES) {
    for (const sort of SORTS) {
      if (sort === 'relevance' && !query.q) continue;
      it(`${sort} ${JSON.stringify(query)}`, async () => {
        const expected = await everyPage(viaDatabase, { ...query, sort });
        const actual = await everyPage(viaIndex(search), { ...query, sort });
        expect(actual).toEqual(expected);
        expect(new Set(actual.ids).size).toBe(actual.ids.length);
      });
    }
  }

  it('caps the count and, by relevance, ranks the newest matches up to the cap', async () => {
    const cap = 5;
    const all = await everyPage(viaDatabase, { q: 'pistol', sort: 'newest' });
    expect(all.ids.length).toBeGreaterThan(cap);
    const newest = await everyPage(viaIndex(search, cap), { q: 'pistol', sort: 'newest' });
    expect(newest).toEqual({ ids: all.ids, total: cap, capped: true });
    const ranked = await everyPage(viaIndex(search, cap), { q: 'pistol', sort: 'relevance' });
    expect(ranked.total).toBe(cap);
    expect(ranked.capped).toBe(true);
    expect([...ranked.ids].sort()).toEqual(all.ids.slice(0, cap).sort());
  });
});

describe('the index catches up with every write before it answers', () => {
  const listedIds = async (params: Record<string, string>) => {
    const res = await createClient(ctx).get<AdPage>(
      `/api/ads?${new URLSearchParams({ limit: '48', ...params })}`,
    );
    expect(res.status).toBe(200);
    return res.body.items.map((item) => item.id);
  };

  it('an approval, an edit, an owner deactivated and a deletion show at once, in every process', async () => {
    const other = new IndexedSearch(ctx.database.db);
    await other.load();
    const owner = await createUser(ctx);
    const ad = await createAd(ctx, owner, { title: 'Pistol Walther zzapproved', status: 'pending' });
    const inOther = async (q: string) =>
      (await viaIndex(other)(browseQuerySchema.parse({ q }))).items.map((item) => item.id);
    expect(await listedIds({ q: 'zzapproved' })).toEqual([]);

    await ctx.database.db.execute(sql`update ads set status = 'approved' where id = ${ad.id}`);
    expect(await listedIds({ q: 'zzapproved' })).toEqual([ad.id]);
    expect(await inOther('zzapproved')).toEqual([ad.id]);

    await ctx.database.db.execute(sql`update ads set title = 'Pistol Walther zzedited' where id = ${ad.id}`);
    expect(await listedIds({ q: 'zzapproved' })).toEqual([]);
    expect(await listedIds({ q: 'zzedited' })).toEqual([ad.id]);

    await ctx.database.db.execute(sql`update profiles set is_active = false where id = ${owner.id}`);
    expect(await listedIds({ q: 'zzedited' })).toEqual([]);
    await ctx.database.db.execute(sql`update profiles set is_active = true where id = ${owner.id}`);
    expect(await listedIds({ q: 'zzedited' })).toEqual([ad.id]);

    await ctx.database.db.delete(ads).where(sql`${ads.id} = ${ad.id}`);
    expect(await listedIds({ q: 'zzedited' })).toEqual([]);
    expect(await inOther('zzedited')).toEqual([]);
    other.stop();
  });

  it("a category's count (kept between queries) follows an approval and a deletion", async () => {
    // A short page walked in sort order: the count is the category bitset's, kept until an ad is added
    // or removed.
    const walked = new IndexedSearch(ctx.database.db, { tuning: TUNINGS[1]!.tuning });
    await walked.load();
    const optics = browseQuerySchema.parse({ category: 'optics', limit: 2 });
    const total = async () => {
      const [indexed, database] = [await viaIndex(walked)(optics), await viaDatabase(optics)];
      expect(indexed.total).toBe(database.total);
      return indexed.total;
    };
    const owner = await createUser(ctx);
    const before = await total();
    expect(await total()).toBe(before);
    const ad = await createAd(ctx, owner, {
      title: 'Lunetă zzcounted',
      category: 'optics',
      status: 'pending',
    });
    expect(await total()).toBe(before);
    await ctx.database.db.execute(sql`update ads set status = 'approved' where id = ${ad.id}`);
    expect(await total()).toBe(before + 1);
    expect(await total()).toBe(before + 1);
    await ctx.database.db.delete(ads).where(sql`${ads.id} = ${ad.id}`);
    expect(await total()).toBe(before);
    walked.stop();
  });

  it('the maintenance forgets removals older than a day, and marks how far', async () => {
    const owner = await createUser(ctx);
    const old = await createAd(ctx, owner, { title: 'Pistol zzold' });
    const young = await createAd(ctx, owner, { title: 'Pistol zzyoung' });
    await ctx.database.db.delete(ads).where(sql`${ads.id} = ${old.id}`);
    await ctx.database.db.delete(ads).where(sql`${ads.id} = ${young.id}`);
    await ctx.database.db.execute(
      sql`update ad_removals set removed_at = now() - interval '25 hours' where ad_id = ${old.id}`,
    );
    const removals = () =>
      queryRows<{ adId: string; xid: number }>(
        ctx.database.db,
        sql`select ad_id as "adId", xid::float8 as xid from ad_removals where ad_id in (${old.id}, ${young.id})`,
      );
    const before = await removals();
    const xidOf = (id: string) => before.find((row) => row.adId === id)!.xid;

    // The mark never passes the oldest transaction still running, on PostgreSQL in any database: a
    // test file elsewhere may hold one open for a moment.
    await expect
      .poll(async () => {
        await pruneAdRemovals(ctx.database.db);
        return (await removals()).map((row) => row.adId);
      })
      .toEqual([young.id]);
    const [mark] = await queryRows<{ below: number }>(
      ctx.database.db,
      sql`select below::float8 as below from ad_removals_pruned`,
    );
    expect(mark!.below).toBeGreaterThan(xidOf(old.id));
    expect(mark!.below).toBeLessThanOrEqual(xidOf(young.id));
    // Nothing older left: a second pass forgets nothing and leaves the mark.
    expect(await pruneAdRemovals(ctx.database.db)).toBe(0);
  });

  it('a process that missed a forgotten removal loads afresh and stops counting the ad', async () => {
    const owner = await createUser(ctx);
    const ad = await createAd(ctx, owner, { title: 'Pistol Walther zzforgotten' });
    const idle = new IndexedSearch(ctx.database.db);
    await idle.load();
    const totalInIdle = async () =>
      (await viaIndex(idle)(browseQuerySchema.parse({ q: 'zzforgotten' }))).total;
    expect(await totalInIdle()).toBe(1);

    // Deleted a day ago and forgotten since, while this process answered no search.
    await ctx.database.db.delete(ads).where(sql`${ads.id} = ${ad.id}`);
    await ctx.database.db.execute(
      sql`update ad_removals set removed_at = now() - interval '25 hours' where ad_id = ${ad.id}`,
    );
    await pruneAdRemovals(ctx.database.db);

    await expect.poll(totalInIdle, { timeout: 10_000 }).toBe(0);
    idle.stop();
  });

  it.runIf(process.env.TEST_DB === 'pg')(
    'a transaction that commits after a later one is not missed',
    async () => {
      const owner = await createUser(ctx);
      // Title edits: they leave the listed counters alone, whose row the two would otherwise both lock.
      const early = await createAd(ctx, owner, { title: 'Pistol zzbefore' });
      const late = await createAd(ctx, owner, { title: 'Pistol zzbefore' });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written: () => void = () => undefined;
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      const slow = ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`update ads set title = 'Pistol zzearly' where id = ${early.id}`);
        written();
        await held;
      });
      await wrote;
      await ctx.database.db.execute(sql`update ads set title = 'Pistol zzlate' where id = ${late.id}`);
      expect(await listedIds({ q: 'zzlate' })).toEqual([late.id]);
      expect(await listedIds({ q: 'zzearly' })).toEqual([]);
      release();
      await slow;
      expect(await listedIds({ q: 'zzearly' })).toEqual([early.id]);
    },
  );
});
