import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from '../auth/auth-routes';
import { createTestContext, type TestContext } from '../test/harness';

const run = promisify(execFile);
const REDOCLY = path.resolve(import.meta.dirname, '../../node_modules/@redocly/cli/bin/cli.js');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type Operation = { operationId?: string; security?: unknown[]; responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
let doc: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  doc = (await (await ctx.request('/api/openapi.json')).json()) as Document;
});
afterAll(() => ctx.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path: p, operation })),
  );

/** `/ads/{id}` → `/ads/:id`, as Hono names it. */
const honoPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');
const withoutPattern = (p: string) => p.replace(/\{[^}]*\.\+[^}]*\}/g, '');

describe('the API contract (issue 32)', () => {
  it('lints clean with Redocly recommended rules: 0 errors, 0 warnings', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const { stdout, stderr } = await run(process.execPath, [REDOCLY, 'lint', file, '--max-problems=500'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((err: { stdout: string; stderr: string }) => err);
      const output = `${stdout}\n${stderr}`;
      expect(output, output).toContain('Your API description is valid');
      expect(output).not.toMatch(/warning/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('gives every operation an operationId, a security requirement and a 4xx answer', () => {
    const ids = new Set<string>();
    for (const { method, path: p, operation } of operations()) {
      const name = `${method} ${p}`;
      expect(operation.operationId, name).toBeTruthy();
      expect(ids.has(operation.operationId!), `${name} repeats an operationId`).toBe(false);
      ids.add(operation.operationId!);
      expect(Array.isArray(operation.security), name).toBe(true);
      expect(
        Object.keys(operation.responses).some((s) => s.startsWith('4')),
        name,
      ).toBe(true);
    }
  });

  it('documents every route the app serves, the auth endpoints too, and nothing it does not serve', () => {
    const served = new Set<string>();
    for (const route of ctx.app.routes) {
      if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
      served.add(`${route.method} ${route.path.slice('/api'.length)}`);
    }
    for (const endpoint of AUTH_ENDPOINTS) {
      const [method, p] = endpoint.split(' ');
      served.add(`${method} /auth${p}`);
    }
    const documented = new Set(
      operations().map(({ method, path: p }) => `${method} ${honoPath(withoutPattern(p))}`),
    );
    expect([...served].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !served.has(route)).sort()).toEqual([]);
  });

  it('answers every documented operation with one of its documented statuses', async () => {
    const undocumented: string[] = [];
    for (const { method, path: p, operation } of operations()) {
      const url = `/api${p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
      const res = await ctx.request(url, {
        method,
        headers:
          method === 'GET' ? {} : { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
        body: method === 'GET' ? undefined : '{}',
      });
      const declared = Object.keys(operation.responses);
      const fits = declared.includes(String(res.status)) || declared.includes(`${String(res.status)[0]}XX`);
      if (!fits || res.status >= 500)
        undocumented.push(`${method} ${p}: ${res.status} (declares ${declared})`);
      // A route that needs the session says so, and a visitor's GET of it is a 401.
      if (method === 'GET' && operation.security?.length && !p.startsWith('/auth/'))
        expect(res.status, `${method} ${p}`).toBe(401);
    }
    expect(undocumented).toEqual([]);
  }, 120_000);
});
