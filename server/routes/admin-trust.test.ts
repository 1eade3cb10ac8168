import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerRatingsPage, TrustReport, TrustReportList } from '../../common/schemas/deals';
import { deals, ratings, trustReports } from '../db/schema/deals';
import { moderationActions } from '../db/schema/interactions';
import { RATINGS_PAGE_SIZE } from '../deals/ratings';
import { displayNameOf } from '../sellers/profile';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

// Issue 28: the moderators' trust reports (denied deals, reported ratings) and the seller page's pages of ratings.

let ctx: TestContext;
type Person = { user: TestUser; client: TestClient };
let mod: TestClient;
let moderatorId: string;

async function person(role: 'user' | 'admin.moderator' = 'user'): Promise<Person> {
  const user = await createUser(ctx, { role });
  return { user, client: await signedInClient(ctx, user) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const moderator = await person('admin.moderator');
  mod = moderator.client;
  moderatorId = moderator.user.id;
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };
const nameOf = (user: TestUser) => displayNameOf(user.firstName, user.lastName);

async function insertDeal(seller: TestUser, buyer: TestUser, values: { title: string; confirmed: boolean }) {
  const [deal] = await ctx.database.db
    .insert(deals)
    .values({
      adTitle: values.title,
      sellerId: seller.id,
      buyerId: buyer.id,
      price: 3900,
      confirmedAt: values.confirmed ? new Date() : null,
    })
    .returning({ id: deals.id });
  return deal!.id;
}

/** A confirmed deal both sides rated through the API (so both ratings are revealed); the buyer's rating id. */
async function ratedDeal(seller: Person, buyer: Person, title: string, buyerStars = 1) {
  const dealId = await insertDeal(seller.user, buyer.user, { title, confirmed: true });
  const first = await buyer.client.post(`/api/deals/${dealId}/rating`, {
    stars: buyerStars,
    comment: 'Țeapă',
  });
  expect(first.status).toBe(201);
  const second = await seller.client.post<{ theirRating: { id: string } }>(`/api/deals/${dealId}/rating`, {
    stars: 5,
  });
  return { dealId, ratingId: second.body.theirRating.id };
}

const list = async (status?: 'open' | 'all') => {
  const res = await mod.get<TrustReportList>(`/api/admin/trust-reports${status ? `?status=${status}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.items;
};
const byDeal = (items: TrustReport[], dealId: string) => items.filter((item) => item.deal.id === dealId);

describe('GET /api/admin/trust-reports', () => {
  it('lists a reported rating with who rated whom, its reply and the reason, and a denied deal with its note, newest first', async () => {
    const [seller, buyer, reporter] = [await person(), await person(), await person()];
    const { dealId, ratingId } = await ratedDeal(seller, buyer, 'Glock 17 trust-list');
    expect(
      (await seller.client.post(`/api/ratings/${ratingId}/reply`, { reply: 'Nu e adevărat.' })).status,
    ).toBe(200);
    expect(
      (await reporter.client.post(`/api/ratings/${ratingId}/reports`, { details: 'Jignitor' })).status,
    ).toBe(201);
    const deniedId = await insertDeal(seller.user, buyer.user, {
      title: 'CZ 457 trust-list',
      confirmed: false,
    });
    const denied = await buyer.client.post(`/api/deals/${deniedId}/answer`, {
      answer: 'deny',
      details: 'Nu am cumpărat nimic.',
    });
    expect(denied.status).toBe(200);

    const items = await list();
    const ids = items.map((item) => item.id);
    const [ratingReport] = byDeal(items, dealId);
    const [dealReport] = byDeal(items, deniedId);
    expect(ids.indexOf(dealReport!.id)).toBeLessThan(ids.indexOf(ratingReport!.id));
    expect(ratingReport).toMatchObject({
      kind: 'rating',
      status: 'open',
      details: 'Jignitor',
      deal: {
        adId: null,
        adTitle: 'Glock 17 trust-list',
        price: 3900,
        seller: nameOf(seller.user),
        buyer: nameOf(buyer.user),
      },
      rating: {
        id: ratingId,
        stars: 1,
        comment: 'Țeapă',
        rater: nameOf(buyer.user),
        ratedRole: 'seller',
        reply: 'Nu e adevărat.',
        hidden: false,
      },
    });
    expect(dealReport).toMatchObject({
      kind: 'deal_denied',
      status: 'open',
      details: 'Nu am cumpărat nimic.',
      deal: { adTitle: 'CZ 457 trust-list', seller: nameOf(seller.user), buyer: nameOf(buyer.user) },
      rating: null,
    });
  });

  it('refuses anyone but staff, and an unknown status naming the field', async () => {
    const user = await person();
    expect((await user.client.get('/api/admin/trust-reports')).status).toBe(404);
    expect((await createClient(ctx).get('/api/admin/trust-reports')).status).toBe(401);
    const bad = await mod.get<ErrorBody>('/api/admin/trust-reports?status=closed');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^status/);
  });
});

describe('POST /api/admin/trust-reports/{id}/dismiss', () => {
  it('closes an open report once, keeps who did it, leaves the open list and writes the audit trail', async () => {
    const [seller, buyer] = [await person(), await person()];
    const dealId = await insertDeal(seller.user, buyer.user, { title: 'Dismiss me', confirmed: false });
    await buyer.client.post(`/api/deals/${dealId}/answer`, { answer: 'deny' });
    const [report] = byDeal(await list(), dealId);

    expect((await buyer.client.post(`/api/admin/trust-reports/${report!.id}/dismiss`)).status).toBe(404);
    const res = await mod.post(`/api/admin/trust-reports/${report!.id}/dismiss`);
    expect(res).toMatchObject({ status: 200, body: { id: report!.id, status: 'dismissed' } });
    const again = await mod.post<ErrorBody>(`/api/admin/trust-reports/${report!.id}/dismiss`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_transition');

    expect(byDeal(await list('open'), dealId)).toEqual([]);
    expect(byDeal(await list('all'), dealId)).toMatchObject([{ id: report!.id, status: 'dismissed' }]);
    const [row] = await ctx.database.db.select().from(trustReports).where(eq(trustReports.id, report!.id));
    expect(row).toMatchObject({ status: 'dismissed', resolvedBy: moderatorId });
    const audit = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, report!.id));
    expect(audit).toMatchObject([{ action: 'trust_report.dismiss', targetType: 'trust_report' }]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await mod.post(`/api/admin/trust-reports/${id}/dismiss`)).status).toBe(404);
    }
  });
});

describe('POST /api/admin/ratings/{id}/hide', () => {
  it('wants a reason, then hides the rating: every open report on it is actioned and the average drops it', async () => {
    const [seller, buyer, first, second] = [await person(), await person(), await person(), await person()];
    await ratedDeal(seller, buyer, 'Kept rating', 5);
    const { dealId, ratingId } = await ratedDeal(seller, buyer, 'Hidden rating', 1);
    for (const reporter of [first, second]) {
      expect((await reporter.client.post(`/api/ratings/${ratingId}/reports`, {})).status).toBe(201);
    }
    const page = () => createClient(ctx).get<SellerRatingsPage>(`/api/sellers/${seller.user.id}/ratings`);
    expect((await page()).body.summary).toEqual({ average: 3, count: 2 });

    for (const body of [{}, { reason: '  ' }]) {
      const res = await mod.post<ErrorBody>(`/api/admin/ratings/${ratingId}/hide`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^reason/);
    }
    const hidden = await mod.post(`/api/admin/ratings/${ratingId}/hide`, { reason: 'Limbaj jignitor.' });
    expect(hidden).toMatchObject({ status: 200, body: { id: ratingId, hidden: true, resolved: 2 } });
    expect((await mod.post(`/api/admin/ratings/${ratingId}/hide`, { reason: 'Încă o dată.' })).status).toBe(
      409,
    );

    expect((await page()).body.summary).toEqual({ average: 5, count: 1 });
    expect((await page()).body.items.map((item) => item.id)).not.toContain(ratingId);
    const reports = byDeal(await list('all'), dealId);
    expect(reports.map((report) => [report.status, report.rating?.hidden])).toEqual([
      ['actioned', true],
      ['actioned', true],
    ]);
    const [row] = await ctx.database.db.select().from(ratings).where(eq(ratings.id, ratingId));
    expect(row?.hiddenReason).toBe('Limbaj jignitor.');
    const audit = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetId, ratingId), eq(moderationActions.action, 'rating.hide')));
    expect(audit).toMatchObject([{ targetType: 'rating', reason: 'Limbaj jignitor.' }]);
  });
});

describe('GET /api/sellers/{id}/ratings pages', () => {
  it('walks every revealed, visible rating newest first with the cursor, each once', async () => {
    const seller = await person();
    const buyers = [await person(), await person()];
    const made: string[] = [];
    const total = RATINGS_PAGE_SIZE + 3;
    for (let i = 0; i < total + 1; i += 1) {
      const buyer = buyers[i % 2]!.user;
      const dealId = await insertDeal(seller.user, buyer, { title: `Paging ${i}`, confirmed: true });
      const [row] = await ctx.database.db
        .insert(ratings)
        .values({
          dealId,
          raterId: buyer.id,
          ratedId: seller.user.id,
          ratedRole: 'seller',
          stars: 4,
          // Two share a time, so the id breaks the tie; the last one is hidden by a moderator.
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 2) * 2)),
          revealedAt: new Date(),
          hiddenAt: i === total ? new Date() : null,
        })
        .returning({ id: ratings.id });
      if (i < total) made.push(row!.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res = await createClient(ctx).get<SellerRatingsPage>(
        `/api/sellers/${seller.user.id}/ratings${query}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(RATINGS_PAGE_SIZE);
      seen.push(...res.body.items.map((item) => item.id));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect([...seen].sort()).toEqual([...made].sort());
    const times = await ctx.database.db.select({ id: ratings.id, at: ratings.createdAt }).from(ratings);
    const at = new Map(times.map((row) => [row.id, row.at.getTime()]));
    const order = seen.map((id) => at.get(id)!);
    expect(order).toEqual([...order].sort((a, b) => b - a));

    const bad = await createClient(ctx).get<ErrorBody>(`/api/sellers/${seller.user.id}/ratings?cursor=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^cursor/);
  });
});
