import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '../../common/schemas/reports';
import { reports } from '../db/schema/interactions';
import { REPORTS_PER_IP } from '../interactions/reports';
import { createAd } from '../test/ad-factories';
import { createClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };
const reportsOf = (adId: string) => ctx.database.db.select().from(reports).where(eq(reports.adId, adId));

async function listedAd() {
  const owner = await createUser(ctx);
  return { owner, ad: await createAd(ctx, owner) };
}

describe('POST /api/ads/{id}/reports', () => {
  it('takes a visitor’s report, without a reporter, details optional', async () => {
    const { ad } = await listedAd();
    const visitor = createClient(ctx);
    const res = await visitor.post<ReportResult>(`/api/ads/${ad.id}/reports`, {
      reason: 'spam',
      reporterId: 'someone-else',
      status: 'dismissed',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', created: true });
    const second = await visitor.post(`/api/ads/${ad.id}/reports`, { reason: 'illegal', details: '  ' });
    expect(second.status).toBe(201);
    const rows = await reportsOf(ad.id);
    expect(rows.map((row) => [row.reporterId, row.reason, row.details, row.status])).toEqual(
      expect.arrayContaining([
        [null, 'spam', null, 'open'],
        [null, 'illegal', null, 'open'],
      ]),
    );
  });

  it('updates a user’s open report on the same ad instead of adding another', async () => {
    const { ad } = await listedAd();
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    const first = await client.post<ReportResult>(`/api/ads/${ad.id}/reports`, { reason: 'spam' });
    expect(first).toMatchObject({ status: 201, body: { created: true } });
    const second = await client.post<ReportResult>(`/api/ads/${ad.id}/reports`, {
      reason: 'illegal',
      details: 'Armă fără acte',
    });
    expect(second).toMatchObject({ status: 200, body: { id: first.body.id, created: false } });
    const rows = await reportsOf(ad.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: user.id, reason: 'illegal', details: 'Armă fără acte' });

    // Once a moderator has closed it, a new report is a new row.
    await ctx.database.db.update(reports).set({ status: 'dismissed' }).where(eq(reports.id, first.body.id));
    const third = await client.post<ReportResult>(`/api/ads/${ad.id}/reports`, { reason: 'other' });
    expect(third).toMatchObject({ status: 201, body: { created: true } });
    expect(await reportsOf(ad.id)).toHaveLength(2);

    // Another user's report is their own.
    const other = await signedInClient(ctx, await createUser(ctx));
    expect((await other.post(`/api/ads/${ad.id}/reports`, { reason: 'spam' })).status).toBe(201);
    expect(await reportsOf(ad.id)).toHaveLength(3);
  });

  it('needs a known reason and details of at most 1,000 characters', async () => {
    const { ad } = await listedAd();
    const client = createClient(ctx);
    for (const reason of [undefined, '', 'boring']) {
      const res = await client.post<ErrorBody>(`/api/ads/${ad.id}/reports`, { reason });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'validation_error', message: 'reason: Choose a reason' });
    }
    const long = await client.post<ErrorBody>(`/api/ads/${ad.id}/reports`, {
      reason: 'other',
      details: 'x'.repeat(1001),
    });
    expect(long.body.error.message).toBe('details: Details must be at most 1000 characters');
    expect(await reportsOf(ad.id)).toEqual([]);
  });

  it('answers 404 for ads that are not listed, and for the owner', async () => {
    const { owner, ad } = await listedAd();
    const pending = await createAd(ctx, owner, { status: 'pending' });
    const client = createClient(ctx);
    expect((await client.post(`/api/ads/${pending.id}/reports`, { reason: 'spam' })).status).toBe(404);
    expect((await client.post(`/api/ads/${crypto.randomUUID()}/reports`, { reason: 'spam' })).status).toBe(
      404,
    );
    expect((await client.post('/api/ads/nope/reports', { reason: 'spam' })).status).toBe(404);
    const ownerClient = await signedInClient(ctx, owner);
    expect((await ownerClient.post(`/api/ads/${ad.id}/reports`, { reason: 'spam' })).status).toBe(404);
  });

  it('limits reports per client address', async () => {
    const { ad } = await listedAd();
    const ip = '192.0.2.77';
    const client = createClient(ctx, { ip });
    for (let i = 0; i < REPORTS_PER_IP.max; i++) {
      expect((await client.post(`/api/ads/${ad.id}/reports`, { reason: 'spam' })).status).toBe(201);
    }
    const refused = await client.post<ErrorBody>(`/api/ads/${ad.id}/reports`, { reason: 'spam' });
    expect(refused.status).toBe(429);
    // Signing in does not lift the address's limit.
    const signedIn = createClient(ctx, { ip });
    const user = await createUser(ctx);
    await signedIn.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect((await signedIn.post(`/api/ads/${ad.id}/reports`, { reason: 'spam' })).status).toBe(429);
    expect((await createClient(ctx).post(`/api/ads/${ad.id}/reports`, { reason: 'spam' })).status).toBe(201);
    expect(await reportsOf(ad.id)).toHaveLength(REPORTS_PER_IP.max + 1);
  });
});
