import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('system routes', () => {
  it('reports the database as healthy', async () => {
    const res = await ctx.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      search: 'index',
      searchIndex: 'loaded',
      node: process.version,
    });
  });

  it('runs on the pinned Node.js 24, not the system Node', () => {
    // npm puts node_modules/.bin (the `node` package's binary) first on PATH for every script.
    expect(Number(process.versions.node.split('.')[0])).toBe(24);
  });

  it('answers 503 with the error shape when the database is gone', async () => {
    const { openTestDatabase } = await import('../test/harness');
    const { createApp } = await import('../app');
    const { createLogger } = await import('../logger');
    const { database, drop } = await openTestDatabase();
    const app = createApp({ config: ctx.config, database, logger: createLogger('silent') });
    await drop();
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      error: {
        code: 'database_unavailable',
        message: 'The service cannot reach its database. Try again in a few seconds.',
      },
    });
  });

  it('answers unknown API routes with 404 in the one error shape', async () => {
    const res = await ctx.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API route' } });
  });

  it('publishes an OpenAPI 3.1 document listing the routes', async () => {
    const res = await ctx.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/health');
  });

  it('sends the security headers on every response', async () => {
    const res = await ctx.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
