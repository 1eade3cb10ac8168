import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportGroupsPage, ReportsResolution } from '../../common/schemas/admin';
import type { AdDetail, AdPage } from '../../common/schemas/ads';
import { moderationActions, reports } from '../db/schema/interactions';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { createReport } from '../test/moderation-factories';

let ctx: TestContext;
let moderator: TestUser;
let mod: TestClient;
let seller: TestUser;
let reporter: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await createUser(ctx, { role: 'admin.moderator' });
  mod = await signedInClient(ctx, moderator);
  seller = await createUser(ctx);
  reporter = await createUser(ctx);
});
afterAll(() => ctx.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const groupOf = (page: ReportGroupsPage, adId: string) => page.items.find((group) => group.ad.id === adId);

describe('GET /api/admin/reports', () => {
  it('groups reports by ad with counts, the most recently reported ad first, reports newest first', async () => {
    const quiet = await createAd(ctx, seller);
    const busy = await createAd(ctx, seller);
    await createReport(ctx, quiet.id, { reason: 'other', createdAt: minutesAgo(30) });
    await createReport(ctx, busy.id, { reason: 'spam', createdAt: minutesAgo(20), reporterId: reporter.id });
    await createReport(ctx, busy.id, {
      reason: 'illegal',
      details: 'Armă fără acte',
      createdAt: minutesAgo(5),
    });

    const res = await mod.get<ReportGroupsPage>('/api/admin/reports');
    expect(res.status).toBe(200);
    const order = res.body.items.map((group) => group.ad.id);
    expect(order.indexOf(busy.id)).toBeLessThan(order.indexOf(quiet.id));
    expect(groupOf(res.body, busy.id)).toMatchObject({
      ad: { id: busy.id, status: 'approved' },
      count: 2,
      openCount: 2,
      reports: [
        { reason: 'illegal', details: 'Armă fără acte', status: 'open', resolvedBy: null, resolvedAt: null },
        { reason: 'spam', details: null, status: 'open' },
      ],
    });
    expect(groupOf(res.body, quiet.id)?.count).toBe(1);
  });

  it('dismisses the open reports of an ad, keeping who and when; the ad stays published', async () => {
    const ad = await createAd(ctx, seller);
    await createReport(ctx, ad.id, { reason: 'inappropriate' });
    await createReport(ctx, ad.id, { reason: 'spam' });

    const res = await mod.post<ReportsResolution>(`/api/admin/ads/${ad.id}/reports/dismiss`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resolved: 2, ad: { id: ad.id, status: 'approved' } });
    const rows = await ctx.database.db.select().from(reports).where(eq(reports.adId, ad.id));
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'dismissed', resolvedBy: moderator.id });
      expect(Date.now() - row.resolvedAt!.getTime()).toBeLessThan(60_000);
    }
    const group = groupOf((await mod.get<ReportGroupsPage>('/api/admin/reports')).body, ad.id);
    expect(group).toMatchObject({ openCount: 0, count: 2 });
    expect(group?.reports[0]).toMatchObject({ status: 'dismissed', resolvedBy: moderator.email });
    expect(
      groupOf((await mod.get<ReportGroupsPage>('/api/admin/reports?status=open')).body, ad.id),
    ).toBeUndefined();

    // Nothing open any more: nothing to dismiss.
    expect((await mod.post(`/api/admin/ads/${ad.id}/reports/dismiss`)).status).toBe(409);
    const trail = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, ad.id));
    expect(trail).toMatchObject([
      { action: 'reports.dismiss', statusBefore: 'approved', statusAfter: 'approved' },
    ]);
    const visitor = createClient(ctx);
    expect((await visitor.get(`/api/ads/${ad.id}`)).status).toBe(200);
  });

  it('takes a reported ad down: rejected with the reason, its open reports actioned, gone from the lists', async () => {
    const ad = await createAd(ctx, seller, { featured: true, title: 'Revolver raportat de vizitatori' });
    const earlier = await createReport(ctx, ad.id, { reason: 'spam', status: 'dismissed' });
    await createReport(ctx, ad.id, { reason: 'illegal', reporterId: reporter.id });
    expect((await mod.post(`/api/admin/ads/${ad.id}/take-down`, {})).status).toBe(400);

    const res = await mod.post<ReportsResolution>(`/api/admin/ads/${ad.id}/take-down`, {
      reason: 'Vânzarea acestui obiect nu este permisă.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      resolved: 1,
      ad: {
        id: ad.id,
        status: 'rejected',
        featured: false,
        moderationReason: 'Vânzarea acestui obiect nu este permisă.',
      },
    });
    const rows = await ctx.database.db.select().from(reports).where(eq(reports.adId, ad.id));
    expect(rows.find((row) => row.id === earlier.id)?.status).toBe('dismissed');
    expect(rows.find((row) => row.id !== earlier.id)).toMatchObject({
      status: 'actioned',
      resolvedBy: moderator.id,
    });

    const visitor = createClient(ctx);
    expect((await visitor.get(`/api/ads/${ad.id}`)).status).toBe(410); // gone, "removed by a moderator" (issue 12)
    const listed = await visitor.get<AdPage>('/api/ads?limit=48&q=Revolver');
    expect(listed.body.items.map((item) => item.id)).not.toContain(ad.id);
    const owner = await signedInClient(ctx, seller);
    expect((await owner.get<AdDetail>(`/api/ads/${ad.id}`)).body.moderationReason).toBe(
      'Vânzarea acestui obiect nu este permisă.',
    );
    const [trail] = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, ad.id));
    expect(trail).toMatchObject({
      action: 'ad.take_down',
      statusBefore: 'approved',
      statusAfter: 'rejected',
    });

    // Taken down with nothing left open: nothing to do.
    expect((await mod.post(`/api/admin/ads/${ad.id}/take-down`, { reason: 'Încă o dată' })).status).toBe(409);
  });

  it('closes new reports of an ad already rejected as actioned', async () => {
    const ad = await createAd(ctx, seller, { status: 'rejected', moderationReason: 'Vechi' });
    await createReport(ctx, ad.id);
    const res = await mod.post<ReportsResolution>(`/api/admin/ads/${ad.id}/take-down`, {
      reason: 'Confirmat, ilegal',
    });
    expect(res.body).toMatchObject({
      resolved: 1,
      ad: { status: 'rejected', moderationReason: 'Confirmat, ilegal' },
    });
  });

  it('pages the groups with a cursor', async () => {
    for (let i = 0; i < 31; i++) await createReport(ctx, (await createAd(ctx, seller)).id);
    const first = await mod.get<ReportGroupsPage>('/api/admin/reports');
    expect(first.body.items).toHaveLength(30);
    const second = await mod.get<ReportGroupsPage>(`/api/admin/reports?cursor=${first.body.nextCursor}`);
    const ids = [...first.body.items, ...second.body.items].map((group) => group.ad.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.body.items.length).toBeGreaterThan(0);
  });
});
