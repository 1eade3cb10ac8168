import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdPage } from '../../common/schemas/ads';
import { createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { SEARCH_TOTAL_CAP } from './browse';
import { caliberLexeme, searchTerms } from './search';

let ctx: TestContext;
const ids: Record<string, string> = {};

const DESCRIPTION = 'Armă în stare bună, verificată recent, cu acte complete.';

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx);
  const ad = async (name: string, fields: Parameters<typeof createAd>[2]) => {
    ids[name] = (await createAd(ctx, owner, { description: DESCRIPTION, ...fields })).id;
  };
  await ad('puscaComma', { title: 'Pușcă de vânătoare Baikal', category: 'long-guns', caliber: '12/76' });
  await ad('puscaCedilla', {
    title: 'Puşcă semiautomată Beretta',
    category: 'long-guns',
    brand: 'Beretta',
    caliber: '12/70',
  });
  await ad('glock', { title: 'Glock 17 Gen 5', brand: 'Glock', model: '17', caliber: '9x19' });
  await ad('cz9mm', { title: 'Pistol CZ 75 B', brand: 'CZ', caliber: '9mm Luger' });
  await ad('walther9spaced', { title: 'Pistol Walther P99', caliber: '9 mm' });
  await ad('ak', { title: 'Carabină SAR 1', category: 'long-guns', caliber: '7.62x39' });
  await ad('akComma', { title: 'Carabină WASR 10', category: 'long-guns', caliber: '7,62 x 39' });
  await ad('mosin', { title: 'Carabină Mosin Nagant', category: 'long-guns', caliber: '7.62x54R' });
  await ad('remington', { title: 'Remington 700 SPS', category: 'long-guns', caliber: '.308 Win' });
  await ad('optic', {
    title: 'Lunetă Zeiss Conquest',
    category: 'optics',
    description: 'Lunetă cu reticul iluminat, potrivită pentru țeavă de calibru mare.',
  });
  await ad('pending', { title: 'Glock 19 în așteptare', status: 'pending', caliber: '9x19' });
});
afterAll(() => ctx.close());

async function search(q: string, extra = ''): Promise<string[]> {
  const res = await createClient(ctx).get<AdPage>(`/api/ads?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  const names = Object.entries(ids);
  return res.body.items.map((item) => names.find(([, id]) => id === item.id)?.[0] ?? item.id).sort();
}

describe('text search', () => {
  it('ignores Romanian diacritics, with comma-below and cedilla letters alike', async () => {
    const both = ['puscaCedilla', 'puscaComma'];
    expect(await search('pusca')).toEqual(both);
    expect(await search('pușcă')).toEqual(both);
    expect(await search('puşcă')).toEqual(both);
    expect(await search('PUȘCĂ')).toEqual(both);
    expect(await search('teava')).toEqual(['optic']);
    expect(await search('țeavă')).toEqual(['optic']);
  });

  it('stems Romanian words', async () => {
    expect(await search('carabine')).toEqual(['ak', 'akComma', 'mosin']);
    expect(await search('lunete')).toEqual(['optic']);
  });

  it('matches the last word as a prefix', async () => {
    expect(await search('glo')).toEqual(['glock']);
    expect(await search('pistol wal')).toEqual(['walther9spaced']);
    expect(await search('rem')).toEqual(['remington']);
  });

  it('searches brand, model and description too, and needs every word', async () => {
    expect(await search('beretta')).toEqual(['puscaCedilla']);
    expect(await search('reticul')).toEqual(['optic']);
    expect(await search('glock 17')).toEqual(['glock']);
    expect(await search('glock 9mm')).toEqual(['glock']);
    expect(await search('glock zeiss')).toEqual([]);
  });

  it('finds calibers as people write them', async () => {
    expect(await search('9mm')).toEqual(['cz9mm', 'glock', 'walther9spaced']);
    expect(await search('9 mm')).toEqual(['cz9mm', 'glock', 'walther9spaced']);
    // Every name of a caliber finds the others (9x19 = 9mm Luger = 9 mm).
    expect(await search('9x19')).toEqual(['cz9mm', 'glock', 'walther9spaced']);
    expect(await search('9mm parabellum')).toEqual(['cz9mm', 'glock', 'walther9spaced']);
    expect(await search('7.62x51 NATO')).toEqual(['remington']);
    expect(await search('.308')).toEqual(['remington']);
    expect(await search('308')).toEqual(['remington']);
    expect(await search('7.62x39')).toEqual(['ak', 'akComma']);
    expect(await search('7,62x39')).toEqual(['ak', 'akComma']);
    expect(await search('7.62 x 39')).toEqual(['ak', 'akComma']);
    expect(await search('12/76')).toEqual(['puscaComma']);
    expect(await search('12/70')).toEqual(['puscaCedilla']);
  });

  it('combines text with the filters and counts the matches', async () => {
    expect(await search('carabina', '&category=long-guns')).toEqual(['ak', 'akComma', 'mosin']);
    expect(await search('carabina', '&category=firearms')).toEqual([]);
    const res = await createClient(ctx).get<AdPage>('/api/ads?q=9mm&sort=price-asc');
    expect(res.body).toMatchObject({ total: 3, totalCapped: false, nextCursor: null });
    const prices = res.body.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it.each([
    "'",
    '"',
    '\\',
    '&',
    '|',
    '!',
    ':*',
    '()',
    '<->',
    'glock:*',
    'glock & !beretta',
    'a | b',
    '(glock',
    "pușcă' & '",
    "'; drop table ads; --",
    '1 OR 1=1',
    '$1',
    '%',
    '_',
    'glock\u200b17',
    '‘glock’',
    'x'.repeat(100),
    '. . . /',
  ])('answers 200 for hostile text %j', async (q) => {
    const res = await createClient(ctx).get<AdPage>(`/api/ads?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.items)).toBe(true);
  });

  it('treats operators as plain text', async () => {
    expect(await search('glock:*')).toEqual(['glock']);
    expect(await search('(glock)')).toEqual(['glock']);
    expect(await search('glock & !17')).toEqual(['glock']);
    expect(await search('"glock"')).toEqual(['glock']);
  });

  it('refuses search text over 100 characters with the error shape', async () => {
    const res = await createClient(ctx).get(`/api/ads?q=${'a'.repeat(101)}`);
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'validation_error' } } });
  });

  it(`caps the count of a text search at ${SEARCH_TOTAL_CAP}`, async () => {
    const local = await createTestContext();
    try {
      const owner = await createUser(local);
      await local.database.db.execute(sql`
        insert into ads (user_id, title, description, category, condition, price, location, status)
        select ${owner.id}, 'Cartușe de exercițiu ' || n, ${DESCRIPTION}, 'accessories', 'new', n, 'Iași', 'approved'
        from generate_series(1, ${SEARCH_TOTAL_CAP + 5}) as n`);
      const res = await createClient(local).get<AdPage>('/api/ads?q=cartuse');
      expect(res.body).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
      expect(res.body.items).toHaveLength(24);
      const all = await createClient(local).get<AdPage>('/api/ads');
      expect(all.body).toMatchObject({ total: SEARCH_TOTAL_CAP + 5, totalCapped: false });
    } finally {
      await local.close();
    }
  });
});

describe('search terms', () => {
  it('splits, unaccents and joins caliber spellings', () => {
    expect(searchTerms('  Pușcă   9 mm 7,62 x 39 (glock) ')).toEqual(['pusca', '9mm', '7.62x39', 'glock']);
    expect(searchTerms('& | ! :* ()')).toEqual([]);
  });

  it.each([
    ['9mm', '9mm'],
    ['9x19', '9x19'],
    ['9x19mm', '9x19'],
    ['7.62x39', '7.62x39'],
    ['.308', '.308'],
    ['.22lr', '.22'],
    ['12/76', '12/76'],
    ['glock', null],
    ['308', null],
  ])('reads %s as the caliber lexeme %s', (term, lexeme) => {
    expect(caliberLexeme(term)).toBe(lexeme);
  });
});
