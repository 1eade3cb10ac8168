import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdCard, AdPage } from '../../common/schemas/ads';
import type { Category, Condition, Sort } from '../../common/values';
import { createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
type Seeded = {
  id: string;
  createdAt: number;
  price: number;
  category: Category;
  condition: Condition;
  glock: boolean;
};
const seeded: Seeded[] = [];
const T = Date.parse('2025-06-01T12:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx);
  // 60 ads sharing created_at and price, so that only the id tiebreak orders them, plus a few others.
  const specs: Array<Omit<Seeded, 'id'>> = [
    ...Array.from({ length: 30 }, () => ({
      createdAt: T,
      price: 100,
      category: 'firearms' as const,
      condition: 'good' as const,
      glock: true,
    })),
    ...Array.from({ length: 20 }, () => ({
      createdAt: T,
      price: 100,
      category: 'long-guns' as const,
      condition: 'new' as const,
      glock: false,
    })),
    ...Array.from({ length: 10 }, (_, i) => ({
      createdAt: T + (i % 2 ? 1000 : -1000),
      price: i % 2 ? 50.5 : 200,
      category: 'firearms' as const,
      condition: i % 3 ? ('fair' as const) : ('good' as const),
      glock: i % 2 === 0,
    })),
  ];
  for (const spec of specs) {
    const row = await createAd(ctx, owner, {
      title: spec.glock ? 'Pistol Glock 19' : 'Carabină Tikka T3',
      createdAt: new Date(spec.createdAt),
      price: spec.price,
      category: spec.category,
      condition: spec.condition,
    });
    seeded.push({ id: row.id, ...spec });
  }
  await createAd(ctx, owner, { status: 'pending', createdAt: new Date(T), price: 100 });
});
afterAll(() => ctx.close());

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
const ORDER: Record<Exclude<Sort, 'relevance'>, (a: Seeded, b: Seeded) => number> = {
  newest: (a, b) => compare(b.createdAt, a.createdAt) || compare(b.id, a.id),
  'price-asc': (a, b) => compare(a.price, b.price) || compare(a.id, b.id),
  'price-desc': (a, b) => compare(b.price, a.price) || compare(b.id, a.id),
};

type Filter = { category?: Category; condition?: Condition; q?: string };
const FILTERS: Filter[] = [
  {},
  { category: 'firearms' },
  { condition: 'good' },
  { q: 'glock' },
  { q: 'glo', category: 'firearms', condition: 'fair' },
];

async function pageThrough(sort: Sort, filter: Filter, limit: number) {
  const items: AdCard[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const params = new URLSearchParams({ sort, limit: String(limit), ...filter });
    if (cursor) params.set('cursor', cursor);
    const res = await createClient(ctx).get<AdPage>(`/api/ads?${params}`);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.items);
    totals.push(res.body.total);
    cursor = res.body.nextCursor;
    if (!cursor) return { items, totals };
  }
  throw new Error('paging did not end');
}

describe('keyset paging', () => {
  for (const sort of ['newest', 'price-asc', 'price-desc'] as const) {
    for (const filter of FILTERS) {
      it(`${sort} ${JSON.stringify(filter)}: every match once, in order, across pages`, async () => {
        const expected = seeded
          .filter((ad) => !filter.category || ad.category === filter.category)
          .filter((ad) => !filter.condition || ad.condition === filter.condition)
          .filter((ad) => !filter.q || ad.glock)
          .sort(ORDER[sort])
          .map((ad) => ad.id);
        const { items, totals } = await pageThrough(sort, filter, 7);
        const ids = items.map((item) => item.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual(expected);
        expect(new Set(totals)).toEqual(new Set([expected.length]));
      });
    }
  }

  it('gives 24 per page by default and no cursor on the last page', async () => {
    const first = await createClient(ctx).get<AdPage>('/api/ads');
    expect(first.body.items).toHaveLength(24);
    expect(first.body.total).toBe(60);
    const { items } = await pageThrough('newest', {}, 48);
    expect(items).toHaveLength(60);
    const exact = await createClient(ctx).get<AdPage>('/api/ads?limit=48');
    expect(exact.body.nextCursor).not.toBeNull();
  });

  it('presents cards with prices as numbers and ISO times', async () => {
    const res = await createClient(ctx).get<AdPage>('/api/ads?sort=price-asc&limit=1');
    expect(res.body.items[0]).toMatchObject({
      price: 50.5,
      status: 'approved',
      featured: false,
      image: null,
    });
    expect(res.body.items[0]?.createdAt).toBe(new Date(T + 1000).toISOString());
  });
});
