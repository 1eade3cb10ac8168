import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../common/schemas/admin';
import type { AdDetail, AdPage } from '../../common/schemas/ads';
import type {
  AdminDealerApplication,
  DealerApplicationsPage,
  DealerState,
} from '../../common/schemas/dealers';
import type { SellerAdsPage, SellerProfile } from '../../common/schemas/sellers';
import { ads } from '../db/schema/ads';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let sup: TestClient;
let mod: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  sup = await signedInClient(ctx, await createUser(ctx, { role: 'admin.super' }));
  mod = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };

// Real CUIs with valid check digits; the last one's check digit is off by one.
const VALID_CUI = 'RO 14399840';
const OTHER_VALID_CUI = '18547290';
const WRONG_CHECK_DIGIT = '18547291';

const application = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Armurieria Carpați SRL',
  cui: VALID_CUI,
  authorisationNumber: 'IGPR 1234/2019',
  ...overrides,
});

async function applicant(): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
}

async function pendingOf(userId: string): Promise<AdminDealerApplication> {
  const res = await sup.get<DealerApplicationsPage>('/api/admin/dealers?status=pending');
  expect(res.status).toBe(200);
  const found = res.body.items.find((item) => item.applicant.id === userId);
  if (!found) throw new Error(`no pending application of ${userId}`);
  return found;
}

describe('applying as a dealer', () => {
  it('files an application with the CUI as digits, and refuses a second one while it is pending', async () => {
    const { client } = await applicant();
    const before = await client.get<DealerState>('/api/me/dealer');
    expect(before.body).toEqual({ verified: false, application: null, canApply: true });

    const res = await client.post<DealerState>('/api/me/dealer', { ...application(), status: 'approved' });
    expect(res.status).toBe(201);
    expect(res.body.verified).toBe(false);
    expect(res.body.canApply).toBe(false);
    expect(res.body.application).toMatchObject({
      status: 'pending',
      businessName: 'Armurieria Carpați SRL',
      cui: '14399840',
      authorisationNumber: 'IGPR 1234/2019',
      reason: null,
      decidedAt: null,
    });

    const again = await client.post<ErrorBody>('/api/me/dealer', application({ cui: OTHER_VALID_CUI }));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('application_pending');
  });

  it('refuses a CUI whose check digit is wrong, and empty fields, naming each field', async () => {
    const { client } = await applicant();
    const wrong = await client.post<ErrorBody>('/api/me/dealer', application({ cui: WRONG_CHECK_DIGIT }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('validation_error');
    expect(wrong.body.error.message).toMatch(/^cui: /);

    for (const [field, value] of [
      ['businessName', ' '],
      ['authorisationNumber', ''],
      ['cui', 'RO'],
    ] as const) {
      const res = await client.post<ErrorBody>('/api/me/dealer', application({ [field]: value }));
      expect(res.status, field).toBe(400);
      expect(res.body.error.message, field).toMatch(new RegExp(`^${field}: `));
    }
    expect((await client.get<DealerState>('/api/me/dealer')).body.application).toBeNull();
  });

  it('asks visitors to sign in', async () => {
    const visitor = createClient(ctx);
    expect((await visitor.get('/api/me/dealer')).status).toBe(401);
    expect((await visitor.post('/api/me/dealer', application())).status).toBe(401);
  });
});

describe('reviewing dealer applications', () => {
  it('approves: the badge shows on the dealer’s ads, cards, detail and the dealer filter; mailed and audited', async () => {
    const { user, client } = await applicant();
    const ad = await createAd(ctx, user, { title: 'Dealer Glock 19 Gen5 verificat' });
    const ordinary = await createAd(ctx, (await applicant()).user, { title: 'Dealer Glock 19 particular' });
    await client.post('/api/me/dealer', application());
    const pending = await pendingOf(user.id);
    expect(pending.actions).toEqual(['approve', 'refuse']);
    expect(pending.applicant).toMatchObject({ id: user.id, email: user.email, emailVerified: true });

    const res = await sup.post<AdminDealerApplication>(`/api/admin/dealers/${pending.id}/approve`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', actions: ['withdraw'] });
    expect((await client.get<DealerState>('/api/me/dealer')).body).toMatchObject({
      verified: true,
      canApply: false,
    });

    const detail = await createClient(ctx).get<AdDetail>(`/api/ads/${ad.id}`);
    expect(detail.body.sellerDealer).toBe(true);
    expect(detail.body.seller.dealerName).toBe('Armurieria Carpați SRL');
    const profile = await createClient(ctx).get<SellerProfile>(`/api/sellers/${user.id}`);
    expect(profile.body.dealerName).toBe('Armurieria Carpați SRL');
    const sellerAds = await createClient(ctx).get<SellerAdsPage>(`/api/sellers/${user.id}/ads`);
    expect(sellerAds.body.items.map((item) => item.sellerDealer)).toEqual([true]);
    const other = await createClient(ctx).get<AdDetail>(`/api/ads/${ordinary.id}`);
    expect(other.body.sellerDealer).toBe(false);
    expect(other.body.seller.dealerName).toBeNull();

    // A later ad of the dealer carries the badge from the start (the insert trigger).
    const later = await createAd(ctx, user, { title: 'Dealer CZ Shadow 2 verificat' });
    const onlyDealers = await createClient(ctx).get<AdPage>('/api/ads?dealer=1&q=dealer');
    expect(onlyDealers.status).toBe(200);
    expect(onlyDealers.body.items.map((item) => item.id).sort()).toEqual([ad.id, later.id].sort());
    expect(onlyDealers.body.items.every((item) => item.sellerDealer)).toBe(true);
    const everyone = await createClient(ctx).get<AdPage>('/api/ads?q=dealer&category=firearms');
    expect(everyone.body.items.map((item) => item.id)).toContain(ordinary.id);
    const plainList = await createClient(ctx).get<AdPage>('/api/ads?dealer=1');
    expect(plainList.body.items.every((item) => item.sellerDealer)).toBe(true);
    expect(plainList.body.items.map((item) => item.id)).toContain(later.id);

    const mail = await ctx.mail.waitFor(user.email, (m) => m.subject.includes('dealer verificat'));
    expect(mail.text).toContain('Armurieria Carpați SRL');
    expect(mail.text).toContain('/dashboard/settings');

    const audit = await sup.get<AuditPage>('/api/admin/audit');
    expect(audit.body.items.find((entry) => entry.targetId === user.id)).toMatchObject({
      action: 'dealer.approve',
      targetType: 'user',
      statusBefore: 'pending',
      statusAfter: 'approved',
    });

    // Approving twice is a conflict, not a second mail.
    const twice = await sup.post<ErrorBody>(`/api/admin/dealers/${pending.id}/approve`, {});
    expect(twice.status).toBe(409);
  });

  it('refuses with a reason the applicant is mailed; the applicant may apply again', async () => {
    const { user, client } = await applicant();
    await client.post('/api/me/dealer', application({ businessName: 'Vânătorul SRL' }));
    const pending = await pendingOf(user.id);
    const noReason = await sup.post<ErrorBody>(`/api/admin/dealers/${pending.id}/refuse`, { reason: '' });
    expect(noReason.status).toBe(400);
    const res = await sup.post<AdminDealerApplication>(`/api/admin/dealers/${pending.id}/refuse`, {
      reason: 'Autorizația nu corespunde firmei.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'refused',
      reason: 'Autorizația nu corespunde firmei.',
      actions: [],
    });
    const mail = await ctx.mail.waitFor(user.email, (m) => m.subject.includes('respinsă'));
    expect(mail.text).toContain('Autorizația nu corespunde firmei.');
    const state = await client.get<DealerState>('/api/me/dealer');
    expect(state.body).toMatchObject({ verified: false, canApply: true, application: { status: 'refused' } });
    expect((await client.post('/api/me/dealer', application({ businessName: 'Vânătorul SRL' }))).status).toBe(
      201,
    );
  });

  it('withdraws a badge: the ads lose it and leave the dealer filter', async () => {
    const { user, client } = await applicant();
    const ad = await createAd(ctx, user, { title: 'Retras Beretta 92' });
    await client.post('/api/me/dealer', application({ businessName: 'Retras SRL' }));
    const pending = await pendingOf(user.id);
    await sup.post(`/api/admin/dealers/${pending.id}/approve`, {});
    expect((await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id)))[0]?.sellerDealer).toBe(true);

    const res = await sup.post<AdminDealerApplication>(`/api/admin/dealers/${pending.id}/withdraw`, {
      reason: 'Autorizația a expirat.',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('withdrawn');
    expect((await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id)))[0]?.sellerDealer).toBe(false);
    const list = await createClient(ctx).get<AdPage>('/api/ads?dealer=1&q=retras');
    expect(list.body.items).toEqual([]);
    expect((await client.get<DealerState>('/api/me/dealer')).body).toMatchObject({
      verified: false,
      canApply: true,
    });
    await ctx.mail.waitFor(user.email, (m) => m.subject.includes('retrasă'));
  });

  it('is for admin.super only: a moderator and a user are told the routes do not exist', async () => {
    const { user, client } = await applicant();
    await client.post('/api/me/dealer', application());
    const pending = await pendingOf(user.id);
    for (const caller of [mod, client]) {
      expect((await caller.get('/api/admin/dealers')).status).toBe(404);
      expect((await caller.post(`/api/admin/dealers/${pending.id}/approve`, {})).status).toBe(404);
    }
    expect((await createClient(ctx).get('/api/admin/dealers')).status).toBe(401);
    expect((await sup.post('/api/admin/dealers/not-a-uuid/approve', {})).status).toBe(404);
  });
});
