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
  /**
   * Runs after better-auth answered 2xx, without holding the answer up: what it does (a mail) must not
   * show in the response time.
   */
  after?: (auth: Auth, input: z.output<S>) => Promise<void>;
  /** Replaces better-auth's 2xx body, when that body would tell callers apart. */
  answer?: unknown;
  /** The answer never comes sooner than this, so the work behind it does not show in its timing. */
  minDurationMs?: number;
};

const MINUTE = 60;
const HOUR = 3600;
type Size = { max: number; windowSeconds: number };
const size = (max: number, windowSeconds: number): Size => ({ max, windowSeconds });

/**
 * Per e-mail address the limits protect one account (guessing its password, flooding its inbox) at
 * sizes its owner never meets. Per client address they are only a flood guard: a mobile carrier's
 * shared address carries many honest people (see server/http/rate-limit.ts), so each is sized for
 * tens of them at once, mistyped passwords included.
 */
export const AUTH_LIMITS = {
  signUp: { perAddress: size(60, HOUR), perEmail: size(3, HOUR) },
  signIn: { perAddress: size(120, 15 * MINUTE), perEmail: size(10, 15 * MINUTE) },
  resend: { perAddress: size(60, HOUR), perEmail: size(3, HOUR) },
  reset: { perAddress: size(60, HOUR), perEmail: size(3, HOUR) },
  // The token in the link is the secret; this only slows a script guessing tokens.
  resetConfirm: { perAddress: size(60, HOUR) },
  changePassword: { perAddress: size(60, HOUR) },
  twoFactor: { perAddress: size(60, 15 * MINUTE) },
} as const;

const perIp = (action: string, ip: string, sized: Size): LimitRule => ({
  key: `${action}:ip:${ip}`,
  ...sized,
});
const perEmail = (action: string, email: string, sized: Size): LimitRule => ({
  key: `${action}:email:${email}`,
  ...sized,
});

/**
 * Sign-up hashes the password whether or not the address is new (~80 ms, more under load); only a new
 * one adds a user, an account and a profile. Well above both, so neither shows.
 */
export const SIGN_UP_MIN_MS = 600;

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
    limits: ({ ip }, input) => [
      perIp('sign-up', ip, AUTH_LIMITS.signUp.perAddress),
      perEmail('sign-up', input.email, AUTH_LIMITS.signUp.perEmail),
    ],
    after: async (auth, input) => {
      await auth.api.sendVerificationEmail({
        body: { email: input.email, callbackURL: verifyCallback(input.next) },
      });
    },
    // A new address and a registered one (whose owner is mailed instead, auth.ts) get the same answer,
    // and in the same time: both hash the password, but only a new one writes its rows.
    answer: { status: true },
    minDurationMs: SIGN_UP_MIN_MS,
  }),
  'POST /sign-in/email': rule({
    schema: signInSchema,
    body: (input) => ({ ...input, callbackURL: '/' }),
    limits: ({ ip }, input) => [
      perIp('sign-in', ip, AUTH_LIMITS.signIn.perAddress),
      perEmail('sign-in', input.email, AUTH_LIMITS.signIn.perEmail),
    ],
  }),
  'POST /send-verification-email': rule({
    schema: resendVerificationSchema,
    body: ({ next, ...input }) => ({ ...input, callbackURL: verifyCallback(next) }),
    limits: ({ ip }, input) => [
      perIp('resend', ip, AUTH_LIMITS.resend.perAddress),
      perEmail('resend', input.email, AUTH_LIMITS.resend.perEmail),
    ],
  }),
  'POST /request-password-reset': rule({
    schema: requestPasswordResetSchema,
    body: (input) => ({ ...input, redirectTo: RESET_CALLBACK }),
    limits: ({ ip }, input) => [
      perIp('reset', ip, AUTH_LIMITS.reset.perAddress),
      perEmail('reset', input.email, AUTH_LIMITS.reset.perEmail),
    ],
  }),
  'POST /reset-password': rule({
    schema: resetPasswordSchema,
    limits: ({ ip }) => [perIp('reset-confirm', ip, AUTH_LIMITS.resetConfirm.perAddress)],
  }),
  'POST /change-password': rule({
    schema: changePasswordSchema,
    limits: ({ ip }) => [perIp('change-password', ip, AUTH_LIMITS.changePassword.perAddress)],
  }),
  'POST /two-factor/enable': rule({ schema: passwordConfirmSchema }),
  'POST /two-factor/disable': rule({ schema: passwordConfirmSchema }),
  'POST /two-factor/generate-backup-codes': rule({ schema: passwordConfirmSchema }),
  'POST /two-factor/verify-totp': rule({
    schema: totpCodeSchema,
    limits: ({ ip }) => [perIp('two-factor', ip, AUTH_LIMITS.twoFactor.perAddress)],
  }),
  'POST /two-factor/verify-backup-code': rule({
    schema: backupCodeSchema,
    limits: ({ ip }) => [perIp('two-factor', ip, AUTH_LIMITS.twoFactor.perAddress)],
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

/** Every `token` field, however deep: what better-auth puts there is the session credential. */
function stripTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTokens);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) => (key === 'token' ? [] : [[key, stripTokens(inner)]])),
  );
}

/**
 * better-auth repeats the session token in the JSON of sign-in, get-session and the two-factor step.
 * The HttpOnly cookie is the credential; a copy in the body is readable by any script on the page.
 */
async function withoutSessionToken(res: Response): Promise<Response> {
  if (!res.ok || !res.headers.get('content-type')?.includes('application/json')) return res;
  const text = await res.text();
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return new Response(text, res);
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(stripTokens(payload)), { status: res.status, headers });
}

export function authRoutes(auth: Auth, db: Database, options: { trustProxy: number }) {
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
    const started = performance.now();
    const res = await auth.handler(forwarded);
    // better-auth answers a failed query with a plain 500; during an outage the client should hear 503.
    if (res.status >= 500 && isDatabaseUnreachable(db))
      throw new DatabaseUnavailableError('auth: database unreachable');
    if (res.ok && found.after) {
      const log = c.get('log');
      void found.after(auth, input).catch((err: unknown) => log.error({ err }, 'after-auth step failed'));
    }
    if (found.minDurationMs) {
      const wait = found.minDurationMs - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    if (res.ok && found.answer !== undefined) {
      const headers = new Headers(res.headers);
      headers.delete('content-length');
      headers.set('content-type', 'application/json');
      return new Response(JSON.stringify(found.answer), { status: 200, headers });
    }
    return normalizeError(await withoutSessionToken(res));
  });
  return app;
}
