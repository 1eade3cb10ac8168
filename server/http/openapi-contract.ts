import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../app-env';

/**
 * The API contract a client is written from (issue 32): every route, the allow-listed auth endpoints
 * included, with an operationId, its security requirement and its 4xx answers. A route needs the
 * session exactly when it declares a 401 answer; public routes say `security: []`.
 */

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  },
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** What the auth endpoints (better-auth behind server/auth/auth-routes.ts) need and answer. */
type AuthDoc = { summary: string; session?: 'required' | 'or-pending-two-factor'; body?: z.ZodType };

/**
 * The documentation of the allow-listed auth endpoints; `auth-routes.ts` is the allowlist and the
 * contract test checks both name the same endpoints.
 */
export function authEndpointDocs(schemas: Record<string, z.ZodType | undefined>): Record<string, AuthDoc> {
  const doc = (summary: string, extra: Omit<AuthDoc, 'summary'> = {}) => ({ summary, ...extra });
  const docs: Record<string, AuthDoc> = {
    'GET /get-session': doc('The current session and user, or null'),
    'GET /verify-email': doc('Confirms an e-mail address from the link in the mail, then redirects'),
    'GET /reset-password/:token': doc('Opens a password-reset link, then redirects to the form'),
    'POST /sign-out': doc('Ends the current session', { session: 'required' }),
    'POST /sign-up/email': doc('Registers an account; a verification mail follows'),
    'POST /sign-in/email': doc('Signs in with e-mail and password; staff then give a TOTP code'),
    'POST /send-verification-email': doc('Sends the verification mail again'),
    'POST /request-password-reset': doc('Mails a password-reset link (the same answer for any address)'),
    'POST /reset-password': doc('Sets a new password with the token from the reset link'),
    'POST /change-password': doc('Changes the password of the signed-in account', { session: 'required' }),
    'POST /two-factor/enable': doc('Starts two-factor enrolment (password checked)', { session: 'required' }),
    'POST /two-factor/disable': doc('Turns two-factor off (password checked)', { session: 'required' }),
    'POST /two-factor/generate-backup-codes': doc('Mints new backup codes (password checked)', {
      session: 'required',
    }),
    'POST /two-factor/verify-totp': doc('Gives a TOTP code: completes sign-in or enrolment', {
      session: 'or-pending-two-factor',
    }),
    'POST /two-factor/verify-backup-code': doc('Gives a backup code instead of a TOTP code', {
      session: 'or-pending-two-factor',
    }),
  };
  for (const [endpoint, schema] of Object.entries(schemas)) {
    const known = docs[endpoint];
    if (known && schema) known.body = schema;
  }
  return docs;
}

/** Registers the auth endpoints in the router's document, under /auth. */
export function registerAuthEndpoints(api: OpenAPIHono<AppEnv>, docs: Record<string, AuthDoc>) {
  for (const [endpoint, doc] of Object.entries(docs)) {
    const [method, rawPath] = endpoint.split(' ') as [string, string];
    const path = `/auth${rawPath.replace(/:([a-zA-Z]+)/g, '{$1}')}`;
    const params = [...rawPath.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]!);
    api.openAPIRegistry.registerPath({
      method: method.toLowerCase() as 'get' | 'post',
      path,
      tags: ['auth'],
      summary: doc.summary,
      request: {
        ...(params.length
          ? { params: z.object(Object.fromEntries(params.map((name) => [name, z.string()]))) }
          : {}),
        ...(doc.body ? { body: { content: { 'application/json': { schema: doc.body } } } } : {}),
      },
      responses: {
        200: { description: 'Done (better-auth answer; session tokens are never in the body)' },
        ...(method === 'GET' && path !== '/auth/get-session'
          ? { 302: { description: 'Redirects to the app' } }
          : {}),
        400: errorResponse('Invalid input, naming the field'),
        ...(doc.session ? { 401: errorResponse('No session, or it has ended') } : {}),
        429: errorResponse('Too many attempts (Retry-After)'),
        503: errorResponse('Password checks are queued full, or the database is away (Retry-After)'),
      },
      ...(doc.session === 'or-pending-two-factor'
        ? { security: [{ session: [] }, { twoFactorPending: [] }] }
        : {}),
    });
  }
}

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
};
type Document = {
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/** `post /admin/ads/{id}/approve` → `postAdminAdsIdApprove`: stable, unique, readable. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Completes the generated document: ids, security, the error schema, a 4xx where a route has none. */
export function finishDocument<D extends Document>(doc: D): D {
  doc.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Error: errorSchema },
    securitySchemes: {
      ...doc.components?.securitySchemes,
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: 'am.session_token',
        description:
          'The session cookie set by POST /auth/sign-in/email (`__Secure-am.session_token` over HTTPS). ' +
          'Writes also need an Origin header of the site.',
      },
      twoFactorPending: {
        type: 'apiKey',
        in: 'cookie',
        name: 'am.two_factor',
        description: 'Set by a sign-in that still needs its TOTP or backup code',
      },
    },
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.responses ??= {};
      const responses = operation.responses;
      operation.security ??= '401' in responses ? [{ session: [] }] : [];
      // A route that takes no input still meets the HTTP server's own refusals (a malformed request
      // line, headers over the size limit), answered before the route.
      if (!Object.keys(responses).some((status) => status.startsWith('4')))
        responses['4XX'] = {
          description: 'A malformed request, refused by the HTTP server before the route',
        };
    }
  }
  return doc;
}

/** The document /api/openapi.json serves. */
export function openApiDocument(api: OpenAPIHono<AppEnv>) {
  const doc = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'ArmaMarket API',
      version: '1.0.0',
      description:
        'The marketplace API. Errors are `{ "error": { "code", "message" } }`; invalid input is 400 ' +
        '`validation_error` naming the field. Writes need the session cookie and an Origin header of the site.',
    },
    servers: [{ url: '/api' }],
  });
  doc.paths ??= {};
  doc.paths['/openapi.json'] = {
    get: {
      tags: ['system'],
      summary: 'This document',
      responses: { 200: { description: 'The OpenAPI 3.1 document' } },
    },
  };
  return finishDocument(doc as unknown as Document);
}
