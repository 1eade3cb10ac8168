import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPage } from '../../common/schemas/ads';
import { queryRows } from '../db/client';
import { ads } from '../db/schema/ads';
import { approveAd, createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { refreshSearchVocabulary } from './search-vocabulary';

// Issue 32, item 1: the typo vocabulary was one statement over every listed ad (40 s at a million,
// killed by the pool's 20 s query timeout at every start and every hour), and a word approved after the
// last rebuild stayed unknown for up to an hour.
let ctx: TestContext;
let owner: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx);
  await createAd(ctx, owner, { title: 'Pistol Glock 17 Gen 5', brand: 'Glock', model: '17' });
  await createAd(ctx, owner, { title: 'Carabină Tikka T3x Lite', brand: 'Tikka', model: 'T3x' });
  await createAd(ctx, owner, { title: 'Pistol Glock 19 compact', brand: 'Glock', model: '19' });
  await createAd(ctx, owner, { title: 'Lunetă Swarovski Z8i', brand: 'Swarovski', status: 'pending' });
});
afterAll(() => ctx.close());

const vocabulary = () =>
  queryRows<{ word: string; ads: number; kind: number }>(
    ctx.database.db,
    sql`select word, ads, kind from search_vocabulary order by word`,
  );

async function corrected(q: string) {
  const res = await createClient(ctx).get<AdPage & { correctedQuery?: string | null }>(
    `/api/ads?${new URLSearchParams({ q })}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('the typo vocabulary', () => {
  it('is built a page of ads at a time, to the same words and counts as in one go', async () => {
    await refreshSearchVocabulary(ctx.database.db);
    const whole = await vocabulary();
    expect(whole).toContainEqual({ word: 'glock', ads: 2, kind: 0 });
    expect(whole.map((row) => row.word)).not.toContain('swarovski');
    await refreshSearchVocabulary(ctx.database.db, 1);
    expect(await vocabulary()).toEqual(whole);
  });

  it('knows the words of an ad from the moment it is listed, without waiting for a rebuild', async () => {
    const pending = await createAd(ctx, owner, {
      title: 'Pușcă Zbrojovka Brno ZH 301',
      brand: 'Zbrojovka',
      status: 'pending',
    });
    expect((await vocabulary()).map((row) => row.word)).not.toContain('zbrojovka');
    expect((await corrected('zbrojovak')).items).toHaveLength(0);

    await approveAd(ctx, pending.id);
    expect(await vocabulary()).toContainEqual({ word: 'zbrojovka', ads: 1, kind: 0 });
    const found = await corrected('zbrojovak');
    expect(found.items.map((item) => item.id)).toEqual([pending.id]);

    // Inserted listed (a seed, an import): known at once too, a statement at a time.
    await ctx.database.db.insert(ads).values(
      ['Carabină Sauer 404 Classic', 'Carabină Sauer 100 Pantera'].map((title) => ({
        userId: owner.id,
        title,
        description: 'Stare foarte bună.',
        category: 'long-guns',
        condition: 'good',
        price: 9000,
        location: 'Cluj-Napoca',
        county: 'CJ',
        status: 'approved',
      })),
    );
    const words = await vocabulary();
    expect(words).toContainEqual({ word: 'sauer', ads: 2, kind: 2 });
    expect(words).toContainEqual({ word: 'pantera', ads: 1, kind: 2 });
  });

  it('keeps the word of an ad listed while a rebuild runs, and the rebuild corrects the counts', async () => {
    await refreshSearchVocabulary(ctx.database.db);
    expect(await vocabulary()).toContainEqual({ word: 'sauer', ads: 2, kind: 2 });
    expect(await vocabulary()).toContainEqual({ word: 'zbrojovka', ads: 1, kind: 0 });
  });
});
