import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALIBERS } from '../../common/calibers';
import { type AdPage, browseQuerySchema } from '../../common/schemas/ads';
import { createAd } from '../test/ad-factories';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { type BrowseQuery, browseAds } from './browse';
import { findAds } from './find-ads';
import { IndexedSearch } from './search-index/index-sync';
import { indexedBrowse } from './search-index/indexed-browse';

// Issue 26, items 11 and 25: every name of a caliber finds the same ads, and only that caliber's
// ("9mm" is 9x19, not a 9x18 Makarov); model codes find each other however they are written; a
// gauge's number alone finds both of its chamberings; a short list is followed by near matches.
// Each answer is asked of the database's plans and of the in-memory index, which must agree.

let ctx: TestContext;
let index: IndexedSearch;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx);
  const ad = async (name: string, fields: Parameters<typeof createAd>[2]) => {
    ids[name] = (await createAd(ctx, owner, fields)).id;
  };
  // One ad per caliber, its caliber field in the caliber's first name, its title in its last one.
  for (const caliber of CALIBERS) {
    await ad(`cal:${caliber.id}`, {
      title: `Armă ${caliber.names.at(-1)}`,
      caliber: caliber.names[0],
      category: caliber.kind === 'handgun' ? 'firearms' : 'long-guns',
    });
  }
  await ad('makarov', { title: 'Pistol Makarov PM 9mm', caliber: '9x18', brand: 'Makarov' });
  await ad('holster', {
    title: 'Toc de centură din piele',
    category: 'accessories',
    description: 'Potrivit pentru pistoale compacte 9mm și .45 ACP, stare bună.',
  });
  await ad('cz-hyphen', { title: 'Pistol CZ-75 Compact', caliber: '9x19' });
  await ad('cz-apart', { title: 'Pistol CZ 75 SP-01', caliber: '9x19' });
  await ad('cz-joined', { title: 'Pistol CZ75 Shadow', caliber: '9x19' });
  await ad('p-joined', { title: 'Pistol SIG Sauer P226 Legion', caliber: '9x19' });
  await ad('p-apart', { title: 'Pistol SIG P 226 X-Five', caliber: '9x19' });
  await ad('p-hyphen', { title: 'Pistol Sig P-226 Elite', caliber: '9x19' });
  await ad('a400', { title: 'Pușcă semiautomată Beretta A400', caliber: '12/76', category: 'long-guns' });
  await ad('baikal', { title: 'Pușcă juxtapusă Baikal IJ-27', caliber: '12/70', category: 'long-guns' });
  await ad('franchi', { title: 'Pușcă Franchi Affinity', caliber: '20/76', category: 'long-guns' });
  for (const n of [1, 2, 3]) {
    await ad(`hunting${n}`, {
      title: `Pușcă de vânătoare Merkel ${n}`,
      caliber: '12/70',
      category: 'long-guns',
    });
  }
  index = new IndexedSearch(ctx.database.db);
  await index.load();
}, 240_000);
afterAll(async () => {
  index.stop();
  await ctx.close();
});

const names = (page: AdPage) =>
  page.items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? item.id);

/** The ads a text finds through the database's plans and through the index, which must agree. */
async function found(q: string, extra: Partial<BrowseQuery> = {}): Promise<string[]> {
  const query = { ...browseQuerySchema.parse({ q, sort: 'newest' }), limit: 96, ...extra };
  const viaDatabase = names(await browseAds(ctx.database.db, ctx.services.storage, query));
  const viaIndex = await indexedBrowse(ctx.database.db, ctx.services.storage, index, query);
  expect(viaIndex, 'the index answers').not.toBeNull();
  expect(names(viaIndex!), `${q}: the index as the database`).toEqual(viaDatabase);
  return viaDatabase.sort();
}

describe('every name of a caliber finds the same ads', () => {
  it.each(CALIBERS.map((caliber) => [caliber.id, caliber]))('%s', async (_id, caliber) => {
    const expected = await found(caliber.names[0]);
    expect(expected).toContain(`cal:${caliber.id}`);
    for (const name of caliber.names.slice(1)) expect(await found(name), name).toEqual(expected);
  });

  it('"9mm" is 9x19: never the 9x18 Makarov, and ads without a caliber by what they describe', async () => {
    const nine = await found('9mm');
    expect(nine).not.toContain('makarov');
    expect(nine).toContain('holster');
    expect(await found('9x19')).toEqual(nine);
    expect(await found('9mm makarov')).toEqual(['cal:9x18', 'makarov']);
    expect(await found('.45 acp')).toContain('holster');
  });
});

describe('model codes with or without a hyphen or space between letters and digits', () => {
  it.each(['cz75', 'cz-75', 'cz 75', 'CZ 75'])('%s finds every spelling of CZ 75', async (q) => {
    expect(await found(q)).toEqual(['cz-apart', 'cz-hyphen', 'cz-joined']);
  });
  it.each(['p226', 'p-226', 'p 226', 'sig p226'])('%s finds every spelling of P226', async (q) => {
    expect(await found(q)).toEqual(['p-apart', 'p-hyphen', 'p-joined']);
  });
});

describe('a gauge named by its number alone', () => {
  it('"12" finds 12/70 and 12/76, not 20/76', async () => {
    const twelve = await found('12');
    expect(twelve).toEqual(expect.arrayContaining(['a400', 'baikal', 'cal:12x70', 'cal:12x76']));
    expect(twelve).not.toContain('franchi');
    expect(await found('pusca 12')).toEqual(['a400', 'baikal', 'hunting1', 'hunting2', 'hunting3']);
  });
});

describe('near matches below a short list', () => {
  const first = async (q: string, withIndex: boolean) =>
    findAds(
      ctx.database.db,
      ctx.services.storage,
      browseQuerySchema.parse({ q, limit: 24 }),
      withIndex ? index : undefined,
    );

  it.each([
    ['the database', false],
    ['the index', true],
  ])('"pusca vanatoare" lists the hunting shotguns, then the other shotguns (%s)', async (_, withIndex) => {
    const page = await first('pusca vanatoare', withIndex as boolean);
    expect(names(page).sort()).toEqual(['hunting1', 'hunting2', 'hunting3']);
    const near = names({ ...page, items: page.nearMatches ?? [] });
    expect(near).toEqual(expect.arrayContaining(['a400', 'baikal', 'franchi']));
    expect(near).not.toContain('hunting1');
  });

  it('near matches are ranked the same by the database and the index', async () => {
    for (const sort of ['relevance', 'newest', 'price-asc'] as const) {
      const query = { ...browseQuerySchema.parse({ q: 'pusca vanatoare merkel', sort }), mostWords: true };
      const viaDatabase = await browseAds(ctx.database.db, ctx.services.storage, query);
      const viaIndex = await indexedBrowse(ctx.database.db, ctx.services.storage, index, query);
      expect(names(viaIndex!), sort).toEqual(names(viaDatabase));
      expect(viaIndex!.total).toBe(viaDatabase.total);
    }
  });

  it('a full page, a further page or a single word gets none', async () => {
    expect((await first('pusca', true)).nearMatches).toBeUndefined();
    const full = await findAds(
      ctx.database.db,
      ctx.services.storage,
      browseQuerySchema.parse({ q: 'pusca vanatoare', limit: 2 }),
      index,
    );
    expect(full.nearMatches).toBeUndefined();
  });
});
