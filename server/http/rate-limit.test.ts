import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices } from '../app';
import { MESSAGE_LIMITS } from '../interactions/conversations';
import { REPORTS_PER_USER } from '../interactions/reports';
import { createLogger } from '../logger';
import { UPLOADS_PER_ADDRESS_HOUR } from '../routes/uploads';
import { approveAd, createAd, testPhoto } from '../test/ad-factories';
import { createClient, type JsonResponse, type TestClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness';

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
/** A second server over the same database: its own auth, caches and memory, as another process has. */
let otherProcess: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const services = createServices({
    config: ctx.config,
    database: ctx.database,
    logger: createLogger('silent'),
  });
  const app = buildApp(services);
  otherProcess = {
    ...ctx,
    app,
    services,
    request: async (pathname, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
      return app.request(new URL(pathname, ctx.config.publicUrl), { ...init, headers });
    },
  };
});
afterAll(() => ctx.close());

/** Puts a limiter key at its maximum, as that many earlier requests would have. */
async function useUpAllowance(key: string, max: number, windowSeconds: number) {
  await ctx.database.db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, ${max}, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`);
}

/** The same session, sent from another client address. */
function fromAddress(client: TestClient, ip: string): TestClient {
  const moved = createClient(ctx, { ip });
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

function expectRateLimited(res: JsonResponse, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = res.body as ErrorBody;
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.message).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`);
}

describe('rate limits are kept in the database', () => {
  it('count sign-in attempts for one address across two server processes', async () => {
    const person = await createUser(ctx);
    const statuses: number[] = [];
    let last: JsonResponse | undefined;
    for (let i = 0; i < 11; i++) {
      // Alternate servers and client addresses: only the shared database can see all eleven.
      const server = i % 2 === 0 ? ctx : otherProcess;
      last = await createClient(server).post('/api/auth/sign-in/email', {
        email: person.email,
        password: 'not-the-password',
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expectRateLimited(last!, 15 * 60);
  });
});

describe('limits per address as well as per account', () => {
  let seller: Awaited<ReturnType<typeof createUser>>;
  let adId: string;
  beforeAll(async () => {
    seller = await createUser(ctx);
    adId = (await createAd(ctx, seller)).id;
    await approveAd(ctx, adId);
  });

  async function freshBuyer(ip: string): Promise<TestClient> {
    return fromAddress(await signedInClient(ctx, await createUser(ctx)), ip);
  }

  /** The upload with its headers (sendUpload keeps only status and body). */
  async function upload(client: TestClient, photo: Buffer): Promise<JsonResponse> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await ctx.request('/api/uploads', {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': client.ip, cookie },
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }

  it('messages: fresh accounts behind one address share its allowance', async () => {
    const ip = '198.51.100.21';
    await useUpAllowance(
      `message:ip:${ip}`,
      MESSAGE_LIMITS.perAddress.max,
      MESSAGE_LIMITS.perAddress.windowSeconds,
    );
    const buyer = await freshBuyer(ip);
    const refused = await buyer.post(`/api/ads/${adId}/messages`, {
      attestation: true,
      body: 'Mai este disponibil?',
    });
    expectRateLimited(refused, MESSAGE_LIMITS.perAddress.windowSeconds);
    // The same new account from another address is within every limit.
    const elsewhere = await freshBuyer('198.51.100.22');
    expect(
      (await elsewhere.post(`/api/ads/${adId}/messages`, { attestation: true, body: 'Mai este disponibil?' }))
        .status,
    ).toBe(201);
  });

  it('uploads: fresh accounts behind one address share its allowance', async () => {
    const ip = '198.51.100.31';
    await useUpAllowance(`upload:ip:${ip}`, UPLOADS_PER_ADDRESS_HOUR, 3600);
    const photo = await testPhoto();
    expectRateLimited(await upload(await freshBuyer(ip), photo), 3600);
    expect((await upload(await freshBuyer('198.51.100.32'), photo)).status).toBe(201);
  });

  it('reports: a signed-in reporter is counted per account, whatever the address', async () => {
    const reporter = await createUser(ctx);
    await useUpAllowance(`report:user:${reporter.id}`, REPORTS_PER_USER.max, REPORTS_PER_USER.windowSeconds);
    const fromNewAddress = fromAddress(await signedInClient(ctx, reporter), '198.51.100.41');
    const refused = await fromNewAddress.post(`/api/ads/${adId}/reports`, { reason: 'spam', details: '' });
    expectRateLimited(refused, REPORTS_PER_USER.windowSeconds);
    // A visitor on that address is not affected by the account's count.
    const visitor = createClient(ctx, { ip: '198.51.100.41' });
    expect((await visitor.post(`/api/ads/${adId}/reports`, { reason: 'spam', details: '' })).status).toBe(
      201,
    );
  });
});
