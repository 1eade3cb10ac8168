import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, QueuePage } from '../../common/schemas/admin';
import type { AdDetail, AdPage } from '../../common/schemas/ads';
import { adDeclarations } from '../db/schema/ads';
import { moderationActions } from '../db/schema/interactions';
import { adForm, createAd } from '../test/ad-factories';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };
const weapon = (overrides: Record<string, unknown> = {}) =>
  adForm({ legalCategory: 'authorisation', declaration: true, ...overrides });

describe('the legal category of an ad (Legea 295/2004)', () => {
  it('refuses a prohibited weapon with a message naming the field', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    const res = await client.post<ErrorBody>('/api/ads', weapon({ legalCategory: 'prohibited' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'validation_error',
      message:
        'legalCategory: Prohibited weapons (category A of Law 295/2004) cannot be sold by private persons: they cannot be posted',
    });
  });

  it('requires a category for weapons, and stores accessories and optics as not a weapon', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    const missing = await client.post<ErrorBody>('/api/ads', weapon({ legalCategory: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^legalCategory: /);

    const optics = await client.post<AdDetail>(
      '/api/ads',
      adForm({ category: 'optics', legalCategory: 'authorisation', declaration: false }),
    );
    expect(optics.status).toBe(201);
    expect(optics.body.legalCategory).toBe('not-a-weapon');
    const nonLethal = await client.post<AdDetail>('/api/ads', weapon({ legalCategory: 'non-lethal' }));
    expect(nonLethal.body.legalCategory).toBe('non-lethal');
  });

  it('filters browse by legal category and shows it on the cards', async () => {
    const owner = await createUser(ctx);
    const declared = await createAd(ctx, owner, { category: 'long-guns', legalCategory: 'declaration' });
    const usual = await createAd(ctx, owner, { category: 'long-guns' });
    const client = await signedInClient(ctx, owner);
    const page = await client.get<AdPage>('/api/ads?legal=declaration&limit=48');
    expect(page.status).toBe(200);
    const ids = page.body.items.map((item) => item.id);
    expect(ids).toContain(declared.id);
    expect(ids).not.toContain(usual.id);
    expect(page.body.items.every((item) => item.legalCategory === 'declaration')).toBe(true);
    expect(page.body.total).toBe(page.body.items.length);
    const all = await client.get<AdPage>('/api/ads?limit=48');
    expect(all.body.items.find((item) => item.id === usual.id)?.legalCategory).toBe('authorisation');
    expect((await client.get('/api/ads?legal=prohibited')).status).toBe(400);
  });
});

describe("the seller's declaration", () => {
  it('is required on every weapon submission and for weapons only', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    for (const declaration of [undefined, false, null]) {
      const res = await client.post<ErrorBody>('/api/ads', weapon({ declaration }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("declaration: Confirm the seller's declaration to post a weapon");
    }
    const accessory = await client.post('/api/ads', adForm({ category: 'accessories' }));
    expect(accessory.status).toBe(201);

    const posted = await client.post<AdDetail>('/api/ads', weapon());
    expect(posted.status).toBe(201);
    // Issue 26: an edit that keeps what the weapon is keeps the declaration given...
    const kept = await client.put(`/api/ads/${posted.body.id}`, weapon({ declaration: false, price: 999 }));
    expect(kept.status).toBe(200);
    // ...and one that changes it (category, legal category, brand, model, caliber) asks for it again.
    for (const change of [
      { caliber: '.308 Win' },
      { brand: 'Tikka' },
      { model: 'T3x' },
      { legalCategory: 'declaration' },
      { category: 'firearms' },
    ]) {
      const edit = await client.put<ErrorBody>(
        `/api/ads/${posted.body.id}`,
        weapon({ ...change, declaration: false }),
      );
      expect(edit.status, JSON.stringify(change)).toBe(400);
      expect(edit.body.error.message).toMatch(/^declaration: /);
    }
  });

  it('is stored with the time and the client address, shown in the queue and written to the audit log', async () => {
    const seller = await createUser(ctx);
    const client = await signedInClient(ctx, seller);
    const before = Date.now();
    const posted = await client.post<AdDetail>('/api/ads', weapon({ title: 'Carabină declarată Tikka' }));
    expect(posted.status).toBe(201);
    const id = posted.body.id;

    const rows = await ctx.database.db.select().from(adDeclarations).where(eq(adDeclarations.adId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: seller.id, clientIp: client.ip, version: 'v1' });
    expect(rows[0]?.declaredAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const moderator = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
    const queue = await moderator.get<QueuePage>('/api/admin/queue');
    const item = queue.body.items.find((entry) => entry.id === id);
    expect(item?.legalCategory).toBe('authorisation');
    expect(item?.declaration).toMatchObject({ clientIp: client.ip, version: 'v1' });

    const [audit] = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, id));
    expect(audit).toMatchObject({
      action: 'ad.declare',
      actorId: seller.id,
      actorEmail: seller.email,
      targetType: 'ad',
      targetLabel: 'Carabină declarată Tikka',
      reason: `v1, ${client.ip}`,
    });
    const superClient = await signedInClient(ctx, await createUser(ctx, { role: 'admin.super' }));
    const log = await superClient.get<AuditPage>('/api/admin/audit');
    // Issue 26: the log shows it as a declaration (version, time, address), not as a reason.
    const declared = log.body.items.find((entry) => entry.action === 'ad.declare' && entry.targetId === id);
    expect(declared).toMatchObject({
      reason: null,
      declaration: { version: 'v1', clientIp: client.ip, declaredAt: rows[0]?.declaredAt.toISOString() },
    });

    // An edit that keeps what the weapon is adds no row; one that changes it declares again.
    expect((await client.put(`/api/ads/${id}`, weapon({ declaration: false }))).status).toBe(200);
    expect(
      await ctx.database.db.select().from(adDeclarations).where(eq(adDeclarations.adId, id)),
    ).toHaveLength(1);
    expect((await client.put(`/api/ads/${id}`, weapon({ caliber: '.308 Win' }))).status).toBe(200);
    expect(
      await ctx.database.db.select().from(adDeclarations).where(eq(adDeclarations.adId, id)),
    ).toHaveLength(2);
  });
});
