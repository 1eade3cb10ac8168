import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createClient } from '../test/client';
import { createUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { PUBLIC_URL_HEADER, sameOrigin } from './same-origin';

type ErrorBody = { error: { code: string; message: string } };

describe('PUBLIC_URL not set: the loopback names on the configured port are the app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: '', PORT: '3000' });
  });
  afterAll(() => ctx.close());

  it.each(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'])(
    'signs up and in from %s',
    async (origin) => {
      const email = `loopback-${Date.now()}-${Math.random().toString(36).slice(2)}@example.ro`;
      const signUp = await createClient(ctx).post(
        '/api/auth/sign-up/email',
        {
          email,
          password: 'a-long-password',
          firstName: 'Ana',
          lastName: 'Pop',
          acceptAdult: true,
          acceptTerms: true,
        },
        { origin },
      );
      expect(signUp.status).toBe(200);
      const person = await createUser(ctx);
      const browser = createClient(ctx);
      const signIn = await browser.post(
        '/api/auth/sign-in/email',
        { email: person.email, password: person.password },
        { origin },
      );
      expect(signIn.status).toBe(200);
      const update = await browser.patch(
        '/api/me/profile',
        { firstName: 'Ana', lastName: 'Pop' },
        { origin },
      );
      expect(update.status).toBe(200);
    },
  );

  it.each(['http://127.0.0.1:3001', 'http://192.168.1.20:3000', 'https://evil.example', 'http://localhost'])(
    'still refuses %s',
    async (origin) => {
      const person = await createUser(ctx);
      const res = await createClient(ctx).post<ErrorBody>(
        '/api/auth/sign-in/email',
        { email: person.email, password: person.password },
        { origin },
      );
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('cross_origin');
      expect(res.headers.get(PUBLIC_URL_HEADER)).toBe('http://localhost:3000');
    },
  );
});

describe('PUBLIC_URL set: only its origin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(() => ctx.close());

  it('refuses the loopback address it was not configured with, and says where the site is', async () => {
    const person = await createUser(ctx);
    const res = await createClient(ctx).post<ErrorBody>(
      '/api/auth/sign-in/email',
      { email: person.email, password: person.password },
      { origin: 'http://127.0.0.1:3000' },
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'cross_origin',
      message: 'Requests from other sites are not accepted. Open the site at http://localhost:3000',
    });
    expect(res.headers.get(PUBLIC_URL_HEADER)).toBe('http://localhost:3000');
  });
});

describe('the warning', () => {
  it('is logged once, on the first refusal', async () => {
    const warnings: string[] = [];
    const app = new Hono();
    app.use(
      '*',
      sameOrigin(loadConfig({ PUBLIC_URL: 'https://arme.example.ro' }), {
        warn: (_: unknown, message?: string) => {
          warnings.push(message ?? '');
        },
      }),
    );
    app.post('/', (c) => c.text('ok'));
    const from = (origin: string) => app.request('/', { method: 'POST', headers: { origin } });
    expect((await from('https://arme.example.ro')).status).toBe(200);
    expect(warnings).toHaveLength(0);
    expect((await from('http://10.0.0.5:3000')).status).toBe(403);
    expect((await from('http://10.0.0.5:3000')).status).toBe(403);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('https://arme.example.ro');
    expect(warnings[0]).toContain('PUBLIC_URL');
  });

  it('config: loopback origins without PUBLIC_URL, only its origin with it', () => {
    expect(loadConfig({ PORT: '8080' }).appOrigins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'https://arme.example.ro/' }).appOrigins).toEqual([
      'https://arme.example.ro',
    ]);
  });
});
