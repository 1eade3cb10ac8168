import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseQuerySchema } from '../../../common/schemas/ads';
import { createSavedSearch } from '../../alerts/saved-searches';
import { adRevisions } from '../../db/schema/ads';
import { dealerApplications } from '../../db/schema/dealers';
import { deals, offers, ratings, trustReports } from '../../db/schema/deals';
import { handoverRequests } from '../../db/schema/handovers';
import { conversations, favorites, messages } from '../../db/schema/interactions';
import { profiles } from '../../db/schema/profiles';
import { createAd, REVISION_FIELDS, testPhoto } from '../ad-factories';
import { createUser, signedInClient, type TestUser } from '../factories';
import { createTestContext, type TestContext } from '../harness';
import { createReport } from '../moderation-factories';
import { acceptedTextRequests } from './accepted-text-requests';
import type { Fixtures } from './request-types';
import { GROUPS, type Group } from './route-spec';
import { discoverRoutes, ROUTES, sampleRoute, sampleUnlisted } from './routes';
import {
  captureState,
  describeFailure,
  judge,
  type Sessions,
  type State,
  sendAll,
  stateChanges,
  Tally,
} from './support';

/**
 * Property-based hostile input: for every route the app serves, fast-check makes requests that each
 * carry at least one defect the server is bound to refuse (a wrong type, a missing field, a string
 * too long, a bad enum value, id or cursor, broken JSON, a wrong content type, no session, another
 * site...), with privileged fields, SQL, HTML and odd Unicode layered on top as noise. Every answer
 * must be a 4xx with the API's JSON error shape and a clear message, and the database (every table
 * but the rate-limit counters), the mail outbox and the stored files must be as they were.
 *
 * A failure prints the seed; HOSTILE_SEED=<seed> replays the same requests.
 */

/** The owner's pending dealer application, and another user's refused one. */
async function createDealerApplications(ownerId: string, otherId: string) {
  const rows = await ctx.database.db
    .insert(dealerApplications)
    .values([
      { userId: ownerId, businessName: 'Owner Arms SRL', cui: '14399840', authorisationNumber: 'A-1' },
      {
        userId: otherId,
        businessName: 'Other Arms SRL',
        cui: '18547290',
        authorisationNumber: 'A-2',
        status: 'refused',
        reason: 'Autorizația lipsește.',
        decidedAt: new Date(),
      },
    ])
    .returning({ id: dealerApplications.id });
  return { pending: rows[0]!.id, refused: rows[1]!.id };
}

const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Requests in flight at once: enough to overlap the database's waits on two cores. */
const CONCURRENCY = 8;
const MIN_TOTAL = 10_000;
/** No route may be left with only a token sample. */
const MIN_PER_ROUTE = 100;
const MAX_FAILURES_SHOWN = 8;

let ctx: TestContext;
let fixtures: Fixtures;
let sessions: Sessions;
let initialState: State;
const tally = new Tally();

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function signIn(who: TestUser) {
  return (await signedInClient(ctx, who)).cookies;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx);
  const buyer = await createUser(ctx);
  const pool: TestUser[] = [];
  // Uploads count per user (60 an hour): several ordinary users keep validation, not the limit, in the way.
  for (let i = 0; i < 6; i++) pool.push(await createUser(ctx));
  const moderator = await createUser(ctx, { role: 'admin.moderator' });
  const superUser = await createUser(ctx, { role: 'admin.super' });
  const otherSuper = await createUser(ctx, { role: 'admin.super' });
  const inactive = await createUser(ctx);
  await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, inactive.id));

  const ad = async (overrides: Parameters<typeof createAd>[2]) => (await createAd(ctx, owner, overrides)).id;
  const ads = {
    approved: await ad({}),
    featured: await ad({ featured: true }),
    pending: await ad({ status: 'pending' }),
    needsChanges: await ad({ status: 'needs_changes', moderationReason: 'Poze mai clare' }),
    rejected: await ad({ status: 'rejected', moderationReason: 'Obiect interzis' }),
    expired: await ad({ status: 'expired' }),
    reported: await ad({}),
    revised: await ad({}),
  };
  await ctx.database.db.insert(adRevisions).values({
    adId: ads.revised,
    fields: REVISION_FIELDS,
    imageIds: [],
  });
  const report = await createReport(ctx, ads.reported, { reason: 'illegal' });
  const [conversation] = await ctx.database.db
    .insert(conversations)
    .values({ adId: ads.approved, adTitle: 'Pistol', buyerId: buyer.id, sellerId: owner.id })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error('no conversation');
  const [message] = await ctx.database.db
    .insert(messages)
    .values({
      conversationId: conversation.id,
      adId: ads.approved,
      senderId: buyer.id,
      receiverId: owner.id,
      body: 'Mai este disponibil?',
    })
    .returning({ id: messages.id });
  const [favorite] = await ctx.database.db
    .insert(favorites)
    .values({ userId: buyer.id, adId: ads.approved })
    .returning({ id: favorites.id });

  const savedSearch = await createSavedSearch(ctx.database.db, owner.id, {
    query: browseQuerySchema.parse({ q: 'glock 17', county: 'CJ' }),
  });

  const dealerApplicationIds = await createDealerApplications(owner.id, pool[0]!.id);
  const dealIds = await createDealFixtures(owner.id, buyer.id, ads.approved, conversation.id);

  const ownerCookies = await signIn(owner);
  sessions = {
    owner: cookieHeader(ownerCookies),
    user: [],
    moderator: cookieHeader(await signIn(moderator)),
    super: cookieHeader(await signIn(superUser)),
  };
  for (const who of pool) sessions.user.push(cookieHeader(await signIn(who)));

  const users = {
    owner: owner.id,
    buyer: buyer.id,
    pool: pool.map((who) => who.id),
    moderator: moderator.id,
    super: superUser.id,
    otherSuper: otherSuper.id,
    inactive: inactive.id,
  };
  const otherIds = [report.id, message?.id, favorite?.id].filter(
    (id): id is string => typeof id === 'string',
  );
  fixtures = {
    users,
    ads,
    conversation: conversation.id,
    savedSearch: savedSearch.id,
    dealerApplications: dealerApplicationIds,
    deals: dealIds,
    otherIds,
    realIds: new Set(
      [
        ...Object.values(ads),
        conversation.id,
        savedSearch.id,
        ...Object.values(dealerApplicationIds),
        ...Object.values(dealIds),
        ...otherIds,
        ...Object.values(users).flat(),
      ].map((id) => id.toLowerCase()),
    ),
    owner: {
      email: owner.email,
      password: owner.password,
      sessionToken: ownerCookies.get('am.session_token') ?? '',
    },
    photo: new Uint8Array(await testPhoto(64, 48)),
  };
  initialState = await captureState(ctx);
}, 120_000);

/** Issue 28: an offer, a reservation, deals both ways, ratings and trust reports of the owner. */
async function createDealFixtures(
  ownerId: string,
  buyerId: string,
  approvedAd: string,
  conversationId: string,
) {
  const db = ctx.database.db;
  const reservedAd = (await createAd(ctx, { id: ownerId }, { reservedAt: new Date() })).id;
  const [reservedConversation] = await db
    .insert(conversations)
    .values({ adId: reservedAd, adTitle: 'Pistol', buyerId, sellerId: ownerId })
    .returning({ id: conversations.id });
  const hours = (n: number) => new Date(Date.now() + n * 3600_000);
  const [offer, accepted] = await db
    .insert(offers)
    .values([
      { adId: approvedAd, conversationId, buyerId, sellerId: ownerId, amount: 500, expiresAt: hours(48) },
      {
        adId: reservedAd,
        conversationId: reservedConversation!.id,
        buyerId,
        sellerId: ownerId,
        amount: 500,
        status: 'accepted',
        expiresAt: hours(48),
      },
    ])
    .returning({ id: offers.id });
  const [awaitingDeal, confirmedDeal] = await db
    .insert(deals)
    .values([
      { adTitle: 'Pistol', sellerId: buyerId, buyerId: ownerId, price: 900 },
      { adTitle: 'Pușcă', sellerId: ownerId, buyerId, price: 900, confirmedAt: new Date() },
    ])
    .returning({ id: deals.id });
  const soldWeapon = (
    await createAd(ctx, { id: ownerId }, { status: 'sold', legalCategory: 'authorisation' })
  ).id;
  const [weaponDeal] = await db
    .insert(deals)
    .values({
      adId: soldWeapon,
      adTitle: 'Pistol',
      sellerId: ownerId,
      buyerId,
      price: 900,
      confirmedAt: new Date(),
    })
    .returning({ id: deals.id });
  const dealer = await createUser(ctx);
  const [handoverRequest] = await db
    .insert(handoverRequests)
    .values({
      dealId: weaponDeal!.id,
      dealerId: dealer.id,
      requesterId: ownerId,
      service: 'handover',
      fee: 150,
      dealerName: 'Armurăria Someș',
      dealerCounty: 'CJ',
      dealerAddress: 'Str. Memorandumului 12, Cluj-Napoca',
      wishedDate: '2030-01-15',
    })
    .returning({ id: handoverRequests.id });
  const [rating, hiddenRating] = await db
    .insert(ratings)
    .values([
      {
        dealId: confirmedDeal!.id,
        raterId: buyerId,
        ratedId: ownerId,
        ratedRole: 'seller',
        stars: 4,
        revealedAt: new Date(),
      },
      {
        dealId: awaitingDeal!.id,
        raterId: buyerId,
        ratedId: ownerId,
        ratedRole: 'buyer',
        stars: 1,
        revealedAt: new Date(),
        hiddenAt: new Date(),
        hiddenReason: 'Jignitor',
      },
    ])
    .returning({ id: ratings.id });
  const [openReport, dismissedReport] = await db
    .insert(trustReports)
    .values([
      { kind: 'rating', ratingId: rating!.id, reporterId: ownerId },
      { kind: 'rating', ratingId: hiddenRating!.id, reporterId: ownerId, status: 'dismissed' },
    ])
    .returning({ id: trustReports.id });
  return {
    reservedAd,
    offer: offer!.id,
    awaitingDeal: awaitingDeal!.id,
    confirmedDeal: confirmedDeal!.id,
    weaponDeal: weaponDeal!.id,
    handoverRequest: handoverRequest!.id,
    rating: rating!.id,
    hiddenRating: hiddenRating!.id,
    openReport: openReport!.id,
    dismissedReport: dismissedReport!.id,
    // The accepted offer is real too: no generated id may name it by chance.
    acceptedOffer: accepted!.id,
  };
}

afterAll(async () => {
  if (tally.total > 0) {
    console.log(
      `${tally.report(`Hostile input, seed ${SEED}, ${ctx.database.driver}`)}\n  replay with HOSTILE_SEED=${SEED}`,
    );
  }
  await ctx?.close();
});

/** Sends the requests, then fails with the first few refusals that went wrong and any change of state. */
async function sendAndCheck(group: string, requests: Parameters<typeof sendAll>[2]) {
  const before = await captureState(ctx);
  const started = performance.now();
  const outcomes = await sendAll(ctx, sessions, requests, CONCURRENCY);
  tally.add(group, outcomes, performance.now() - started);
  const failures = outcomes.filter((outcome) => outcome.problem !== null);
  const changes = stateChanges(before, await captureState(ctx));
  const report = [
    ...(failures.length
      ? [
          `${failures.length} of ${outcomes.length} hostile requests were not refused properly (seed ${SEED}):`,
          ...failures.slice(0, MAX_FAILURES_SHOWN).map(describeFailure),
        ]
      : []),
    ...(changes.length
      ? [`refused requests changed the state (seed ${SEED}):`, ...changes.map((c) => `  ${c}`)]
      : []),
  ];
  expect(report.join('\n'), 'hostile requests').toBe('');
}

const routesOf = (group: Group) => Object.keys(ROUTES).filter((route) => ROUTES[route]?.group === group);

describe('hostile input', () => {
  it('has generators for every route the app serves, and none for routes it does not', () => {
    const served = discoverRoutes(ctx);
    const covered = Object.keys(ROUTES).sort();
    expect({
      withoutGenerators: served.filter((route) => !covered.includes(route)),
      stale: covered.filter((route) => !served.includes(route)),
    }).toEqual({ withoutGenerators: [], stale: [] });
  });

  it.each(GROUPS.map((group) => ({ group, routes: routesOf(group).length })))(
    'refuses every hostile request to the $group routes ($routes) and changes nothing',
    async ({ group }) => {
      const requests = routesOf(group).flatMap((route, i) => sampleRoute(route, fixtures, SEED + i));
      await sendAndCheck(group, requests);
    },
    120_000,
  );

  it('answers 404 to endpoints nobody serves (better-auth’s own among them) and changes nothing', async () => {
    await sendAndCheck('unlisted', sampleUnlisted(fixtures, SEED, 300));
  }, 60_000);

  it(`sent at least ${MIN_TOTAL.toLocaleString('en-US')} requests, at least ${MIN_PER_ROUTE} to every route`, async () => {
    const thin = discoverRoutes(ctx).filter((route) => (tally.byRoute.get(route) ?? 0) < MIN_PER_ROUTE);
    expect(thin).toEqual([]);
    expect(tally.total).toBeGreaterThanOrEqual(MIN_TOTAL);
    // Every text field has its control-character defect (issue 26: a NUL got a 500).
    expect(tally.byKind.get('control-char') ?? 0).toBeGreaterThanOrEqual(300);
    expect(stateChanges(initialState, await captureState(ctx))).toEqual([]);
  });

  // Last: these requests are valid, and change the database as they should.
  it('stores the odd Unicode and line breaks of text it accepts as text PostgreSQL holds, never answering 5xx', async () => {
    const owner = { id: fixtures.users.owner };
    const fresh = { pendingAds: [] as string[], reportedAds: [] as string[], activeUsers: [] as string[] };
    for (let i = 0; i < 16; i++)
      fresh.pendingAds.push((await createAd(ctx, owner, { status: 'pending' })).id);
    for (let i = 0; i < 8; i++) {
      const ad = await createAd(ctx, owner);
      await createReport(ctx, ad.id);
      fresh.reportedAds.push(ad.id);
      fresh.activeUsers.push((await createUser(ctx)).id);
    }
    const outcomes = await sendAll(ctx, sessions, acceptedTextRequests(fixtures, fresh, SEED), CONCURRENCY);
    const failures = outcomes
      .map((outcome) => ({
        ...outcome,
        problem:
          outcome.status >= 200 && outcome.status < 300
            ? null
            : judge(outcome.request, outcome.status, outcome.contentType, outcome.text),
      }))
      .filter((outcome) => outcome.problem !== null);
    const statuses = new Map<number, number>();
    for (const { status } of outcomes) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    console.log(
      `Accepted odd text (seed ${SEED}): ${outcomes.length} requests; status ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} ${count}`)
        .join(' · ')}`,
    );
    expect(failures.slice(0, MAX_FAILURES_SHOWN).map(describeFailure).join('\n')).toBe('');
  }, 60_000);
});
