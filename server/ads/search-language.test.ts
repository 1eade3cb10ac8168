import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPage } from '../../common/schemas/ads';
import { createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { refreshSearchVocabulary } from './search-vocabulary';

// What a Romanian buyer types (issue: search relevance): plurals, caliber phrasing, joined model
// numbers, typos, and a way out when nothing matches.
let ctx: TestContext;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx);
  const ad = async (name: string, fields: Parameters<typeof createAd>[2]) => {
    ids[name] = (await createAd(ctx, owner, fields)).id;
  };
  await ad('a400', {
    title: 'Pușcă semiautomată Beretta A400',
    category: 'long-guns',
    brand: 'Beretta',
    model: 'A400',
    caliber: '12/76',
    county: 'IS',
  });
  await ad('baikal', {
    title: 'Pușcă juxtapusă Baikal IJ-27',
    category: 'long-guns',
    brand: 'Baikal',
    caliber: '12/70',
    county: 'CJ',
  });
  await ad('tikka', {
    title: 'Carabină Tikka T3x Lite',
    category: 'long-guns',
    brand: 'Tikka',
    model: 'T3x',
    caliber: '.308 Win',
    county: 'CJ',
  });
  await ad('glock17', {
    title: 'Pistol Glock 17 Gen 5',
    brand: 'Glock',
    model: '17',
    caliber: '9x19',
    county: 'B',
  });
  await ad('cz75', {
    title: 'Pistol CZ75 SP-01 Shadow',
    brand: 'CZ',
    model: '75',
    caliber: '9x19',
    county: 'TM',
  });
  await ad('aimpoint', {
    title: 'Red dot Aimpoint Micro H-2',
    category: 'optics',
    brand: 'Aimpoint',
    county: 'B',
  });
  await ad('holosun', { title: 'Reddot Holosun 507C', category: 'optics', brand: 'Holosun', county: 'CT' });
  await ad('sling', {
    title: 'Curea pentru armă lungă',
    category: 'accessories',
    description: 'Curea reglabilă din piele, potrivită pentru puști și carabine de vânătoare.',
    county: 'BV',
  });
  await ad('mags', {
    title: 'Încărcătoare Glock 17 cartușe',
    category: 'accessories',
    brand: 'Glock',
    description: 'Trei încărcătoare originale, stare foarte bună.',
    county: 'B',
  });
  await refreshSearchVocabulary(ctx.database.db);
});
afterAll(() => ctx.close());

async function search(params: Record<string, string>) {
  const res = await createClient(ctx).get<AdPage>(`/api/ads?${new URLSearchParams(params)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const names = Object.entries(ids);
  return {
    ...res.body,
    names: res.body.items.map((item) => names.find(([, id]) => id === item.id)?.[0] ?? item.id),
  };
}
const found = async (q: string) => (await search({ q })).names.sort();

describe('Romanian forms', () => {
  it('finds shotguns by the plural "puști", ranked above an ad that only mentions them', async () => {
    const result = await search({ q: 'pusti' });
    expect(result.names.slice(0, 2).sort()).toEqual(['a400', 'baikal']);
    expect(result.names).toContain('sling');
  });
  it('finds magazines by plural and singular alike', async () => {
    expect(await found('incarcator')).toEqual(['mags']);
    expect(await found('încărcătoare')).toEqual(['mags']);
  });
});

describe('caliber phrasing', () => {
  it.each([
    ['calibrul 308', ['tikka']],
    ['cal. 308', ['tikka']],
    ['cal 9mm', ['cz75', 'glock17']],
    ['cal. 12', ['a400', 'baikal']],
    ['pusca calibru 12', ['a400', 'baikal']],
  ])('%s', async (q, expected) => {
    expect(await found(q)).toEqual(expected);
  });
});

describe('joined and split words', () => {
  it.each([
    ['glock17', ['glock17', 'mags']],
    ['cz75', ['cz75']],
    ['cz 75', ['cz75']],
    ['t3x', ['tikka']],
    ['reddot', ['aimpoint', 'holosun']],
    ['red dot', ['aimpoint', 'holosun']],
  ])('%s', async (q, expected) => {
    expect(await found(q)).toEqual(expected);
  });
});

describe('places', () => {
  it.each([
    ['carabina cluj', ['tikka']],
    ['pusca iasi', ['a400']],
    ['pusti cluj-napoca', ['baikal']],
    ['bucuresti', ['aimpoint', 'glock17', 'mags']],
  ])('%s searches the county, not the word', async (q, expected) => {
    expect(await found(q)).toEqual(expected);
  });
});

describe('typos', () => {
  it('searches the closest known word and says so', async () => {
    const result = await search({ q: 'glok' });
    expect(result.correction).toEqual({ from: 'glok', to: 'glock' });
    expect(result.names.sort()).toEqual(['glock17', 'mags']);
  });
  it('corrects only the word that matches nothing', async () => {
    const result = await search({ q: 'tika t3x' });
    expect(result.correction).toEqual({ from: 'tika t3x', to: 'tikka t3x' });
    expect(result.names).toEqual(['tikka']);
  });
  it('searches the literal text when asked', async () => {
    const result = await search({ q: 'glok', literal: '1' });
    expect(result.total).toBe(0);
    expect(result.correction ?? null).toBeNull();
  });
});

describe('nothing found', () => {
  it('names the filter whose removal finds the most ads', async () => {
    const result = await search({ q: 'glock', county: 'CT' });
    expect(result.total).toBe(0);
    expect(result.relax).toEqual({ filter: 'county', total: 2, capped: false });
    // A word the ads use is not a typo, whatever the filters keep.
    expect(result.correction ?? null).toBeNull();
  });
  it('finds nothing for an air rifle, and corrects nothing into something unrelated', async () => {
    const result = await search({ q: 'arma aer comprimat' });
    expect(result.total).toBe(0);
    expect(result.relax ?? null).toBeNull();
  });
});
