import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal, Offer } from '../../common/schemas/deals';
import {
  type DealerHandover,
  type DealerHandoverList,
  type MyDealerServices,
  romanianToday,
  type TransferDealerList,
} from '../../common/schemas/handovers';
import { queryRows } from '../db/client';
import { dealerApplications } from '../db/schema/dealers';
import { profiles } from '../db/schema/profiles';
import { createAd } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * Issue 29, handover at an armurier: a verified dealer's transfer services, listed by county under
 * the guide; a handover request from a deal, answered by the dealer, mailed both ways and written
 * into the deal's history.
 */

let ctx: TestContext;
type Person = { user: TestUser; client: TestClient };
let seller: Person;
let buyer: Person;
let dealer: Person;
let otherDealer: Person;
let stranger: Person;

async function person(locale: 'ro' | 'en' = 'ro'): Promise<Person> {
  const user = await createUser(ctx, { locale });
  return { user, client: await signedInClient(ctx, user) };
}

/** A verified dealer, as an admin.super's approval leaves them (server/dealers/dealers.ts). */
async function makeDealer(who: Person, businessName: string) {
  const { db } = ctx.database;
  await db.insert(dealerApplications).values({
    userId: who.user.id,
    businessName,
    cui: '18547290',
    authorisationNumber: 'AUT-123',
    status: 'approved',
    decidedAt: new Date(),
  });
  await db.update(profiles).set({ dealerVerifiedAt: new Date() }).where(eq(profiles.id, who.user.id));
}

const SERVICES = {
  county: 'CJ',
  address: 'Str. Memorandumului nr. 12, Cluj-Napoca',
  fees: { inspection: 100, handover: 150, keeping: 0 },
};

const inDays = (days: number) => {
  const day = new Date(`${romanianToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

beforeAll(async () => {
  ctx = await createTestContext();
  [seller, buyer, dealer, otherDealer, stranger] = [
    await person(),
    await person('en'),
    await person(),
    await person(),
    await person(),
  ];
  await makeDealer(dealer, 'Armurăria Someș');
  await makeDealer(otherDealer, 'Vânătorul Brașov');
});
afterAll(async () => {
  await ctx.close();
});

/** A weapon (or, with `legalCategory`, anything) sold by the seller to the buyer, the deal confirmed. */
async function confirmedDeal(
  legalCategory: 'authorisation' | 'not-a-weapon' = 'authorisation',
): Promise<Deal> {
  await ctx.database.db.execute(sql`delete from rate_limits`);
  const ad = await createAd(ctx, seller.user, {
    title: `CZ 75 Shadow ${crypto.randomUUID().slice(0, 5)}`,
    legalCategory,
    ...(legalCategory === 'not-a-weapon' ? { category: 'optics' } : {}),
    county: 'B',
    price: 9000,
  });
  const offer = await buyer.client.post<Offer>(`/api/ads/${ad.id}/offers`, {
    amount: 8500,
    ...(legalCategory === 'authorisation' ? { attestation: true } : {}),
  });
  expect(offer.status).toBe(201);
  await seller.client.post(`/api/offers/${offer.body.id}/answer`, { answer: 'accept' });
  const deal = await seller.client.post<Deal>(`/api/ads/${ad.id}/deal`, { buyerId: buyer.user.id });
  expect(deal.status).toBe(201);
  const answer = await buyer.client.post<Deal>(`/api/deals/${deal.body.id}/answer`, { answer: 'confirm' });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('dealer transfer services', () => {
  it('are set by a verified dealer only, and listed by county to anyone', async () => {
    const mine = await stranger.client.get<MyDealerServices>('/api/me/dealer/services');
    expect(mine.body).toEqual({ eligible: false, services: null });
    const refused = await stranger.client.put('/api/me/dealer/services', SERVICES);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'dealer_not_verified' } });
    expect(await createClient(ctx).put('/api/me/dealer/services', SERVICES)).toMatchObject({ status: 401 });

    const saved = await dealer.client.put<MyDealerServices>('/api/me/dealer/services', {
      ...SERVICES,
      status: 'featured',
      userId: stranger.user.id,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ eligible: true, services: { county: 'CJ', fees: SERVICES.fees } });
    // Unknown fields are never stored: the row is the dealer's own.
    const rows = await queryRows<{ user_id: string }>(
      ctx.database.db,
      sql`select user_id from dealer_services`,
    );
    expect(rows.map((row) => row.user_id)).toEqual([dealer.user.id]);

    await otherDealer.client.put('/api/me/dealer/services', {
      county: 'BV',
      address: 'Str. Lungă nr. 3, Brașov',
      fees: { inspection: null, handover: 200, keeping: null },
    });
    const visitor = createClient(ctx);
    const list = await visitor.get<TransferDealerList>('/api/dealer-services?county=CJ&county=BV');
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => [item.businessName, item.county, item.fees.handover])).toEqual([
      ['Vânătorul Brașov', 'BV', 200],
      ['Armurăria Someș', 'CJ', 150],
    ]);
    const one = await visitor.get<TransferDealerList>('/api/dealer-services?county=CJ');
    expect(one.body.items).toHaveLength(1);
    expect(one.body.items[0]).toMatchObject({ address: SERVICES.address, fees: SERVICES.fees });
    expect((await visitor.get<TransferDealerList>('/api/dealer-services?county=B')).body.items).toEqual([]);
  });

  it('refuses bad input naming the field, and unknown counties', async () => {
    const cases: [unknown, string][] = [
      [{ ...SERVICES, address: 'x' }, 'address'],
      [{ ...SERVICES, county: 'XX' }, 'county'],
      [{ ...SERVICES, fees: { ...SERVICES.fees, handover: -5 } }, 'fees.handover'],
      [{ ...SERVICES, fees: { ...SERVICES.fees, keeping: 12.5 } }, 'fees.keeping'],
    ];
    for (const [body, field] of cases) {
      const res = await dealer.client.put<{ error: { code: string; field?: string } }>(
        '/api/me/dealer/services',
        body,
      );
      expect(res.status, field).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(JSON.stringify(res.body), field).toContain(field);
    }
    expect((await createClient(ctx).get('/api/dealer-services?county=ZZ')).status).toBe(400);
    expect((await createClient(ctx).get('/api/dealer-services')).status).toBe(400);
  });

  it('leave the list when nothing is offered or the badge is withdrawn', async () => {
    await otherDealer.client.put('/api/me/dealer/services', {
      county: 'BV',
      address: 'Str. Lungă nr. 3, Brașov',
      fees: { inspection: null, handover: null, keeping: null },
    });
    expect(
      (await createClient(ctx).get<TransferDealerList>('/api/dealer-services?county=BV')).body.items,
    ).toEqual([]);
    await otherDealer.client.put('/api/me/dealer/services', {
      county: 'BV',
      address: 'Str. Lungă nr. 3, Brașov',
      fees: { inspection: null, handover: 200, keeping: null },
    });
    await ctx.database.db
      .update(profiles)
      .set({ dealerVerifiedAt: null })
      .where(eq(profiles.id, otherDealer.user.id));
    expect(
      (await createClient(ctx).get<TransferDealerList>('/api/dealer-services?county=BV')).body.items,
    ).toEqual([]);
    expect((await otherDealer.client.get<MyDealerServices>('/api/me/dealer/services')).body.eligible).toBe(
      false,
    );
    await ctx.database.db
      .update(profiles)
      .set({ dealerVerifiedAt: new Date() })
      .where(eq(profiles.id, otherDealer.user.id));
  });
});

describe('handover requests', () => {
  it('go from a side of the deal to the dealer, who accepts; both ways mailed and in the history', async () => {
    const deal = await confirmedDeal();
    expect(deal.can.requestHandover).toBe(true);
    expect(deal.adCounty).toBe('B');
    expect(deal.history.map((event) => event.kind)).toEqual(['recorded', 'confirmed']);
    const wishedDate = inDays(10);

    // Only the deal's two sides ask.
    const body = { dealerId: dealer.user.id, service: 'handover', wishedDate, note: 'Vin cu autorizația.' };
    expect((await stranger.client.post(`/api/deals/${deal.id}/handovers`, body)).status).toBe(404);
    expect((await dealer.client.post(`/api/deals/${deal.id}/handovers`, body)).status).toBe(404);

    const asked = await buyer.client.post<Deal>(`/api/deals/${deal.id}/handovers`, body);
    expect(asked.status).toBe(201);
    expect(asked.body.can.requestHandover).toBe(false);
    expect(asked.body.handovers).toHaveLength(1);
    expect(asked.body.handovers[0]).toMatchObject({
      dealer: { id: dealer.user.id, businessName: 'Armurăria Someș', county: 'CJ' },
      service: 'handover',
      fee: 150,
      wishedDate,
      note: 'Vin cu autorizația.',
      status: 'pending',
      requestedBy: { role: 'buyer' },
      canCancel: true,
    });
    expect(asked.body.history.at(-1)).toMatchObject({
      kind: 'handoverRequested',
      dealer: 'Armurăria Someș',
      note: 'Vin cu autorizația.',
    });
    const again = await seller.client.post(`/api/deals/${deal.id}/handovers`, body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'handover_pending' } });

    const request = await ctx.mail.waitFor(dealer.user.email, (mail) => mail.subject.includes(deal.ad.title));
    expect(request.subject).toBe(`Cerere de predare: ${deal.ad.title}`);
    expect(request.text).toContain('Vin cu autorizația.');
    expect(request.text).toContain('/dashboard/handovers');

    // The dealer's desk; nobody else answers.
    const desk = await dealer.client.get<DealerHandoverList>('/api/me/handover-requests');
    const mineOnDesk = desk.body.items.find((item) => item.dealId === deal.id);
    expect(mineOnDesk).toMatchObject({
      status: 'pending',
      can: { answer: true },
      ad: { title: deal.ad.title },
    });
    expect((await stranger.client.get<DealerHandoverList>('/api/me/handover-requests')).body.items).toEqual(
      [],
    );
    const id = mineOnDesk?.id ?? '';
    for (const who of [seller, buyer, otherDealer])
      expect(
        (await who.client.post(`/api/handover-requests/${id}/answer`, { answer: 'accept' })).status,
      ).toBe(404);

    const accepted = await dealer.client.post<DealerHandover>(`/api/handover-requests/${id}/answer`, {
      answer: 'accept',
      note: 'Vă aștept la 10:00.',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      answerNote: 'Vă aștept la 10:00.',
      can: { answer: false },
    });
    const twice = await dealer.client.post(`/api/handover-requests/${id}/answer`, { answer: 'decline' });
    expect(twice.status).toBe(409);
    expect((await buyer.client.post(`/api/handover-requests/${id}/cancel`)).status).toBe(409);

    const toSeller = await ctx.mail.waitFor(seller.user.email, (mail) => mail.subject.includes('a acceptat'));
    expect(toSeller.subject).toBe('Armurăria Someș a acceptat cererea de predare');
    expect(toSeller.text).toContain('Vă aștept la 10:00.');
    const toBuyer = await ctx.mail.waitFor(buyer.user.email, (mail) => mail.subject.includes('accepted'));
    expect(toBuyer.subject).toBe('Armurăria Someș accepted the handover request');

    const [after] = (await seller.client.get<{ items: Deal[] }>('/api/me/deals')).body.items.filter(
      (item) => item.id === deal.id,
    );
    expect(after?.history.map((event) => event.kind)).toEqual([
      'recorded',
      'confirmed',
      'handoverRequested',
      'handoverAccepted',
    ]);
    expect(after?.history.at(-1)).toMatchObject({ note: 'Vă aștept la 10:00.', dealer: 'Armurăria Someș' });
    expect(after?.can.requestHandover).toBe(true);
  });

  it('are cancelled by the one who asked only, and the dealer is told', async () => {
    const deal = await confirmedDeal();
    const asked = await seller.client.post<Deal>(`/api/deals/${deal.id}/handovers`, {
      dealerId: dealer.user.id,
      service: 'keeping',
      wishedDate: inDays(0),
    });
    expect(asked.status).toBe(201);
    expect(asked.body.handovers[0]).toMatchObject({ fee: 0, note: null, requestedBy: { role: 'seller' } });
    const id = asked.body.handovers[0]?.id ?? '';
    expect((await buyer.client.post(`/api/handover-requests/${id}/cancel`)).status).toBe(404);
    expect((await dealer.client.post(`/api/handover-requests/${id}/cancel`)).status).toBe(404);
    const cancelled = await seller.client.post<Deal>(`/api/handover-requests/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.handovers[0]?.status).toBe('cancelled');
    expect(cancelled.body.history.at(-1)?.kind).toBe('handoverCancelled');
    const told = await ctx.mail.waitFor(dealer.user.email, (mail) =>
      mail.subject.startsWith('Cerere anulată'),
    );
    expect(told.subject).toBe(`Cerere anulată: ${deal.ad.title}`);
    const declined = await seller.client.post<Deal>(`/api/deals/${deal.id}/handovers`, {
      dealerId: dealer.user.id,
      service: 'inspection',
      wishedDate: inDays(3),
    });
    expect(declined.status).toBe(201);
  });

  it('are refused where they do not apply, naming the field or the reason', async () => {
    const deal = await confirmedDeal();
    const base = { dealerId: dealer.user.id, service: 'handover', wishedDate: inDays(5) };
    const cases: [unknown, number, string][] = [
      [{ ...base, wishedDate: inDays(-1) }, 400, 'wishedDate'],
      [{ ...base, wishedDate: inDays(181) }, 400, 'wishedDate'],
      [{ ...base, wishedDate: '2026-02-30' }, 400, 'wishedDate'],
      [{ ...base, service: 'delivery' }, 400, 'service'],
      [{ ...base, note: 'x'.repeat(1001) }, 400, 'note'],
      [{ ...base, dealerId: stranger.user.id }, 409, 'dealer_unavailable'],
      [{ ...base, dealerId: otherDealer.user.id, service: 'inspection' }, 409, 'service_not_offered'],
    ];
    for (const [body, status, what] of cases) {
      const res = await buyer.client.post(`/api/deals/${deal.id}/handovers`, body);
      expect(res.status, what).toBe(status);
      expect(JSON.stringify(res.body), what).toContain(what);
    }
    // An optic needs no authorisation: its deal has no handover.
    const optic = await confirmedDeal('not-a-weapon');
    expect(optic.can.requestHandover).toBe(false);
    const res = await buyer.client.post(`/api/deals/${optic.id}/handovers`, base);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'invalid_transition' } });
    const none = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from handover_requests where deal_id in (${deal.id}, ${optic.id})`,
    );
    expect(none[0]?.n).toBe(0);
  });
});
