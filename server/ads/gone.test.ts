import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdGone } from '../../common/schemas/ads';
import { buildApp } from '../app';
import { ads } from '../db/schema/ads';
import { moderationActions } from '../db/schema/interactions';
import { adForm, createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness';

// Issue 26, item 4: an ad never public tells nothing of itself; one that was keeps its 410.

const TEMPLATE =
  '<!doctype html><html lang="ro"><head><title>ArmaMarket</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let site: ReturnType<typeof buildApp>;
let dist: string;
let seller: TestUser;
let sellerClient: TestClient;
let moderatorClient: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(path.join(os.tmpdir(), 'gone-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  site = buildApp({ ...ctx.services, config: { ...ctx.config, webDist: dist } }, { web: true });
  seller = await createUser(ctx);
  sellerClient = await signedInClient(ctx, seller);
  moderatorClient = await signedInClient(ctx, await createUser(ctx, { role: 'admin.moderator' }));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

async function postAd(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await sellerClient.post<{ id: string }>('/api/ads', adForm(overrides));
  expect(res.status).toBe(201);
  return res.body.id;
}

const reject = (id: string) =>
  moderatorClient.post(`/api/admin/ads/${id}/reject`, { reason: 'Armele fără acte nu pot fi vândute.' });

/** What a visitor gets for the ad: the API's status and body, and the page's status and title. */
async function seenByVisitor(id: string) {
  const api = await createClient(ctx).get<unknown>(`/api/ads/${id}`);
  const page = await site.request(new URL(`/ad/${id}`, TEST_ORIGIN));
  const title = /<title>([^<]*)<\/title>/.exec(await page.text())?.[1];
  return { status: api.status, body: api.body, pageStatus: page.status, title };
}

describe('an ad that was never public', () => {
  it('answers 404 exactly like an unknown id when rejected at its first review, API and page', async () => {
    const id = await postAd({ title: 'Pistol Glock 17 fără acte' });
    expect((await reject(id)).status).toBe(200);

    const unknown = await seenByVisitor(crypto.randomUUID());
    const rejected = await seenByVisitor(id);
    expect(unknown.status).toBe(404);
    expect(rejected).toEqual(unknown);
    expect(JSON.stringify(rejected.body)).not.toMatch(/moderator|firearms|Glock/i);
    // Its owner still reads it, with the reason.
    const own = await sellerClient.get<{ status: string; moderationReason: string }>(`/api/ads/${id}`);
    expect(own.body).toMatchObject({
      status: 'rejected',
      moderationReason: 'Armele fără acte nu pot fi vândute.',
    });
  });

  it('keeps 410 "removed" for an ad rejected after it was public, API and page', async () => {
    const id = await postAd();
    expect((await moderatorClient.post(`/api/admin/ads/${id}/approve`)).status).toBe(200);
    expect((await reject(id)).status).toBe(200);

    const seen = await seenByVisitor(id);
    expect(seen.status).toBe(410);
    expect((seen.body as { error: AdGone }).error.reason).toBe('removed');
    expect(seen.pageStatus).toBe(410);
    const [row] = await ctx.database.db.select().from(ads).where(eq(ads.id, id));
    expect(row?.firstApprovedAt).toBeInstanceOf(Date);
  });

  it('keeps the first approval time through renewals and later approvals', async () => {
    const ad = await createAd(ctx, seller, { status: 'pending' });
    const firstApproved = async () =>
      (await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id)))[0]?.firstApprovedAt;
    expect(await firstApproved()).toBeNull();
    expect((await moderatorClient.post(`/api/admin/ads/${ad.id}/approve`)).status).toBe(200);
    const first = await firstApproved();
    expect(first).toBeInstanceOf(Date);
    await ctx.database.db.update(ads).set({ status: 'expired' }).where(eq(ads.id, ad.id));
    await ctx.database.db.update(ads).set({ status: 'approved' }).where(eq(ads.id, ad.id));
    expect(await firstApproved()).toEqual(first);
  });
});

describe('the migration’s backfill (0022)', () => {
  it('marks as once public the ads the status or the audit trail says were, and no other', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const listed = await createAd(ctx, seller, { status: 'approved' });
    const takenDown = await createAd(ctx, seller, { status: 'pending' });
    const neverPublic = await createAd(ctx, seller, { status: 'pending' });
    await ctx.database.db.update(ads).set({ status: 'rejected' }).where(eq(ads.id, takenDown.id));
    await ctx.database.db.update(ads).set({ status: 'rejected' }).where(eq(ads.id, neverPublic.id));
    const audit = (targetId: string, statusBefore: string, statusAfter: string) => ({
      actorId: 'moderator',
      actorEmail: 'moderator@example.ro',
      action: statusAfter === 'approved' ? 'ad.approve' : 'ad.reject',
      targetType: 'ad',
      targetId,
      statusBefore,
      statusAfter,
      createdAt: at,
    });
    await ctx.database.db
      .insert(moderationActions)
      .values([audit(takenDown.id, 'pending', 'approved'), audit(neverPublic.id, 'pending', 'rejected')]);
    // As before the migration: nothing recorded yet.
    await ctx.database.db.execute(sql`alter table ads disable trigger ads_first_approved_at`);
    await ctx.database.db.update(ads).set({ firstApprovedAt: null });
    await ctx.database.db.execute(sql`alter table ads enable trigger ads_first_approved_at`);

    const migration = readFileSync(
      path.join(import.meta.dirname, '../db/migrations/0022_first_approved_backfill.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE ads'));
    await ctx.database.db.execute(sql.raw(backfill ?? 'missing'));

    const rows = await ctx.database.db.select({ id: ads.id, firstApprovedAt: ads.firstApprovedAt }).from(ads);
    const of = (id: string) => rows.find((row) => row.id === id)?.firstApprovedAt ?? null;
    expect(of(listed.id)).toEqual(listed.createdAt);
    expect(of(takenDown.id)).toEqual(at);
    expect(of(neverPublic.id)).toBeNull();
    expect((await seenByVisitor(takenDown.id)).status).toBe(410);
    expect((await seenByVisitor(neverPublic.id)).status).toBe(404);
  });
});
