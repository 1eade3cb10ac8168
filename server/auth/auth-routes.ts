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
import { untrimmedSingleLine } from '../../common/schemas/text';
import type { AppEnv } from '../app-env';
import { type Database, DatabaseUnavailableError, isDatabaseUnreachable } from '../db/client';
import { AppError, errorBody } from '../errors';
import { clientIp } from '../http/client-ip';
import { enforceRateLimits, type LimitRule } from '../http/rate-limit';
import { parseInput } from '../http/validation';
import type { JobQueue } from '../jobs/queue';
import { can, TWO_FACTOR_REQUIRED } from '../policies/policies';
import { jsonBodyLimit } from '../routes/openapi-kit';
import { type Auth, RESET_CALLBACK, VERIFY_CALLBACK } from './auth';
import {
  checkEnrolmentCode,
  issueEnrolmentCode,
  newSessionToken,
  type StepDeps,
  twoFactorChanged,
} from './two-factor-steps';
import type { Viewer } from './viewer';

type Caller = { ip: string; viewer: Viewer | null };
/** What a rule's own steps around better-auth get: who asks (as the request came), and the services. */
type Step<I> = { deps: StepDeps; viewer: Viewer | null; input: I };
type Rule<S extends z.ZodType = z.ZodType> = {
  schema?: S;
  /**
   * For the links in our mails (GET): what better-auth receives of the query string. Its own check of
   * callbackURL is off under NODE_ENV=test, so a link could otherwise redirect to any site.
   */
  query?: z.ZodType<Record<string, string | undefined>>;
  /** What better-auth receives: only known fields, never what the client adds. */
  body?: (input: z.output<S>, caller: Caller) => Record<string, unknown>;
  limits?: (caller: Caller, input: z.output<S>) => LimitRule[];
  /**
   * Runs after better-auth answered 2xx, without holding the answer up: what it does (a mail) must not
   * show in the response time.
   */
  after?: (auth: Auth, input: z.output<S>) => Promise<void>;
  /** Runs before better-auth sees the request, and may refuse it. */
  guard?: (step: Step<z.output<S>>) => Promise<void>;
  /** Runs after better-auth answered 2xx, before the answer is sent: a change that must be done by then. */
  settle?: (step: Step<z.output<S>>, res: Response) => Promise<void>;
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
  twoFactor: { perAddress: size(60, 15 * MINUTE), perAccount: size(10, 15 * MINUTE) },
  // enable, disable and generate-backup-codes check the password: counted together, like sign-in.
  twoFactorPassword: { perAddress: size(120, 15 * MINUTE), perAccount: size(10, 15 * MINUTE) },
} as const;

const perIp = (action: string, ip: string, sized: Size): LimitRule => ({
  key: `${action}:ip:${ip}`,
  ...sized,
});
const perEmail = (action: string, email: string, sized: Size): LimitRule => ({
  key: `${action}:email:${email}`,
  ...sized,
});
/** Per signed-in account; a visitor is counted per address only (better-auth refuses them anyway). */
const perAccount = (action: string, viewer: Viewer | null, sized: Size): LimitRule[] =>
  viewer ? [{ key: `${action}:user:${viewer.id}`, ...sized }] : [];

/** The password checks of the two-factor settings, limited per address and per account. */
const twoFactorPasswordLimits = ({ ip, viewer }: Caller): LimitRule[] => [
  perIp('two-factor-password', ip, AUTH_LIMITS.twoFactorPassword.perAddress),
  ...perAccount('two-factor-password', viewer, AUTH_LIMITS.twoFactorPassword.perAccount),
];

/**
 * With two-factor on, changing it (new backup codes, turning it off) takes a session that passed it:
 * a session with the password alone must not mint itself a way past the code.
 */
async function requireSecondFactor({ viewer }: Step<unknown>) {
  if (viewer && !can(viewer, 'twoFactor.manage'))
    throw new AppError(
      403,
      TWO_FACTOR_REQUIRED,
      'Sign in again with your two-factor code to change two-factor authentication',
    );
}

/** Enrolling: a signed-in caller whose account has two-factor off (verify-totp then turns it on). */
const isEnrolling = (viewer: Viewer | null): viewer is Viewer => viewer !== null && !viewer.twoFactorEnabled;

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
const verifyCallbackSchema = untrimmedSingleLine().refine((value) => {
  if (value === VERIFY_CALLBACK) return true;
  const prefix = `${VERIFY_CALLBACK}?back=`;
  return value.startsWith(prefix) && decodeReturnPath(value.slice(prefix.length)) !== null;
}, 'invalid');

/** The better-auth endpoints the app uses. Anything else under /api/auth answers 404. */
const RULES: Record<string, Rule> = {
  'GET /get-session': {},
  'GET /verify-email': {
    query: z.object({
      token: untrimmedSingleLine().min(1).max(2000),
      callbackURL: verifyCallbackSchema.optional(),
    }),
  },
  'GET /reset-password/:token': { query: z.object({ callbackURL: callbackTo(RESET_CALLBACK) }) },
  'POST /sign-out': {},
  'POST /sign-up/email': rule({
    schema: signUpSchema,
    // The consents and the client address reach the profile hook (auth.ts), which records them with
    // the new account only: a registered address gets nothing written.
    body: ({ next, ...input }, { ip }) => ({
      ...input,
      name: `${input.firstName} ${input.lastName}`,
      callbackURL: verifyCallback(next),
      clientIp: ip,
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
  // Enrolment starts here: the code that must come with the authenticator's is mailed to the account.
  'POST /two-factor/enable': rule({
    schema: passwordConfirmSchema,
    limits: twoFactorPasswordLimits,
    settle: async ({ deps, viewer }) => {
      if (viewer) await issueEnrolmentCode(deps, viewer.id);
    },
  }),
  'POST /two-factor/disable': rule({
    schema: passwordConfirmSchema,
    limits: twoFactorPasswordLimits,
    guard: requireSecondFactor,
    settle: async ({ deps, viewer }, res) => {
      if (viewer) await twoFactorChanged(deps, viewer.id, newSessionToken(res), 'twoFactorOff');
    },
  }),
  'POST /two-factor/generate-backup-codes': rule({
    schema: passwordConfirmSchema,
    limits: twoFactorPasswordLimits,
    guard: requireSecondFactor,
  }),
  // The sign-in's code step, or (signed in, two-factor off) the step that completes enrolment.
  // A trusted device would later sign in without a code, into a session without the mark staff
  // rights need, so none is ever trusted.
  'POST /two-factor/verify-totp': rule({
    schema: totpCodeSchema,
    body: ({ emailCode: _emailCode, trustDevice: _trustDevice, ...input }) => input,
    limits: ({ ip, viewer }) => [
      perIp('two-factor', ip, AUTH_LIMITS.twoFactor.perAddress),
      ...perAccount('two-factor', viewer, AUTH_LIMITS.twoFactor.perAccount),
    ],
    guard: async ({ deps, viewer, input }) => {
      if (isEnrolling(viewer)) await checkEnrolmentCode(deps.db, viewer.id, input.emailCode);
    },
    settle: async ({ deps, viewer }, res) => {
      if (isEnrolling(viewer)) await twoFactorChanged(deps, viewer.id, newSessionToken(res), 'twoFactorOn');
    },
  }),
  'POST /two-factor/verify-backup-code': rule({
    schema: backupCodeSchema,
    body: ({ trustDevice: _trustDevice, ...input }) => input,
    limits: ({ ip, viewer }) => [
      perIp('two-factor', ip, AUTH_LIMITS.twoFactor.perAddress),
      ...perAccount('two-factor', viewer, AUTH_LIMITS.twoFactor.perAccount),
    ],
  }),
};

/** "METHOD /path" of every better-auth endpoint served, for the authorization matrix test. */
export const AUTH_ENDPOINTS: readonly string[] = Object.keys(RULES);
/** Each allow-listed endpoint's body schema, for the OpenAPI document (server/http/openapi-contract.ts). */
export const AUTH_BODY_SCHEMAS: Record<string, z.ZodType | undefined> = Object.fromEntries(
  Object.entries(RULES).map(([endpoint, rule]) => [endpoint, rule.schema]),
);

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

export function authRoutes(
  auth: Auth,
  db: Database,
  options: { trustProxy: number; queue: JobQueue; publicUrl: string },
) {
  const deps: StepDeps = { db, queue: options.queue, publicUrl: options.publicUrl };
  const app = new Hono<AppEnv>();
  // Every auth body is a small JSON object; nothing bigger is read.
  app.use('/auth/*', jsonBodyLimit(16 * 1024));
  app.all('/auth/*', async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, '');
    const found = findRule(c.req.method, path);
    if (!found) return c.json(errorBody('not_found', 'No such API route'), 404);
    // Resolving the viewer first ends a session that outlived its account's deactivation (viewer.ts),
    // so better-auth never acts on it.
    const viewer = c.req.header('cookie') ? await c.get('loadViewer')() : null;

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
      const caller: Caller = { ip: clientIp(c, options.trustProxy), viewer };
      if (found.limits) await enforceRateLimits(db, found.limits(caller, input));
      await found.guard?.({ deps, viewer, input });
      const headers = new Headers(c.req.raw.headers);
      headers.delete('content-length');
      headers.set('content-type', 'application/json');
      forwarded = new Request(c.req.raw.url, {
        method: c.req.method,
        headers,
        body: JSON.stringify(found.body ? found.body(input, caller) : input),
      });
    }
    const started = performance.now();
    const res = await auth.handler(forwarded);
    // better-auth answers a failed query with a plain 500; during an outage the client should hear 503.
    if (res.status >= 500 && isDatabaseUnreachable(db))
      throw new DatabaseUnavailableError('auth: database unreachable');
    if (res.ok && found.settle) await found.settle({ deps, viewer, input }, res);
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
