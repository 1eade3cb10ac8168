import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdCard, AdDetail, AdPage } from '../../common/schemas/ads';
import { type BrowseQuery as BrowseInput, browseQuerySchema } from '../../common/schemas/ads';
import { queryRows } from '../db/client';
import { adForm, createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { browseAds, type SearchTuning } from './browse';
import { remakeSearchFields } from './search-refresh';

let ctx: TestContext;
const ids: Record<string, string> = {};
const T = Date.parse('2026-01-10T10:00:00.000Z');

type Spec = Parameters<typeof createAd>[2] & { name: string };
const SPECS: Spec[] = [
  {
    name: 'glockB',
    title: 'Pistol Glock 17 Gen 5',
    brand: 'Glock',
    model: '17',
    caliber: '9x19',
    county: 'B',
    price: 3900,
    action: 'semi-auto',
  },
  {
    name: 'czCJ',
    title: 'Pistol CZ 75 B',
    brand: 'CZ',
    model: '75 B',
    caliber: '9mm Luger',
    county: 'CJ',
    location: 'Cluj-Napoca',
    price: 3200,
    action: 'semi-auto',
  },
  {
    name: 'waltherTM',
    title: 'Pistol Walther P99',
    brand: 'Walther',
    caliber: '9 mm',
    county: 'TM',
    location: 'Timișoara',
    price: 2500.5,
    action: 'semi-auto',
  },
  {
    name: 'berettaCJ',
    title: 'Beretta 92FS',
    brand: 'Beretta',
    caliber: '9mm Parabellum',
    county: 'CJ',
    location: 'Turda',
    price: 4000,
    action: 'semi-auto',
  },
  {
    name: 'tikkaCJ',
    title: 'Carabină Tikka T3x Lite',
    category: 'long-guns',
    brand: 'Tikka',
    model: 'T3x',
    caliber: '.308 Win',
    county: 'CJ',
    price: 6500,
    action: 'bolt',
  },
  {
    name: 'sakoBV',
    title: 'Carabină Sako 85 Hunter',
    category: 'long-guns',
    brand: 'Sako',
    model: '85',
    caliber: '7.62x51 NATO',
    county: 'BV',
    location: 'Brașov',
    price: 9000,
    action: 'bolt',
  },
  {
    name: 'remingtonCJ',
    title: 'Remington 700 SPS',
    category: 'long-guns',
    brand: 'Remington',
    caliber: '.223 Rem',
    county: 'CJ',
    price: 4200,
    action: 'bolt',
  },
  {
    name: 'arCT',
    title: 'Carabină semiautomată AR-15',
    category: 'long-guns',
    brand: 'Colt',
    caliber: '5.56x45',
    county: 'CT',
    location: 'Constanța',
    price: 8000,
    action: 'semi-auto',
  },
  {
    name: 'berettaA400',
    title: 'Pușcă Beretta A400 Xplor',
    category: 'long-guns',
    brand: 'beretta',
    caliber: '12/76',
    county: 'IS',
    location: 'Iași',
    price: 7200,
    action: 'semi-auto',
  },
  {
    name: 'baikalIS',
    title: 'Pușcă juxtapusă Baikal',
    category: 'long-guns',
    caliber: '12 ga 3"',
    county: 'IS',
    location: 'Pașcani',
    price: 1500,
    action: 'side-by-side',
  },
  {
    name: 'zeissB',
    title: 'Lunetă Zeiss Conquest V4',
    category: 'optics',
    brand: 'Zeiss',
    county: 'B',
    price: 5400,
    description: 'Lunetă potrivită pentru Tikka T3x, cu montură inclusă și capace.',
  },
  { name: 'free', title: 'Bipod Harris', category: 'accessories', county: 'B', price: 0 },
];

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx);
  for (const [index, { name, ...fields }] of SPECS.entries()) {
    ids[name] = (await createAd(ctx, owner, { createdAt: new Date(T + index * 60_000), ...fields })).id;
  }
  await createAd(ctx, owner, {
    title: 'Glock 19 în așteptare',
    status: 'pending',
    caliber: '9x19',
    county: 'B',
  });
});
afterAll(() => ctx.close());

const nameOf = (id: string) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? id;

async function browse(params: Record<string, string>): Promise<string[]> {
  const res = await createClient(ctx).get<AdPage>(
    `/api/ads?${new URLSearchParams({ limit: '48', ...params })}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((item) => nameOf(item.id)).sort();
}

describe('structured filters', () => {
  it('filters by county', async () => {
    expect(await browse({ county: 'CJ' })).toEqual(['berettaCJ', 'czCJ', 'remingtonCJ', 'tikkaCJ']);
    expect(await browse({ county: 'VS' })).toEqual([]);
  });

  it('filters by price, both bounds included, decimals exact', async () => {
    expect(await browse({ priceMin: '6500' })).toEqual(['arCT', 'berettaA400', 'sakoBV', 'tikkaCJ']);
    expect(await browse({ priceMax: '1500' })).toEqual(['baikalIS', 'free']);
    expect(await browse({ priceMin: '2500.5', priceMax: '2500.5' })).toEqual(['waltherTM']);
    expect(await browse({ priceMin: '2500.51', priceMax: '3200' })).toEqual(['czCJ']);
    expect(await browse({ priceMin: '0', priceMax: '0' })).toEqual(['free']);
  });

  it('filters by caliber id, whatever name the ad used', async () => {
    expect(await browse({ caliber: '9x19' })).toEqual(['berettaCJ', 'czCJ', 'glockB', 'waltherTM']);
    expect(await browse({ caliber: '308win' })).toEqual(['sakoBV', 'tikkaCJ']);
    expect(await browse({ caliber: '223rem' })).toEqual(['arCT', 'remingtonCJ']);
    expect(await browse({ caliber: '12x76' })).toEqual(['baikalIS', 'berettaA400']);
  });

  it('filters by action and by brand in any case', async () => {
    expect(await browse({ action: 'bolt' })).toEqual(['remingtonCJ', 'sakoBV', 'tikkaCJ']);
    expect(await browse({ brand: 'BERETTA' })).toEqual(['berettaA400', 'berettaCJ']);
    expect(await browse({ brand: 'Heckler & Koch' })).toEqual([]);
  });

  it('combines filters with each other and with text', async () => {
    expect(await browse({ county: 'CJ', caliber: '9x19' })).toEqual(['berettaCJ', 'czCJ']);
    expect(await browse({ county: 'CJ', category: 'long-guns', priceMax: '5000' })).toEqual(['remingtonCJ']);
    expect(await browse({ q: 'carabina', county: 'CJ' })).toEqual(['tikkaCJ']);
    expect(await browse({ q: 'pistol', caliber: '9x19', priceMax: '3500', action: 'semi-auto' })).toEqual([
      'czCJ',
      'waltherTM',
    ]);
  });

  it('counts filtered lists exactly', async () => {
    const res = await createClient(ctx).get<AdPage>('/api/ads?county=CJ&caliber=9x19');
    expect(res.body).toMatchObject({ total: 2, totalCapped: false });
  });

  it('counts a price range in price order, where the bounds drive the walk', async () => {
    for (const sort of ['price-asc', 'price-desc', 'newest']) {
      const res = await createClient(ctx).get<AdPage>(`/api/ads?priceMin=6500&sort=${sort}`);
      expect(res.body, sort).toMatchObject({ total: 4, totalCapped: false });
      const inCategory = await createClient(ctx).get<AdPage>(
        `/api/ads?category=long-guns&priceMax=1500&sort=${sort}`,
      );
      expect(inCategory.body, sort).toMatchObject({ total: 1, totalCapped: false });
    }
  });
});

describe('caliber synonyms in text search', () => {
  const nineMm = ['berettaCJ', 'czCJ', 'glockB', 'waltherTM'];
  it.each(['9x19', '9mm', '9 mm', '9mm Luger', '9mm Parabellum', '9 para', 'cal 9mm', 'calibrul 9x19'])(
    '%s finds every 9x19 ad',
    async (q) => {
      expect(await browse({ q })).toEqual(nineMm);
    },
  );
  it.each(['.308 Win', '.308', '7.62x51', '7,62 x 51 NATO', 'calibrul 308', 'cal. 308'])(
    '%s finds every .308 ad',
    async (q) => {
      expect(await browse({ q })).toEqual(['sakoBV', 'tikkaCJ']);
    },
  );
  it('.223 and 5.56x45 find each other; 12 ga 3" is 12/76; "cal. 12" is any 12 bore', async () => {
    expect(await browse({ q: '5.56x45' })).toEqual(['arCT', 'remingtonCJ']);
    expect(await browse({ q: '.223 rem' })).toEqual(['arCT', 'remingtonCJ']);
    expect(await browse({ q: '12/76' })).toEqual(['baikalIS', 'berettaA400']);
    expect(await browse({ q: 'cal. 12' })).toEqual(['baikalIS', 'berettaA400']);
  });
});

describe('bad filters', () => {
  it.each([
    [{ priceMin: '5000', priceMax: '100' }, 'priceMax'],
    [{ priceMin: '-1' }, 'priceMin'],
    [{ priceMax: 'ieftin' }, 'priceMax'],
    [{ county: 'XX' }, 'county'],
    [{ caliber: '9mm' }, 'caliber'],
    [{ action: 'automat' }, 'action'],
  ])('%j is a 400 naming %s', async (params, field) => {
    const res = await createClient(ctx).get<{ error: { code: string; message: string } }>(
      `/api/ads?${new URLSearchParams(params)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.message).toContain(field);
  });
});

describe('relevance', () => {
  it('is the default with text, and ranks title matches above description matches', async () => {
    const res = await createClient(ctx).get<AdPage>('/api/ads?q=tikka');
    expect(res.body.items.map((item: AdCard) => nameOf(item.id))).toEqual(['tikkaCJ', 'zeissB']);
    const newest = await createClient(ctx).get<AdPage>('/api/ads?q=tikka&sort=newest');
    expect(newest.body.items.map((item: AdCard) => nameOf(item.id))).toEqual(['zeissB', 'tikkaCJ']);
  });
});

describe('posting', () => {
  it('stores the county, maps the caliber text to its id, and is found by a synonym', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    const created = await client.post<AdDetail>(
      '/api/ads',
      adForm({ caliber: '9mm Parabellum', county: 'SB' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ county: 'SB', caliber: '9mm Parabellum', caliberId: '9x19' });
    await ctx.database.db.execute(sql`update ads set status = 'approved' where id = ${created.body.id}`);
    const found = await createClient(ctx).get<AdPage>('/api/ads?q=9x19&county=SB');
    expect(found.body.items.map((item) => item.id)).toEqual([created.body.id]);
  });

  it('requires a county', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    const res = await client.post<{ error: { message: string } }>('/api/ads', adForm({ county: undefined }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('county');
  });
});

describe('existing ads', () => {
  it('get a county from their locality and their search fields at start', async () => {
    const owner = await createUser(ctx);
    const { id } = await createAd(ctx, owner, {
      title: 'Pistol vechi CZ75',
      caliber: '9mm Luger',
      location: 'Cluj-Napoca',
      status: 'pending',
    });
    await ctx.database.db.execute(
      sql`update ads set county = null, caliber_id = null, search_words = '', search_tokens = '{}', search_version = 0 where id = ${id}`,
    );
    expect(await remakeSearchFields(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = await queryRows<{ county: string; caliber_id: string }>(
      ctx.database.db,
      sql`select county, caliber_id from ads where id = ${id}`,
    );
    expect(row).toMatchObject({ county: 'CJ', caliber_id: '9x19' });
  });
});

describe('every plan pages without duplicates or gaps', () => {
  // Tiny plan sizes reach the walk, the collection of sparse matches (bounded by the sample in price
  // order, then whole) and the relevance window with few ads; a tiny cap makes every count "more".
  // wholeRows 0 never reads a driver whole; 50 reads every driver of these few ads whole once its walk
  // found no page, 6 only the smallest.
  const TUNINGS: SearchTuning[] = [
    { walkRows: 3, relevanceWindow: 4, cap: 2, wholeRows: 0 },
    { walkRows: 3, relevanceWindow: 4, cap: 1000, wholeRows: 0 },
    { walkRows: 3, relevanceWindow: 4, cap: 2, wholeRows: 50 },
    { walkRows: 3, relevanceWindow: 4, cap: 1000, wholeRows: 50 },
    { walkRows: 3, relevanceWindow: 4, cap: 1000, wholeRows: 6 },
    { walkRows: 1000, relevanceWindow: 1000, cap: 1000, wholeRows: 2000 },
  ];
  const QUERIES: BrowseInput[] = [
    {},
    { q: 'pistol' },
    { q: 'carabina', county: 'CJ' },
    { q: '9mm' },
    { county: 'CJ' },
    { priceMin: 1000, priceMax: 7000 },
    { caliber: '9x19', action: 'semi-auto' },
    { brand: 'beretta', priceMax: 8000 },
    { q: 'pistol', brand: 'Glock', county: 'B' },
  ];
  const SORTS = ['newest', 'price-asc', 'price-desc', 'relevance'] as const;

  async function pages(query: BrowseInput, tuning: SearchTuning): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const parsed = browseQuerySchema.parse({ ...query, limit: 2, cursor });
      const result = await browseAds(ctx.database.db, ctx.services.storage, parsed, tuning);
      seen.push(...result.items.map((item) => item.id));
      if (!result.nextCursor) return seen;
      cursor = result.nextCursor;
    }
    throw new Error('paging did not end');
  }

  /** The first page's count line: the number of matches up to the cap, and whether there are more. */
  async function countLine(query: BrowseInput, tuning: SearchTuning) {
    const parsed = browseQuerySchema.parse({ ...query, limit: 2 });
    const { total, totalCapped } = await browseAds(ctx.database.db, ctx.services.storage, parsed, tuning);
    return { total, totalCapped };
  }

  for (const sort of SORTS) {
    for (const query of QUERIES) {
      it(`${sort} ${JSON.stringify(query)}`, async () => {
        const all = await pages(
          { ...query, sort },
          { walkRows: 100_000, relevanceWindow: 100_000, cap: 100_000, wholeRows: 0 },
        );
        expect(new Set(all).size).toBe(all.length);
        for (const tuning of TUNINGS) {
          // Every plan (walk, further walk, index read, window) tells the same count line; the
          // trigger-kept counters of an unfiltered list are exact at any size.
          const capped = Object.keys(query).length > 0 && all.length > tuning.cap;
          expect(await countLine({ ...query, sort }, tuning), JSON.stringify(tuning)).toEqual({
            total: capped ? tuning.cap : all.length,
            totalCapped: capped,
          });
          if (sort === 'relevance' && tuning.relevanceWindow < 100) continue; // a window ranks fewer ads by design
          expect(await pages({ ...query, sort }, tuning)).toEqual(all);
        }
      });
    }
  }

  it('a window smaller than the matches still pages through its pool without repeats', async () => {
    const seen = await pages(
      { q: 'pistol', sort: 'relevance' },
      { walkRows: 3, relevanceWindow: 4, cap: 2, wholeRows: 0 },
    );
    expect(new Set(seen).size).toBe(seen.length);
  });
});
