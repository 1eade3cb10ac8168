import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferStatus } from '../../common/deals';
import type { Role } from '../../common/roles';
import { browseQuerySchema } from '../../common/schemas/ads';
import { romanianToday } from '../../common/schemas/handovers';
import { buildZip } from '../account-data/zip';
import { signRenewalToken } from '../ads/renewal-token';
import { createSavedSearch } from '../alerts/saved-searches';
import { signUnsubscribeToken } from '../alerts/unsubscribe-token';
import { AUTH_ENDPOINTS } from '../auth/auth-routes';
import { adRevisions, ads } from '../db/schema/ads';
import { session } from '../db/schema/auth';
import { dealerApplications } from '../db/schema/dealers';
import { deals, offers, ratings, trustReports } from '../db/schema/deals';
import { dealerServices, handoverRequests } from '../db/schema/handovers';
import { conversations, messages } from '../db/schema/interactions';
import { dataExports } from '../db/schema/legal';
import { profiles } from '../db/schema/profiles';
import { savedSearches } from '../db/schema/saved-searches';
import { adForm, createAd, REVISION_FIELDS, sendUpload, testPhoto, uploadPhoto } from '../test/ad-factories';
import { createClient, type TestClient } from '../test/client';
import { createUser, DEFAULT_PASSWORD, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { createReport } from '../test/moderation-factories';
import { totp } from '../test/totp';

/**
 * The authorization matrix: every route the app serves, called by every kind of caller, must answer
 * the status declared here. Routes are discovered from the app itself (Hono's route list, with the
 * better-auth allowlist behind /api/auth/*), so a new route without an entry fails this test.
 *
 * Callers:
 * - visitor: no session;
 * - owner: an ordinary user who owns the objects of the case (the ad, the seller's side of the
 *   conversation), and is "the user" on routes about oneself;
 * - other: a second ordinary user, acting on the owner's objects;
 * - deactivated: an ordinary user whose account was deactivated while a session of theirs survived
 *   (deactivation ends sessions; a fresh surviving one per call is the harder case) — a visitor;
 * - moderator (admin.moderator) and super (admin.super).
 * Objects are made afresh for every call, so a call never sees what another one changed.
 */

const ACTORS = ['visitor', 'owner', 'other', 'deactivated', 'moderator', 'super'] as const;
type Actor = (typeof ACTORS)[number];
type Expect = Record<Actor, number>;

type Fixtures = {
  ctx: TestContext;
  users: Record<Exclude<Actor, 'visitor'>, TestUser>;
  /** The caller of this case and its user (null for the visitor). */
  actor: Actor;
  me: TestUser | null;
  /** An ad of the owner. */
  ad(overrides?: Parameters<typeof createAd>[2]): Promise<{ id: string }>;
  /** A conversation between a buyer and the owner (seller), about an ad of the owner. */
  conversation(): Promise<{ id: string }>;
  /** A fresh account with a role. */
  account(role?: Role): Promise<TestUser>;
  /** A saved search of the owner. */
  savedSearch(): Promise<{ id: string }>;
  /** A dealer application of a fresh account, in this status. */
  dealerApplication(status: 'pending' | 'approved'): Promise<{ id: string }>;
};

type Request = {
  method?: string;
  path: string;
  body?: unknown;
  /** For what JSON cannot send (uploads): sends the request itself and answers the status. */
  send?: (client: TestClient | null) => Promise<number>;
  /** Uses a session of its own (sign-out would end the shared one). */
  freshSession?: boolean;
};

type Case = { name?: string; request: (f: Fixtures) => Promise<Request> | Request; expect: Expect };

// Shorthands for the usual rows. A deactivated account is refused like a visitor everywhere.
const all = (status: number): Expect => ({
  visitor: status,
  owner: status,
  other: status,
  deactivated: status,
  moderator: status,
  super: status,
});
const signedIn = (status: number): Expect => ({ ...all(status), visitor: 401, deactivated: 401 });
const staff = (status: number): Expect => ({ ...signedIn(404), moderator: status, super: status });
const superOnly = (status: number): Expect => ({ ...staff(404), super: status });
/** Only the owner (and whoever else is listed) may; the others are told it does not exist. */
const ownerOnly = (status: number, extra: Partial<Expect> = {}): Expect => ({
  ...signedIn(404),
  owner: status,
  ...extra,
});

const one = (request: Case['request'], expect: Expect): Case[] => [{ request, expect }];

/** An approved ad of the owner with an edit waiting for review (issue 26). */
async function revisedAd(f: Fixtures): Promise<{ id: string }> {
  const ad = await f.ad();
  await f.ctx.database.db.insert(adRevisions).values({ adId: ad.id, fields: REVISION_FIELDS, imageIds: [] });
  return ad;
}

/** A seller's public page: anyone sees an active seller's; nobody a deactivated one's. */
const sellerCases = (suffix: string): Case[] => [
  {
    name: 'active',
    request: (f) => ({ path: `/api/sellers/${f.users.owner.id}${suffix}` }),
    expect: all(200),
  },
  {
    name: 'deactivated',
    request: async (f) => {
      const account = await f.account();
      await f.ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, account.id));
      return { path: `/api/sellers/${account.id}${suffix}` };
    },
    expect: all(404),
  },
];

// ——— Issue 28: offers, deals and ratings, written straight into the database ———

/** An offer on a new ad of the owner by `buyerId` (a fresh account unless named), in `status`. */
async function offerOn(f: Fixtures, options: { buyerId?: string; status?: OfferStatus } = {}) {
  const db = f.ctx.database.db;
  const ad = await f.ad({ price: 5000 });
  const buyerId = options.buyerId ?? (await f.account()).id;
  const [conversation] = await db
    .insert(conversations)
    .values({ adId: ad.id, adTitle: 'Pistol', buyerId, sellerId: f.users.owner.id })
    .returning({ id: conversations.id });
  const [offer] = await db
    .insert(offers)
    .values({
      adId: ad.id,
      conversationId: conversation!.id,
      buyerId,
      sellerId: f.users.owner.id,
      amount: 4500,
      status: options.status ?? 'pending',
      expiresAt: new Date(Date.now() + 3600_000),
    })
    .returning({ id: offers.id });
  if (options.status === 'accepted')
    await db.update(ads).set({ reservedAt: new Date() }).where(eq(ads.id, ad.id));
  return { ad, offer: offer!, buyerId };
}

/** A deal of the owner (seller) with the other user (buyer). */
async function dealOf(f: Fixtures, state: 'awaiting' | 'confirmed' | 'denied' = 'confirmed') {
  const [deal] = await f.ctx.database.db
    .insert(deals)
    .values({
      adTitle: 'Pistol',
      sellerId: f.users.owner.id,
      buyerId: f.users.other.id,
      price: 4500,
      confirmedAt: state === 'confirmed' ? new Date() : null,
      deniedAt: state === 'denied' ? new Date() : null,
    })
    .returning({ id: deals.id });
  return deal!;
}

/** Issue 29: a confirmed deal of the owner's weapon (an ad with a legal guide) with the other user. */
async function weaponDealOf(f: Fixtures) {
  const ad = await f.ad({ status: 'sold', legalCategory: 'authorisation' });
  const [deal] = await f.ctx.database.db
    .insert(deals)
    .values({
      adId: ad.id,
      adTitle: 'Pistol',
      sellerId: f.users.owner.id,
      buyerId: f.users.other.id,
      price: 4500,
      confirmedAt: new Date(),
    })
    .returning({ id: deals.id });
  return deal!;
}

/** Issue 29: a fresh verified dealer offering every transfer service in Cluj. */
async function transferDealer(f: Fixtures): Promise<TestUser> {
  const dealer = await f.account();
  const { db } = f.ctx.database;
  await db.insert(dealerApplications).values({
    userId: dealer.id,
    businessName: 'Armurăria Someș',
    cui: '18547290',
    authorisationNumber: 'A-1',
    status: 'approved',
    decidedAt: new Date(),
  });
  await db.update(profiles).set({ dealerVerifiedAt: new Date() }).where(eq(profiles.id, dealer.id));
  await db.insert(dealerServices).values({
    userId: dealer.id,
    county: 'CJ',
    address: 'Str. Memorandumului 12, Cluj-Napoca',
    inspectionFee: 100,
    handoverFee: 150,
    keepingFee: 0,
  });
  return dealer;
}

/**
 * Issue 29: a pending handover request the other user sent, on their weapon deal with a fresh
 * seller, to `dealerId`. Only the dealer asked answers and only the one who asked cancels; the row
 * is written directly, so that the owner can be the dealer asked without becoming a dealer.
 */
async function handoverRequestTo(f: Fixtures, dealerId: string) {
  const seller = await f.account();
  const ad = await createAd(f.ctx, seller, { status: 'sold', legalCategory: 'authorisation' });
  const [deal] = await f.ctx.database.db
    .insert(deals)
    .values({ adId: ad.id, adTitle: 'Pistol', sellerId: seller.id, buyerId: f.users.other.id, price: 4500 })
    .returning({ id: deals.id });
  const [request] = await f.ctx.database.db
    .insert(handoverRequests)
    .values({
      dealId: deal!.id,
      dealerId,
      requesterId: f.users.other.id,
      service: 'handover',
      fee: 150,
      dealerName: 'Armurăria Someș',
      dealerCounty: 'CJ',
      dealerAddress: 'Str. Memorandumului 12, Cluj-Napoca',
      wishedDate: '2030-01-15',
    })
    .returning({ id: handoverRequests.id });
  return request!;
}

/** The other user's rating of the owner, on a confirmed deal. */
async function ratingOfOwner(f: Fixtures, state: { revealed?: boolean; hidden?: boolean } = {}) {
  const deal = await dealOf(f);
  const [rating] = await f.ctx.database.db
    .insert(ratings)
    .values({
      dealId: deal.id,
      raterId: f.users.other.id,
      ratedId: f.users.owner.id,
      ratedRole: 'seller',
      stars: 4,
      revealedAt: state.revealed === false ? null : new Date(),
      hiddenAt: state.hidden ? new Date() : null,
    })
    .returning({ id: ratings.id });
  return rating!;
}

/** Issue 29: what the contract form sends (the details go into the PDF only). */
const CONTRACT_BODY = {
  sellerName: 'Ștefan Țăranu',
  sellerIdentity: '1800101123456',
  sellerAddress: 'Brașov',
  sellerPermit: 'PA-1',
  buyerName: 'Ioana Mâță',
  buyerIdentity: 'RX 123456',
  buyerAddress: 'București',
  buyerPermit: 'AP-2',
  serialNumber: 'SN-1',
};

const ROUTES: Record<string, Case[]> = {
  // ——— Public and account ———
  'GET /api/health': one(() => ({ path: '/api/health' }), all(200)),
  'GET /api/openapi.json': one(() => ({ path: '/api/openapi.json' }), all(200)),
  'GET /media/*': one(async (f) => {
    const upload = await uploadPhoto(f.ctx, await signedInClient(f.ctx, f.users.owner));
    return { path: upload.card };
  }, all(200)),
  'GET /api/me': one(() => ({ path: '/api/me' }), signedIn(200)),
  // A visitor is answered null, not refused: the app asks on every first load.
  'GET /api/viewer': one(() => ({ path: '/api/viewer' }), all(200)),
  // Crawlers' files: public to all.
  'GET /robots.txt': one(() => ({ path: '/robots.txt' }), all(200)),
  // No session opens /metrics: only METRICS_TOKEN does (unset here: 404), server/metrics/metrics.test.ts.
  'GET /metrics': one(() => ({ path: '/metrics' }), all(404)),
  'GET /sitemap.xml': one(() => ({ path: '/sitemap.xml' }), all(200)),
  'GET /sitemaps/pages.xml': one(() => ({ path: '/sitemaps/pages.xml' }), all(200)),
  'GET /sitemaps/ads/:from/:file{.+\\.xml}': one(() => ({ path: '/sitemaps/ads/start/end.xml' }), all(200)),
  'GET /sitemaps/sellers/:file{.+\\.xml}': one(() => ({ path: '/sitemaps/sellers/start.xml' }), all(200)),
  'PATCH /api/me/profile': one(
    () => ({ method: 'PATCH', path: '/api/me/profile', body: { firstName: 'Ana', lastName: 'Pop' } }),
    signedIn(200),
  ),
  'GET /api/me/overview': one(() => ({ path: '/api/me/overview' }), signedIn(200)),
  // The account's sessions (issue 26): one of the owner's other sessions is theirs alone to end.
  'GET /api/me/sessions': one(() => ({ path: '/api/me/sessions' }), signedIn(200)),
  // Issue 31: who runs the site is public; acceptances, exports and deletion are one's own.
  'GET /api/legal': one(() => ({ path: '/api/legal' }), all(200)),
  'GET /api/me/legal': one(() => ({ path: '/api/me/legal' }), signedIn(200)),
  'POST /api/me/legal/accept': one(
    (f) => ({
      method: 'POST',
      path: '/api/me/legal/accept',
      body: {
        termsVersion: f.ctx.config.legalVersions.terms,
        privacyVersion: f.ctx.config.legalVersions.privacy,
      },
    }),
    signedIn(200),
  ),
  'GET /api/me/data-exports': one(() => ({ path: '/api/me/data-exports' }), signedIn(200)),
  'POST /api/me/data-exports': one(() => ({ method: 'POST', path: '/api/me/data-exports' }), signedIn(202)),
  'GET /api/me/data-exports/:id/download': one(async (f) => {
    // A ready export of the owner, its file in place.
    const [row] = await f.ctx.database.db
      .insert(dataExports)
      .values({
        userId: f.users.owner.id,
        status: 'ready',
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning({ id: dataExports.id });
    const dir = path.join(f.ctx.config.dataDir, 'exports');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, `${row!.id}.zip`),
      buildZip([{ name: 'data.json', data: Buffer.from('{}') }]),
    );
    return { path: `/api/me/data-exports/${row!.id}/download` };
  }, ownerOnly(200)),
  'POST /api/me/delete-account': one(async (f) => {
    // A throwaway account of the caller's kind (staff with their code): the shared ones outlive the case.
    const roles = {
      owner: 'user',
      other: 'user',
      moderator: 'admin.moderator',
      super: 'admin.super',
    } as const;
    const who = f.actor in roles ? await f.account(roles[f.actor as keyof typeof roles]) : null;
    return {
      method: 'POST',
      path: '/api/me/delete-account',
      send: async (client) => {
        if (!who)
          return (
            await (client ?? createClient(f.ctx)).post('/api/me/delete-account', { password: 'a-password' })
          ).status;
        const own = await signedInClient(f.ctx, who);
        const code = who.totpSecret ? totp(who.totpSecret) : undefined;
        return (await own.post('/api/me/delete-account', { password: who.password, code })).status;
      },
    };
  }, signedIn(202)),
  'DELETE /api/me/sessions/:id': one(async (f) => {
    // Straight through better-auth, past the sign-in rate limits.
    await f.ctx.services.auth.api.signInEmail({
      body: { email: f.users.owner.email, password: f.users.owner.password },
    });
    const [row] = await f.ctx.database.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.userId, f.users.owner.id))
      .orderBy(desc(session.createdAt))
      .limit(1);
    return { method: 'DELETE', path: `/api/me/sessions/${row!.id}` };
  }, ownerOnly(204)),
  'POST /api/me/sessions/end-others': one(
    () => ({ method: 'POST', path: '/api/me/sessions/end-others' }),
    signedIn(200),
  ),

  // ——— Ads ———
  'GET /api/ads': one(() => ({ path: '/api/ads' }), all(200)),
  'GET /api/ads/:id': [
    { name: 'approved', request: async (f) => ({ path: `/api/ads/${(await f.ad()).id}` }), expect: all(200) },
    // Never public (rejected at its first review too, issue 26): unknown to all but its owner and staff.
    ...(['pending', 'needs_changes', 'rejected'] as const).map((status) => ({
      name: status,
      request: async (f: Fixtures) => ({ path: `/api/ads/${(await f.ad({ status })).id}` }),
      expect: { ...all(404), owner: 200, moderator: 200, super: 200 },
    })),
    // Issue 12: a page that was public and is gone says why (410) to everyone but its owner and staff.
    ...(['rejected', 'expired'] as const).map((status) => ({
      name: `${status} after it was public`,
      request: async (f: Fixtures) => ({
        path: `/api/ads/${(await f.ad({ status, firstApprovedAt: new Date() })).id}`,
      }),
      expect: { ...all(410), owner: 200, moderator: 200, super: 200 },
    })),
    {
      name: 'sold recently',
      request: async (f) => ({ path: `/api/ads/${(await f.ad({ status: 'sold', soldAt: new Date() })).id}` }),
      expect: all(200),
    },
  ],
  'POST /api/ads/:id/renew': [
    ...(['approved', 'expired'] as const).map((status) => ({
      name: status,
      request: async (f: Fixtures) => ({
        method: 'POST',
        path: `/api/ads/${(await f.ad({ status })).id}/renew`,
      }),
      expect: ownerOnly(200),
    })),
    {
      name: 'pending',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ads/${(await f.ad({ status: 'pending' })).id}/renew`,
      }),
      expect: ownerOnly(409),
    },
  ],
  'POST /api/ads/:id/sold': one(
    async (f) => ({ method: 'POST', path: `/api/ads/${(await f.ad()).id}/sold` }),
    ownerOnly(200),
  ),
  'POST /api/ads/renew-by-token': one(
    async (f) => ({
      method: 'POST',
      path: '/api/ads/renew-by-token',
      body: { token: signRenewalToken(f.ctx.config, (await f.ad({ status: 'expired' })).id) },
    }),
    all(200),
  ),
  'POST /api/ads': one(() => ({ method: 'POST', path: '/api/ads', body: adForm() }), signedIn(201)),
  'PUT /api/ads/:id': [
    {
      name: 'approved',
      request: async (f) => ({ method: 'PUT', path: `/api/ads/${(await f.ad()).id}`, body: adForm() }),
      expect: ownerOnly(200),
    },
    {
      name: 'needs_changes',
      request: async (f) => ({
        method: 'PUT',
        path: `/api/ads/${(await f.ad({ status: 'needs_changes', moderationReason: 'Poze' })).id}`,
        body: adForm(),
      }),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /api/ads/:id': one(
    async (f) => ({ method: 'DELETE', path: `/api/ads/${(await f.ad({ status: 'pending' })).id}` }),
    ownerOnly(204, { moderator: 204, super: 204 }),
  ),
  'GET /api/me/ads': one(() => ({ path: '/api/me/ads' }), signedIn(200)),
  'POST /api/uploads': one(
    () => ({
      path: '/api/uploads',
      send: async (client) => {
        // The shared helper adds the client's cookies and address when given one.
        return (await sendUpload(currentCtx, client, await testPhoto())).status;
      },
    }),
    signedIn(201),
  ),

  // ——— Messages (issue 5) ———
  'POST /api/ads/:id/messages': one(
    async (f) => ({
      method: 'POST',
      path: `/api/ads/${(await f.ad()).id}/messages`,
      body: { body: 'Mai e valabil?', attestation: true },
    }),
    { ...signedIn(201), owner: 404 },
  ),
  // The owner has no conversation as buyer about their own ad: null, still 200.
  'GET /api/ads/:id/conversation': [
    {
      name: 'approved',
      request: async (f) => ({ path: `/api/ads/${(await f.ad()).id}/conversation` }),
      expect: signedIn(200),
    },
    {
      name: 'pending',
      request: async (f) => ({ path: `/api/ads/${(await f.ad({ status: 'pending' })).id}/conversation` }),
      expect: { ...signedIn(404), owner: 200, moderator: 200, super: 200 },
    },
  ],
  'GET /api/conversations': one(() => ({ path: '/api/conversations' }), signedIn(200)),
  'GET /api/conversations/:id': one(
    async (f) => ({ path: `/api/conversations/${(await f.conversation()).id}` }),
    ownerOnly(200),
  ),
  'POST /api/conversations/:id/messages': one(
    async (f) => ({
      method: 'POST',
      path: `/api/conversations/${(await f.conversation()).id}/messages`,
      body: { body: 'Da, este.' },
    }),
    ownerOnly(201),
  ),
  'POST /api/conversations/:id/read': one(
    async (f) => ({ method: 'POST', path: `/api/conversations/${(await f.conversation()).id}/read` }),
    ownerOnly(200),
  ),
  'GET /api/me/unread': one(() => ({ path: '/api/me/unread' }), signedIn(200)),

  // ——— Favorites (issue 5) ———
  'GET /api/me/favorites': one(() => ({ path: '/api/me/favorites' }), signedIn(200)),
  'GET /api/me/favorites/ids': one(() => ({ path: '/api/me/favorites/ids' }), signedIn(200)),
  'PUT /api/me/favorites/:adId': [
    {
      name: 'approved',
      request: async (f) => ({ method: 'PUT', path: `/api/me/favorites/${(await f.ad()).id}` }),
      expect: signedIn(204),
    },
    {
      name: 'pending',
      request: async (f) => ({
        method: 'PUT',
        path: `/api/me/favorites/${(await f.ad({ status: 'pending' })).id}`,
      }),
      expect: signedIn(404),
    },
  ],
  'DELETE /api/me/favorites/:adId': one(
    async (f) => ({ method: 'DELETE', path: `/api/me/favorites/${(await f.ad()).id}` }),
    signedIn(204),
  ),

  // ——— Reports (issue 5): visitors may report; owners may not report their own ad ———
  'POST /api/ads/:id/reports': [
    {
      name: 'approved',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ads/${(await f.ad()).id}/reports`,
        body: { reason: 'spam' },
      }),
      expect: { ...all(201), owner: 404 },
    },
    {
      name: 'pending',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ads/${(await f.ad({ status: 'pending' })).id}/reports`,
        body: { reason: 'spam' },
      }),
      expect: all(404),
    },
  ],

  // ——— Saved searches (issue 11): the owner's own; the unsubscribe link carries its own proof ———
  'GET /api/me/saved-searches': one(() => ({ path: '/api/me/saved-searches' }), signedIn(200)),
  'POST /api/me/saved-searches': one(
    () => ({
      method: 'POST',
      path: '/api/me/saved-searches',
      body: { query: { q: 'glock 17', county: 'CJ' } },
    }),
    signedIn(201),
  ),
  'PATCH /api/me/saved-searches/:id': one(
    async (f) => ({
      method: 'PATCH',
      path: `/api/me/saved-searches/${(await f.savedSearch()).id}`,
      body: { name: 'Redenumită', frequency: 'daily' },
    }),
    ownerOnly(200),
  ),
  'POST /api/me/saved-searches/:id/opened': one(
    async (f) => ({ method: 'POST', path: `/api/me/saved-searches/${(await f.savedSearch()).id}/opened` }),
    ownerOnly(200),
  ),
  'DELETE /api/me/saved-searches/:id': one(
    async (f) => ({ method: 'DELETE', path: `/api/me/saved-searches/${(await f.savedSearch()).id}` }),
    ownerOnly(204),
  ),
  'GET /api/saved-searches/unsubscribe': one(async (f) => {
    const token = signUnsubscribeToken(f.ctx.config, {
      kind: 's',
      savedSearchId: (await f.savedSearch()).id,
    });
    return { path: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}` };
  }, all(200)),
  'POST /api/saved-searches/unsubscribe': one(async (f) => {
    const token = signUnsubscribeToken(f.ctx.config, {
      kind: 's',
      savedSearchId: (await f.savedSearch()).id,
    });
    return { method: 'POST', path: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}` };
  }, all(200)),

  // ——— Verified dealers (issue 12): anyone signed in applies; admin.super decides ———
  'GET /api/me/dealer': one(() => ({ path: '/api/me/dealer' }), signedIn(200)),
  'POST /api/me/dealer': one(async (f) => {
    // Each caller's earlier application is let go: a pending one would make this a 409.
    if (f.me)
      await f.ctx.database.db.delete(dealerApplications).where(eq(dealerApplications.userId, f.me.id));
    return {
      method: 'POST',
      path: '/api/me/dealer',
      body: { businessName: 'Armurier SRL', cui: 'RO14399840', authorisationNumber: 'A-77' },
    };
  }, signedIn(201)),
  'GET /api/admin/dealers': one(() => ({ path: '/api/admin/dealers' }), superOnly(200)),
  'POST /api/admin/dealers/:id/approve': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/dealers/${(await f.dealerApplication('pending')).id}/approve`,
    }),
    superOnly(200),
  ),
  'POST /api/admin/dealers/:id/refuse': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/dealers/${(await f.dealerApplication('pending')).id}/refuse`,
      body: { reason: 'Autorizația nu se potrivește.' },
    }),
    superOnly(200),
  ),
  'POST /api/admin/dealers/:id/withdraw': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/dealers/${(await f.dealerApplication('approved')).id}/withdraw`,
      body: { reason: 'Autorizația a expirat.' },
    }),
    superOnly(200),
  ),
  // ——— Seller profiles (issue 12): public, but a deactivated account has none ———
  // Issue 28: public, like browse.
  'GET /api/price-insight': one(
    () => ({ path: '/api/price-insight?brand=Glock&model=G17&caliber=9x19' }),
    all(200),
  ),
  'GET /api/sellers/:id': sellerCases(''),
  'GET /api/sellers/:id/ads': sellerCases('/ads'),
  'GET /api/moderation/typical-wait': one(() => ({ path: '/api/moderation/typical-wait' }), all(200)),

  // ——— Offers, deals and ratings (issue 28) ———
  // Anyone signed in offers on someone else's listed ad; never on their own, nor on a reserved one.
  'POST /api/ads/:id/offers': [
    {
      name: 'listed',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ads/${(await f.ad({ price: 5000 })).id}/offers`,
        body: { amount: 4000, attestation: true },
      }),
      expect: { ...signedIn(201), owner: 404 },
    },
    {
      name: 'reserved',
      request: async (f) => {
        const { ad } = await offerOn(f, { status: 'accepted' });
        return {
          method: 'POST',
          path: `/api/ads/${ad.id}/offers`,
          body: { amount: 4000, attestation: true },
        };
      },
      expect: { ...signedIn(409), owner: 404 },
    },
  ],
  // The two sides only, each at its step: the seller answers a pending offer, its buyer cannot.
  'POST /api/offers/:id/answer': [
    {
      name: 'pending, declined',
      request: async (f) => ({
        method: 'POST',
        path: `/api/offers/${(await offerOn(f)).offer.id}/answer`,
        body: { answer: 'decline' },
      }),
      expect: ownerOnly(200),
    },
    {
      name: 'pending, accepted (the other user is its buyer)',
      request: async (f) => ({
        method: 'POST',
        path: `/api/offers/${(await offerOn(f, { buyerId: f.users.other.id })).offer.id}/answer`,
        body: { answer: 'accept' },
      }),
      expect: ownerOnly(200, { other: 409 }),
    },
  ],
  'POST /api/ads/:id/reservation/release': [
    {
      name: 'reserved',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ads/${(await offerOn(f, { status: 'accepted' })).ad.id}/reservation/release`,
      }),
      expect: ownerOnly(200),
    },
    {
      name: 'not reserved',
      request: async (f) => ({ method: 'POST', path: `/api/ads/${(await f.ad()).id}/reservation/release` }),
      expect: ownerOnly(409),
    },
  ],
  'GET /api/ads/:id/buyers': one(
    async (f) => ({ path: `/api/ads/${(await offerOn(f)).ad.id}/buyers` }),
    ownerOnly(200),
  ),
  // Sold to someone who wrote about it; never to oneself (no deal, so no rating, with oneself).
  'POST /api/ads/:id/deal': [
    {
      name: 'to one who wrote',
      request: async (f) => {
        const { ad } = await offerOn(f, { buyerId: f.users.other.id });
        return {
          method: 'POST',
          path: `/api/ads/${ad.id}/deal`,
          body: { buyerId: f.users.other.id, price: 4200 },
        };
      },
      expect: ownerOnly(201),
    },
    {
      name: 'to oneself',
      request: async (f) => {
        const { ad } = await offerOn(f);
        return {
          method: 'POST',
          path: `/api/ads/${ad.id}/deal`,
          body: { buyerId: f.users.owner.id, price: 4200 },
        };
      },
      expect: ownerOnly(400),
    },
  ],
  'GET /api/me/deals': one(() => ({ path: '/api/me/deals' }), signedIn(200)),
  // Only the buyer (the other user) confirms.
  'POST /api/deals/:id/answer': one(
    async (f) => ({
      method: 'POST',
      path: `/api/deals/${(await dealOf(f, 'awaiting')).id}/answer`,
      body: { answer: 'confirm' },
    }),
    { ...signedIn(404), other: 200 },
  ),
  // Issue 29: only the seller of a confirmed weapon deal ticks the deregistration done.
  'POST /api/deals/:id/deregistered': [
    {
      name: 'weapon',
      request: async (f) => ({
        method: 'POST',
        path: `/api/deals/${(await weaponDealOf(f)).id}/deregistered`,
      }),
      expect: { ...signedIn(404), owner: 200, other: 404 },
    },
    {
      name: 'not a weapon',
      request: async (f) => ({ method: 'POST', path: `/api/deals/${(await dealOf(f)).id}/deregistered` }),
      expect: { ...signedIn(404), owner: 409, other: 404 },
    },
  ],
  // Both sides of a confirmed deal rate; nobody else, and nobody a deal not confirmed.
  'POST /api/deals/:id/rating': [
    {
      name: 'confirmed',
      request: async (f) => ({
        method: 'POST',
        path: `/api/deals/${(await dealOf(f)).id}/rating`,
        body: { stars: 5 },
      }),
      expect: { ...signedIn(404), owner: 201, other: 201 },
    },
    ...(['awaiting', 'denied'] as const).map((state) => ({
      name: state,
      request: async (f: Fixtures) => ({
        method: 'POST',
        path: `/api/deals/${(await dealOf(f, state)).id}/rating`,
        body: { stars: 5 },
      }),
      expect: { ...signedIn(404), owner: 409, other: 409 },
    })),
  ],
  // Issue 29: the sale contract, for both sides of a deal (owner sells, other buys) that was not denied.
  'POST /api/deals/:id/contract': (['confirmed', 'denied'] as const).map((state) => ({
    name: state,
    request: async (f: Fixtures) => ({
      method: 'POST',
      path: `/api/deals/${(await dealOf(f, state)).id}/contract`,
      body: CONTRACT_BODY,
    }),
    expect: {
      ...signedIn(404),
      owner: state === 'denied' ? 409 : 200,
      other: state === 'denied' ? 409 : 200,
    },
  })),
  // ——— Issue 29, handover at an armurier ———
  'GET /api/me/dealer/services': one(() => ({ path: '/api/me/dealer/services' }), signedIn(200)),
  // None of the callers is a verified dealer (server/routes/handovers.test.ts has the dealer's 200).
  'PUT /api/me/dealer/services': one(
    () => ({
      method: 'PUT',
      path: '/api/me/dealer/services',
      body: {
        county: 'CJ',
        address: 'Str. Lungă 3, Cluj',
        fees: { inspection: 0, handover: 1, keeping: null },
      },
    }),
    signedIn(403),
  ),
  'GET /api/dealer-services': one(() => ({ path: '/api/dealer-services?county=CJ&county=B' }), all(200)),
  'GET /api/me/handover-requests': one(() => ({ path: '/api/me/handover-requests' }), signedIn(200)),
  // Either side (owner sells, other buys) of a weapon deal asks; nobody else.
  'POST /api/deals/:id/handovers': one(
    async (f) => ({
      method: 'POST',
      path: `/api/deals/${(await weaponDealOf(f)).id}/handovers`,
      body: { dealerId: (await transferDealer(f)).id, service: 'handover', wishedDate: romanianToday() },
    }),
    { ...signedIn(404), owner: 201, other: 201 },
  ),
  // The owner is the dealer asked: they alone answer; the other user, who asked, does not.
  'POST /api/handover-requests/:id/answer': one(
    async (f) => ({
      method: 'POST',
      path: `/api/handover-requests/${(await handoverRequestTo(f, f.users.owner.id)).id}/answer`,
      body: { answer: 'accept' },
    }),
    ownerOnly(200),
  ),
  // The other user asked: they alone take it back; the dealer asked (the owner) cannot.
  'POST /api/handover-requests/:id/cancel': one(
    async (f) => ({
      method: 'POST',
      path: `/api/handover-requests/${(await handoverRequestTo(f, f.users.owner.id)).id}/cancel`,
    }),
    { ...signedIn(404), other: 200 },
  ),
  // The rated person (the owner) replies to a rating that shows; a hidden or unrevealed one is unknown.
  'POST /api/ratings/:id/reply': [
    {
      name: 'revealed',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ratings/${(await ratingOfOwner(f)).id}/reply`,
        body: { reply: 'Mulțumesc' },
      }),
      expect: ownerOnly(200),
    },
    {
      name: 'not revealed',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ratings/${(await ratingOfOwner(f, { revealed: false })).id}/reply`,
        body: { reply: 'Mulțumesc' },
      }),
      expect: signedIn(404),
    },
  ],
  // Anyone signed in reports a rating that shows, but its author (the other user).
  'POST /api/ratings/:id/reports': [
    {
      name: 'shown',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ratings/${(await ratingOfOwner(f)).id}/reports`,
        body: {},
      }),
      expect: { ...signedIn(201), other: 404 },
    },
    {
      name: 'hidden',
      request: async (f) => ({
        method: 'POST',
        path: `/api/ratings/${(await ratingOfOwner(f, { hidden: true })).id}/reports`,
        body: {},
      }),
      expect: signedIn(404),
    },
  ],
  'GET /api/sellers/:id/ratings': sellerCases('/ratings'),
  'GET /api/admin/trust-reports': one(() => ({ path: '/api/admin/trust-reports' }), staff(200)),
  'POST /api/admin/ratings/:id/hide': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/ratings/${(await ratingOfOwner(f)).id}/hide`,
      body: { reason: 'Limbaj jignitor' },
    }),
    staff(200),
  ),
  'POST /api/admin/trust-reports/:id/dismiss': one(async (f) => {
    const deal = await dealOf(f, 'denied');
    const [report] = await f.ctx.database.db
      .insert(trustReports)
      .values({ kind: 'deal_denied', dealId: deal.id, reporterId: f.users.other.id })
      .returning({ id: trustReports.id });
    return { method: 'POST', path: `/api/admin/trust-reports/${report!.id}/dismiss` };
  }, staff(200)),

  // ——— Admin: moderation queue and ad actions ———
  'GET /api/admin/queue': one(() => ({ path: '/api/admin/queue' }), staff(200)),
  'POST /api/admin/ads/:id/approve': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/ads/${(await f.ad({ status: 'pending' })).id}/approve`,
    }),
    staff(200),
  ),
  'POST /api/admin/ads/:id/reject': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/ads/${(await f.ad({ status: 'pending' })).id}/reject`,
      body: { reason: 'Obiect interzis' },
    }),
    staff(200),
  ),
  'POST /api/admin/ads/:id/request-changes': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/ads/${(await f.ad({ status: 'pending' })).id}/request-changes`,
      body: { reason: 'Poze mai clare' },
    }),
    staff(200),
  ),
  'POST /api/admin/ads/:id/revision/approve': one(
    async (f) => ({ method: 'POST', path: `/api/admin/ads/${(await revisedAd(f)).id}/revision/approve` }),
    staff(200),
  ),
  'POST /api/admin/ads/:id/revision/reject': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/ads/${(await revisedAd(f)).id}/revision/reject`,
      body: { reason: 'Modelul nu corespunde' },
    }),
    staff(200),
  ),
  'POST /api/admin/ads/:id/revision/request-changes': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/ads/${(await revisedAd(f)).id}/revision/request-changes`,
      body: { reason: 'Poze mai clare' },
    }),
    staff(200),
  ),
  'POST /api/admin/ads/:id/feature': one(
    async (f) => ({ method: 'POST', path: `/api/admin/ads/${(await f.ad()).id}/feature` }),
    staff(200),
  ),
  'POST /api/admin/ads/:id/unfeature': one(
    async (f) => ({
      method: 'POST',
      path: `/api/admin/ads/${(await f.ad({ featured: true })).id}/unfeature`,
    }),
    staff(200),
  ),

  // ——— Admin: reports ———
  'GET /api/admin/reports': one(() => ({ path: '/api/admin/reports' }), staff(200)),
  'POST /api/admin/ads/:id/reports/dismiss': one(async (f) => {
    const ad = await f.ad();
    await createReport(f.ctx, ad.id);
    return { method: 'POST', path: `/api/admin/ads/${ad.id}/reports/dismiss` };
  }, staff(200)),
  'POST /api/admin/ads/:id/take-down': one(async (f) => {
    const ad = await f.ad();
    await createReport(f.ctx, ad.id, { reason: 'illegal' });
    return { method: 'POST', path: `/api/admin/ads/${ad.id}/take-down`, body: { reason: 'Obiect interzis' } };
  }, staff(200)),

  // ——— Admin: users. A moderator cannot act on a super; nobody acts on themselves ———
  'GET /api/admin/users': one(() => ({ path: '/api/admin/users' }), staff(200)),
  // Issue 30: the suspect list.
  'GET /api/admin/suspects': one(() => ({ path: '/api/admin/suspects' }), staff(200)),
  'POST /api/admin/users/:id/deactivate': [
    {
      name: 'a user',
      request: async (f) => ({
        method: 'POST',
        path: `/api/admin/users/${(await f.account()).id}/deactivate`,
      }),
      expect: staff(200),
    },
    {
      name: 'a super',
      request: async (f) => ({
        method: 'POST',
        path: `/api/admin/users/${(await f.account('admin.super')).id}/deactivate`,
      }),
      expect: { ...staff(200), moderator: 403 },
    },
    {
      name: 'oneself',
      request: (f) => ({ method: 'POST', path: `/api/admin/users/${f.me?.id ?? 'nobody'}/deactivate` }),
      expect: { ...staff(403) },
    },
  ],
  'POST /api/admin/users/:id/reactivate': one(async (f) => {
    const account = await f.account();
    await f.ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, account.id));
    return { method: 'POST', path: `/api/admin/users/${account.id}/reactivate` };
  }, staff(200)),
  'PUT /api/admin/users/:id/role': [
    {
      name: 'grant moderator',
      request: async (f) => ({
        method: 'PUT',
        path: `/api/admin/users/${(await f.account()).id}/role`,
        body: { role: 'admin.moderator' },
      }),
      expect: { ...staff(200), moderator: 403 },
    },
    {
      name: 'own role',
      request: (f) => ({
        method: 'PUT',
        path: `/api/admin/users/${f.me?.id ?? 'nobody'}/role`,
        body: { role: 'user' },
      }),
      expect: staff(403),
    },
  ],
  'GET /api/admin/audit': one(() => ({ path: '/api/admin/audit' }), superOnly(200)),

  // ——— better-auth, behind our allowlist (server/auth/auth-routes.ts) ———
  'GET /api/auth/get-session': one(() => ({ path: '/api/auth/get-session' }), all(200)),
  'GET /api/auth/verify-email': one(() => ({ path: '/api/auth/verify-email?token=not-a-token' }), all(401)),
  'GET /api/auth/reset-password/:token': one(
    () => ({ path: '/api/auth/reset-password/not-a-token?callbackURL=/auth/reset-password' }),
    all(302),
  ),
  'POST /api/auth/sign-out': one(
    () => ({ method: 'POST', path: '/api/auth/sign-out', freshSession: true }),
    all(200),
  ),
  'POST /api/auth/sign-up/email': one(
    () => ({
      method: 'POST',
      path: '/api/auth/sign-up/email',
      body: {
        email: `new-${crypto.randomUUID()}@example.ro`,
        password: DEFAULT_PASSWORD,
        firstName: 'Ana',
        lastName: 'Pop',
        acceptAdult: true,
        acceptTerms: true,
      },
    }),
    all(200),
  ),
  'POST /api/auth/sign-in/email': one(
    () => ({
      method: 'POST',
      path: '/api/auth/sign-in/email',
      body: { email: `nobody-${crypto.randomUUID()}@example.ro`, password: DEFAULT_PASSWORD },
    }),
    all(401),
  ),
  'POST /api/auth/send-verification-email': one(
    () => ({
      method: 'POST',
      path: '/api/auth/send-verification-email',
      body: { email: `nobody-${crypto.randomUUID()}@example.ro` },
    }),
    // Signed in, it is about the caller's own address, which is verified already.
    { ...signedIn(400), visitor: 200, deactivated: 200 },
  ),
  'POST /api/auth/request-password-reset': one(
    () => ({
      method: 'POST',
      path: '/api/auth/request-password-reset',
      body: { email: `nobody-${crypto.randomUUID()}@example.ro` },
    }),
    all(200),
  ),
  'POST /api/auth/reset-password': one(
    () => ({
      method: 'POST',
      path: '/api/auth/reset-password',
      body: { token: 'nope', newPassword: DEFAULT_PASSWORD },
    }),
    all(400),
  ),
  // Signed-in routes get a wrong password: the caller is known, the password refused (400).
  'POST /api/auth/change-password': one(
    () => ({
      method: 'POST',
      path: '/api/auth/change-password',
      body: { currentPassword: 'not-the-password', newPassword: 'another-good-password' },
    }),
    signedIn(400),
  ),
  'POST /api/auth/two-factor/enable': one(
    () => ({ method: 'POST', path: '/api/auth/two-factor/enable', body: { password: 'not-the-password' } }),
    signedIn(400),
  ),
  'POST /api/auth/two-factor/disable': one(
    () => ({ method: 'POST', path: '/api/auth/two-factor/disable', body: { password: 'not-the-password' } }),
    signedIn(400),
  ),
  'POST /api/auth/two-factor/generate-backup-codes': one(
    () => ({
      method: 'POST',
      path: '/api/auth/two-factor/generate-backup-codes',
      body: { password: 'not-the-password' },
    }),
    signedIn(400),
  ),
  // Without a pending two-factor sign-in a visitor has nothing to verify. Users have no TOTP (400);
  // staff must have it on (policies.ts), so theirs is checked and the made-up code is wrong (401).
  'POST /api/auth/two-factor/verify-totp': one(
    () => ({ method: 'POST', path: '/api/auth/two-factor/verify-totp', body: { code: '000000' } }),
    { ...signedIn(400), moderator: 401, super: 401 },
  ),
  'POST /api/auth/two-factor/verify-backup-code': one(
    () => ({
      method: 'POST',
      path: '/api/auth/two-factor/verify-backup-code',
      body: { code: 'aaaaa-bbbbb' },
    }),
    { ...signedIn(400), moderator: 401, super: 401 },
  ),
};

/** Catch-alls and middleware under ALL: everything else must be a route with an entry above. */
const ALL_METHOD_PATHS = new Set(['/*', '/api/*', '/api/auth/*', '/sitemaps/*']);

let currentCtx: TestContext;

/** "METHOD /path" of every route the app serves, read from the app itself. */
function discoverRoutes(ctx: TestContext): { routes: string[]; unknownCatchAlls: string[] } {
  const routes = new Set<string>();
  const paths = new Set<string>();
  const catchAlls: string[] = [];
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL') catchAlls.push(route.path);
    else {
      routes.add(`${route.method} ${route.path}`);
      paths.add(route.path);
    }
  }
  // Middleware on a route's own path (a cache in front of GET /api/ads) serves nothing by itself.
  const unknownCatchAlls = catchAlls.filter((path) => !ALL_METHOD_PATHS.has(path) && !paths.has(path));
  for (const endpoint of AUTH_ENDPOINTS) {
    const [method, path] = endpoint.split(' ');
    routes.add(`${method} /api/auth${path}`);
  }
  return { routes: [...routes].sort(), unknownCatchAlls };
}

let ctx: TestContext;
let users: Fixtures['users'];
const clients = new Map<Actor, TestClient>();

beforeAll(async () => {
  ctx = await createTestContext();
  currentCtx = ctx;
  users = {
    owner: await createUser(ctx),
    other: await createUser(ctx),
    deactivated: await createUser(ctx),
    moderator: await createUser(ctx, { role: 'admin.moderator' }),
    super: await createUser(ctx, { role: 'admin.super' }),
  };
  for (const actor of ['owner', 'other', 'moderator', 'super'] as const)
    clients.set(actor, await signedInClient(ctx, users[actor]));
});

const setActive = (user: TestUser, isActive: boolean) =>
  ctx.database.db.update(profiles).set({ isActive }).where(eq(profiles.id, user.id));

/**
 * A session of the deactivated user that survived the deactivation: signed in while active (straight
 * through better-auth, past the sign-in rate limits), then deactivated behind the session's back.
 */
async function survivingSession(): Promise<TestClient> {
  const who = users.deactivated;
  await setActive(who, true);
  const { headers } = await ctx.services.auth.api.signInEmail({
    body: { email: who.email, password: who.password },
    returnHeaders: true,
  });
  await setActive(who, false);
  const client = createClient(ctx);
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    client.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return client;
}
afterAll(() => ctx.close());

function fixtures(actor: Actor): Fixtures {
  return {
    ctx,
    users,
    actor,
    me: actor === 'visitor' ? null : users[actor],
    ad: (overrides = {}) => createAd(ctx, users.owner, overrides),
    account: (role = 'user') => createUser(ctx, { role }),
    // The owner's searches so far are let go first: cases never reach the limit of 25.
    savedSearch: async () => {
      await ctx.database.db.delete(savedSearches).where(eq(savedSearches.userId, users.owner.id));
      return createSavedSearch(ctx.database.db, users.owner.id, {
        query: browseQuerySchema.parse({ q: `cz ${crypto.randomUUID().slice(0, 6)}` }),
      });
    },
    dealerApplication: async (status) => {
      const applicant = await createUser(ctx);
      const [row] = await ctx.database.db
        .insert(dealerApplications)
        .values({
          userId: applicant.id,
          businessName: 'Armurier SRL',
          cui: '14399840',
          authorisationNumber: 'A-1',
          status,
        })
        .returning({ id: dealerApplications.id });
      if (status === 'approved')
        await ctx.database.db
          .update(profiles)
          .set({ dealerVerifiedAt: new Date() })
          .where(eq(profiles.id, applicant.id));
      return row!;
    },
    conversation: async () => {
      const ad = await createAd(ctx, users.owner);
      const buyer = await createUser(ctx);
      const [row] = await ctx.database.db
        .insert(conversations)
        .values({ adId: ad.id, adTitle: 'Pistol', buyerId: buyer.id, sellerId: users.owner.id })
        .returning({ id: conversations.id });
      await ctx.database.db.insert(messages).values({
        conversationId: row!.id,
        adId: ad.id,
        senderId: buyer.id,
        receiverId: users.owner.id,
        body: 'Mai este disponibil?',
      });
      return row!;
    },
  };
}

async function call(actor: Actor, request: Request): Promise<number> {
  let client: TestClient | null;
  if (actor === 'visitor') client = request.send ? null : createClient(ctx);
  else if (actor === 'deactivated') client = await survivingSession();
  else if (request.freshSession) client = await signedInClient(ctx, users[actor]);
  else client = clients.get(actor)!;
  if (request.send) return request.send(client);
  const method = request.method ?? 'GET';
  const res =
    method === 'GET'
      ? await client!.get(request.path)
      : method === 'DELETE'
        ? await client!.delete(request.path)
        : method === 'PUT'
          ? await client!.put(request.path, request.body ?? {})
          : method === 'PATCH'
            ? await client!.patch(request.path, request.body ?? {})
            : await client!.post(request.path, request.body ?? {});
  return res.status;
}

describe('authorization matrix', () => {
  it('has an entry for every route the app serves, and none for routes it does not', () => {
    const { routes, unknownCatchAlls } = discoverRoutes(ctx);
    const declared = Object.keys(ROUTES).sort();
    expect({
      missing: routes.filter((route) => !declared.includes(route)),
      stale: declared.filter((route) => !routes.includes(route)),
      unknownCatchAlls,
    }).toEqual({ missing: [], stale: [], unknownCatchAlls: [] });
  });

  it('gives the deactivated caller a real session, which its first use ends', async () => {
    const client = await survivingSession();
    const sessionsOf = () =>
      ctx.database.db.select().from(session).where(eq(session.userId, users.deactivated.id));
    expect(await sessionsOf()).toHaveLength(1);
    expect((await client.get('/api/me')).status).toBe(401);
    expect(await sessionsOf()).toEqual([]);
    expect((await client.get<{ session: unknown } | null>('/api/auth/get-session')).body).toBeNull();
  });

  const cases = Object.entries(ROUTES).flatMap(([route, list]) =>
    list.flatMap((entry) =>
      ACTORS.map((actor) => ({
        label: `${route}${entry.name ? ` (${entry.name})` : ''} as ${actor}`,
        entry,
        actor,
      })),
    ),
  );

  it.each(cases)('$label', async ({ label, entry, actor }) => {
    const request = await entry.request(fixtures(actor));
    expect(await call(actor, request), label).toBe(entry.expect[actor]);
  });
});
