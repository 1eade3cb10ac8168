import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { decodeReturnPath, encodeReturnPath } from '../../common/return-path';
import {
  backupCodeSchema,
  changePasswordSchema,
  passwordConfirmSchema,
  requestPasswordResetSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
} from '../../common/schemas/auth';
import type { AppEnv } from '../app-env';
import { type Database, DatabaseUnavailableError, isDatabaseUnreachable } from '../db/client';
import { errorBody } from '../errors';
import { clientIp } from '../http/client-ip';
import { enforceRateLimits, type LimitRule } from '../http/rate-limit';
import { parseInput } from '../http/validation';
import { jsonBodyLimit } from '../routes/openapi-kit';
import { type Auth, RESET_CALLBACK, VERIFY_CALLBACK } from './auth';

type Caller = { ip: string };
type Rule<S extends z.ZodType = z.ZodType> = {
  schema?: S;
  /**
   * For the links in our mails (GET): what better-auth receives of the query string. Its own check of
   * callbackURL is off under NODE_ENV=test, so a link could otherwise redirect to any site.
   */
  query?: z.ZodType<Record<string, string | undefined>>;
  /** What better-auth receives: only known fields, never what the client adds. */
  body?: (input: z.output<S>) => Record<string, unknown>;
  limits?: (caller: Caller, input: z.output<S>) => LimitRule[];
  /** Runs after better-auth answered 2xx. */
  after?: (auth: Auth, input: z.output<S>) => Promise<void>;
};

const MINUTE = 60;
const HOUR = 3600;
const perIp = (action: string, ip: string, max: number, windowSeconds: number): LimitRule => ({
  key: `${action}:ip:${ip}`,
  max,
  windowSeconds,
});
const perEmail = (action: string, email: string, max: number, windowSeconds: number): LimitRule => ({
  key: `${action}:email:${email}`,
  max,
  windowSeconds,
});

const rule = <S extends z.ZodType>(r: Rule<S>) => r as Rule;

/** A mail link's way back into the app: only the page the link was made for, never another site. */
const callbackTo = (page: string) => z.literal(page, { error: 'invalid' });

/** The verification link's landing page, carrying the page the person was on when asked to sign in. */
export const verifyCallback = (next?: string) =>
  next ? `${VERIFY_CALLBACK}?back=${encodeReturnPath(next)}` : VERIFY_CALLBACK;

/** Only what verifyCallback makes: `/auth/verified`, or with a token of one same-origin path. */
const verifyCallbackSchema = z.string().refine((value) => {
  if (value === VERIFY_CALLBACK) return true;
  const prefix = `${VERIFY_CALLBACK}?back=`;
  return value.startsWith(prefix) && decodeReturnPath(value.slice(prefix.length)) !== null;
}, 'invalid');

/** The better-auth endpoints the app uses. Anything else under /api/auth answers 404. */
const RULES: Record<string, Rule> = {
  'GET /get-session': {},
  'GET /verify-email': {
    query: z.object({
      token: z.string().min(1).max(2000),
      callbackURL: verifyCallbackSchema.optional(),
    }),
  },
  'GET /reset-password/:token': { query: z.object({ callbackURL: callbackTo(RESET_CALLBACK) }) },
  'POST /sign-out': {},
  'POST /sign-up/email': rule({
    schema: signUpSchema,
    body: ({ next, ...input }) => ({
      ...input,
      name: `${input.firstName} ${input.lastName}`,
      callbackURL: verifyCallback(next),
    }),
    limits: ({ ip }, input) => [perIp('sign-up', ip, 10, HOUR), perEmail('sign-up', input.email, 3, HOUR)],
    after: async (auth, input) => {
      await auth.api.sendVerificationEmail({
        body: { email: input.email, callbackURL: verifyCallback(input.next) },
      });
    },
  }),
  'POST /sign-in/email': rule({
    schema: signInSchema,
    body: (input) => ({ ...input, callbackURL: '/' }),
    limits: ({ ip }, input) => [
      perIp('sign-in', ip, 30, 15 * MINUTE),
      perEmail('sign-in', input.email, 10, 15 * MINUTE),
    ],
  }),
  'POST /send-verification-email': rule({
    schema: resendVerificationSchema,
    body: ({ next, ...input }) => ({ ...input, callbackURL: verifyCallback(next) }),
    limits: ({ ip }, input) => [perIp('resend', ip, 10, HOUR), perEmail('resend', input.email, 3, HOUR)],
  }),
  'POST /request-password-reset': rule({
    schema: requestPasswordResetSchema,
    body: (input) => ({ ...input, redirectTo: RESET_CALLBACK }),
    limits: ({ ip }, input) => [perIp('reset', ip, 10, HOUR), perEmail('reset', input.email, 3, HOUR)],
  }),
  'POST /reset-password': rule({
    schema: resetPasswordSchema,
    limits: ({ ip }) => [perIp('reset-confirm', ip, 20, HOUR)],
  }),
  'POST /change-password': rule({
    schema: changePasswordSchema,
    limits: ({ ip }) => [perIp('change-password', ip, 20, HOUR)],
  }),
  'POST /two-factor/enable': rule({ schema: passwordConfirmSchema }),
  'POST /two-factor/disable': rule({ schema: passwordConfirmSchema }),
  'POST /two-factor/generate-backup-codes': rule({ schema: passwordConfirmSchema }),
  'POST /two-factor/verify-totp': rule({
    schema: totpCodeSchema,
    limits: ({ ip }) => [perIp('two-factor', ip, 20, 15 * MINUTE)],
  }),
  'POST /two-factor/verify-backup-code': rule({
    schema: backupCodeSchema,
    limits: ({ ip }) => [perIp('two-factor', ip, 20, 15 * MINUTE)],
  }),
};

/** "METHOD /path" of every better-auth endpoint served, for the authorization matrix test. */
export const AUTH_ENDPOINTS: readonly string[] = Object.keys(RULES);

function findRule(method: string, path: string): Rule | undefined {
  const exact = RULES[`${method} ${path}`];
  if (exact) return exact;
  if (method === 'GET' && /^\/reset-password\/[^/]+$/.test(path)) return RULES['GET /reset-password/:token'];
  return undefined;
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return {};
  }
}

/** better-auth answers `{ code, message }`; the API's one shape is `{ error: { code, message } }`. */
async function normalizeError(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return res;
  const payload = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(
    JSON.stringify(errorBody(payload.code ?? 'auth_error', payload.message ?? 'Authentication failed')),
    { status: res.status, headers },
  );
}

export function authRoutes(auth: Auth, db: Database, options: { trustProxy: boolean }) {
  const app = new Hono<AppEnv>();
  // Every auth body is a small JSON object; nothing bigger is read.
  app.use('/auth/*', jsonBodyLimit(16 * 1024));
  app.all('/auth/*', async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, '');
    const found = findRule(c.req.method, path);
    if (!found) return c.json(errorBody('not_found', 'No such API route'), 404);
    // Resolving the viewer first ends a session that outlived its account's deactivation (viewer.ts),
    // so better-auth never acts on it.
    if (c.req.header('cookie')) await c.get('loadViewer')();

    let forwarded = c.req.raw;
    let input: unknown;
    if (found.query) {
      // A repeated parameter stays a list, which the schema refuses: better-auth might read another copy.
      const query = Object.fromEntries(
        Object.entries(c.req.queries()).map(([name, values]) => [
          name,
          values.length === 1 ? values[0] : values,
        ]),
      );
      const url = new URL(c.req.url);
      url.search = new URLSearchParams(
        Object.entries(parseInput(found.query, query)).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, value]],
        ),
      ).toString();
      forwarded = new Request(url, c.req.raw);
    }
    if (found.schema) {
      input = parseInput(found.schema, await readJson(c));
      if (found.limits) {
        await enforceRateLimits(db, found.limits({ ip: clientIp(c, options.trustProxy) }, input));
      }
      const headers = new Headers(c.req.raw.headers);
      headers.delete('content-length');
      headers.set('content-type', 'application/json');
      forwarded = new Request(c.req.raw.url, {
        method: c.req.method,
        headers,
        body: JSON.stringify(found.body ? found.body(input) : input),
      });
    }
    const res = await auth.handler(forwarded);
    // better-auth answers a failed query with a plain 500; during an outage the client should hear 503.
    if (res.status >= 500 && isDatabaseUnreachable(db))
      throw new DatabaseUnavailableError('auth: database unreachable');
    if (res.ok && found.after) {
      await found
        .after(auth, input)
        .catch((err: unknown) => c.get('log').error({ err }, 'after-auth step failed'));
    }
    return normalizeError(res);
  });
  return app;
}
