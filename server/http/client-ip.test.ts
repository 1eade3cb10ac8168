import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { clientIp } from './client-ip';

const SOCKET = '192.0.2.200';

/** The address clientIp picks for a request with these X-Forwarded-For lines, from the socket SOCKET. */
async function addressFor(trustedHops: number, ...forwarded: string[]): Promise<string> {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, trustedHops)));
  const headers = new Headers();
  for (const line of forwarded) headers.append('x-forwarded-for', line);
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: SOCKET } } });
  return res.text();
}

describe('TRUST_PROXY is a number of proxies', () => {
  it('reads a hop count, with true and false meaning 1 and 0', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('the client address behind trusted proxies', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await addressFor(0, '203.0.113.9')).toBe(SOCKET);
  });

  it('takes what the one trusted proxy appended, not what the client wrote before it', async () => {
    expect(await addressFor(1, '203.0.113.9')).toBe('203.0.113.9');
    expect(await addressFor(1, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressFor(1, '6.6.6.6, 7.7.7.7, 203.0.113.9')).toBe('203.0.113.9');
    // A client-sent header line comes first; the proxy's own line or entry comes last.
    expect(await addressFor(1, '6.6.6.6', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts hops from the right when there are several proxies', async () => {
    expect(await addressFor(2, '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await addressFor(3, '6.6.6.6, 203.0.113.9, 10.0.0.3, 10.0.0.2')).toBe('203.0.113.9');
    // Reached the inner proxy directly: its entry is the only one, and still trusted.
    expect(await addressFor(2, '203.0.113.9')).toBe('203.0.113.9');
  });

  it('falls back to the socket for a missing, empty or malformed entry', async () => {
    expect(await addressFor(1)).toBe(SOCKET);
    expect(await addressFor(1, '')).toBe(SOCKET);
    expect(await addressFor(1, ' , ,')).toBe(SOCKET);
    expect(await addressFor(1, '203.0.113.9, not-an-address')).toBe(SOCKET);
    expect(await addressFor(1, '203.0.113.9, 999.1.1.1')).toBe(SOCKET);
    expect(await addressFor(1, '<script>')).toBe(SOCKET);
  });

  it('reads ports and brackets, maps IPv4-in-IPv6, and counts IPv6 by its /64', async () => {
    expect(await addressFor(1, '203.0.113.9:51234')).toBe('203.0.113.9');
    expect(await addressFor(1, '::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(await addressFor(1, '[2001:db8:1:2::5]:443')).toBe('2001:0db8:0001:0002::/64');
    expect(await addressFor(1, '2001:DB8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:0db8:0001:0002::/64');
    expect(await addressFor(1, '2001:db8:1:3::5')).toBe('2001:0db8:0001:0003::/64');
  });
});

describe('rate limits behind one trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '1' });
  });
  afterAll(() => ctx.close());

  it('a client rotating the first X-Forwarded-For entry stays on its own locked-out address', async () => {
    const person = await createUser(ctx);
    const real = '203.0.113.50';
    await ctx.database.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${`sign-in:ip:${real}`}, 100000, now() + interval '15 minutes')`);
    for (let i = 0; i < 5; i++) {
      const res = await ctx.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.2.${i}, ${real}` },
        body: JSON.stringify({ email: person.email, password: person.password }),
      });
      expect(res.status).toBe(429);
    }
  });
});
