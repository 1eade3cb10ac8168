import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseQuerySchema } from '../../../common/schemas/ads';
import { createAd } from '../../test/ad-factories';
import { createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { IndexedSearch, UPSERTS_PER_TURN } from './index-sync';
import { indexedBrowse } from './indexed-browse';

// Issue 32, items 3 and 7: how a process's index keeps up when much changed, and when a background
// reload and a catch-up cross.
let ctx: TestContext;
let owner: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx);
  for (let i = 0; i < 3; i++) await createAd(ctx, owner, { title: `Pistol Walther zzbase ${i}` });
});
afterAll(() => ctx.close());

/** The ids the index answers for `q`, or null when it hands the search to the database. */
const answer = async (search: IndexedSearch, q: string) => {
  const page = await indexedBrowse(
    ctx.database.db,
    ctx.services.storage,
    search,
    browseQuerySchema.parse({ q, limit: 48 }),
  );
  return page ? page.items.map((item) => item.id).sort() : null;
};

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('a catch-up that would read too much', () => {
  it('hands searches to the database and loads afresh in the background, instead of one huge read', async () => {
    const search = new IndexedSearch(ctx.database.db, { catchUpMax: 5 });
    await search.load();
    expect(await answer(search, 'zzbase')).toHaveLength(3);

    const added: string[] = [];
    for (let i = 0; i < 8; i++)
      added.push((await createAd(ctx, owner, { title: `Carabină CZ zzmany ${i}` })).id);
    // Eight changes past a limit of five: no catch-up reads them; the database answers meanwhile.
    expect(await answer(search, 'zzmany')).toBeNull();
    expect(search.stats.reloads).toBe(1);
    await search.reload();
    expect(await answer(search, 'zzmany')).toEqual(added.sort());
    expect(await answer(search, 'zzbase')).toHaveLength(3);

    // A few changes are a catch-up as before.
    const one = await createAd(ctx, owner, { title: 'Carabină CZ zzfew' });
    expect(await answer(search, 'zzfew')).toEqual([one.id]);
    expect(search.stats.reloads).toBe(1);
    search.stop();
  });
});

describe('a background reload crossing a catch-up', () => {
  it('never answers a search that started after a commit without it', async () => {
    const swap = gate();
    const caughtUp = gate();
    let holdCatchUp = false;
    const search = new IndexedSearch(ctx.database.db, {
      pauses: {
        beforeSwap: () => swap.opened,
        afterChangesRead: async () => {
          if (holdCatchUp) await caughtUp.opened;
        },
      },
    });
    await search.load();

    // 1. A reload reads every ad and holds before putting its index in place: its horizon is now.
    const reloaded = search.reload();
    await expect.poll(() => search.stats.reloads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // 2. An ad is approved after the reload read the database.
    const ad = await createAd(ctx, owner, { title: 'Pistol CZ zzcrossed', status: 'pending' });
    await ctx.database.db.execute(sql`update ads set status = 'approved' where id = ${ad.id}`);
    // 3. A search starts: its catch-up reads the approval into the old index and is held there...
    holdCatchUp = true;
    const answered = search.current();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // 4. ...while the reload puts its index, older than the approval, in place.
    swap.open();
    await reloaded;
    holdCatchUp = false;
    caughtUp.open();
    // The index the search got knows the approval.
    const index = await answered;
    expect(index?.has(ad.id)).toBe(true);
    expect(await answer(search, 'zzcrossed')).toEqual([ad.id]);
    search.stop();
  });
});

describe('a full load', () => {
  it('hands the event loop back while it indexes, so health checks and requests still get answers', async () => {
    await ctx.database.db.execute(sql`
      insert into ads (user_id, title, description, category, condition, price, location, county, status)
      select ${owner.id}, 'Pistol de încărcare ' || n, 'Stare bună.', 'firearms', 'good', 1000 + n, 'București', 'B', 'approved'
      from generate_series(1, ${2 * UPSERTS_PER_TURN + 10}) n`);
    const search = new IndexedSearch(ctx.database.db);
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await search.load();
    ticking = false;
    expect(search.size).toBeGreaterThan(2 * UPSERTS_PER_TURN);
    // Its one query, then at least once per UPSERTS_PER_TURN ads and between the sort orders' steps.
    expect(turns).toBeGreaterThanOrEqual(2 + 3);
    search.stop();
  });
});
