import { createHash, randomUUID } from 'node:crypto';
import { APIError, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor } from 'better-auth/plugins';
import { defaultAc } from 'better-auth/plugins/admin/access';
import { eq } from 'drizzle-orm';
import type { Language } from '../../common/values';
import type { Database } from '../db/client';
import { account, session, twoFactor as twoFactorTable, user, verification } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { enqueueMail } from '../jobs/mail-job';
import type { JobQueue } from '../jobs/queue';
import { type LegalVersions, recordSignUpConsents } from '../legal/acceptances';
import { actionMail, mailLanguage } from '../mail/templates';
import { passwordHashing } from './password-hashing';

export type AuthOptions = {
  db: Database;
  secret: string;
  publicUrl: string;
  queue: JobQueue;
  /** Origins whose requests better-auth accepts (config.appOrigins). */
  appOrigins: string[];
  /** The texts a registration accepts (config.legalVersions, issue 31). */
  legalVersions: LegalVersions;
};

export const VERIFY_CALLBACK = '/auth/verified';
export const RESET_CALLBACK = '/auth/reset-password';
export const ACCOUNT_DEACTIVATED = 'ACCOUNT_DEACTIVATED';

// Roles are managed by our own API and the user:role command; the admin plugin's HTTP endpoints are
// never exposed (see auth-routes.ts), so the staff roles get no plugin permissions of their own.
const noPermissions = defaultAc.newRole({ user: [], session: [] });

/** The better-auth endpoints that create a session only once a second factor was checked. */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
const passesSecondFactor = (path: string | undefined) => path !== undefined && SECOND_FACTOR_PATHS.has(path);

export function createAuth(options: AuthOptions) {
  const { db, queue } = options;

  const profileOf = async (userId: string) =>
    (await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1))[0];
  /**
   * Queues the mail rather than sending it: the request answers without waiting for SMTP (a reset
   * request answers alike whether the address exists or not), and a mail server that is down only
   * delays the mail.
   */
  const queueActionMail = async (
    kind: 'verify' | 'reset' | 'existingAccount',
    target: { id: string; email: string; name: string },
    url: string,
    dedupeKey?: string,
  ) => {
    const profile = await profileOf(target.id);
    const language: Language = mailLanguage(profile?.locale);
    const message = actionMail(kind, {
      to: target.email,
      name: profile?.firstName ?? target.name,
      language,
      link: url,
    });
    // One key per request: a retried job never mails twice, but a resend asked for within the same
    // second (better-auth's tokens carry seconds, so the link is the same) is a mail of its own.
    const key = dedupeKey ?? `${kind}:${createHash('sha256').update(url).digest('hex')}:${randomUUID()}`;
    await enqueueMail(queue, db, { key, message });
  };

  return betterAuth({
    appName: 'ArmaMarket',
    secret: options.secret,
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: options.appOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor: twoFactorTable },
    }),
    // Our own limiter (server/http/rate-limit.ts) counts per IP and per address in front of these routes.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      // The default scrypt, with a cap on hashes at once (password-hashing.ts).
      password: passwordHashing,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Someone registers with an address that has an account: the answer is the same as for a new
      // one (auth-routes.ts), and the owner hears of it instead. Sent in the background so that the
      // mail does not show in the answer's timing.
      onExistingUserSignUp: async ({ user: target }) => {
        // Never verified: the sign-up route sends a fresh verification link instead, which is what
        // they need to finish registering.
        if (!target.emailVerified) return;
        // One such mail per account and hour at most, whatever the number of attempts.
        const hour = Math.floor(Date.now() / 3_600_000);
        await queueActionMail(
          'existingAccount',
          target,
          `${options.publicUrl}/auth`,
          `existingAccount:${target.id}:${hour}`,
        );
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user: target, url }) => queueActionMail('reset', target, url),
    },
    emailVerification: {
      // Sent by the sign-up route once the profile exists, so the mail knows the name and language.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: ({ user: target, url }) => queueActionMail('verify', target, url),
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // Set only by the hook below; createSession puts the default back over what it copies from the
      // session it replaces (disable, enrolment), so a mark is never inherited.
      additionalFields: {
        twoFactorVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    advanced: {
      cookiePrefix: 'am',
      useSecureCookies: options.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      admin({
        roles: { user: noPermissions, 'admin.moderator': noPermissions, 'admin.super': noPermissions },
        defaultRole: 'user',
        adminRoles: ['admin.moderator', 'admin.super'],
      }),
      twoFactor({ issuer: 'ArmaMarket', backupCodeOptions: { amount: 10, length: 10 } }),
    ],
    databaseHooks: {
      user: {
        create: {
          // The sign-up body reached better-auth already validated by our route (auth-routes.ts).
          after: async (created, ctx) => {
            const body = (ctx?.body ?? {}) as {
              firstName?: string;
              lastName?: string;
              locale?: string;
              acceptAdult?: unknown;
              acceptTerms?: unknown;
              clientIp?: unknown;
            };
            await db
              .insert(profiles)
              .values({
                id: created.id,
                firstName: body.firstName ?? created.name,
                lastName: body.lastName ?? '',
                locale: body.locale === 'en' ? 'en' : 'ro',
              })
              .onConflictDoNothing();
            // The route refuses a sign-up without both (auth-routes.ts); accounts made in process
            // (demo data, tests) record them when they say so.
            if (body.acceptAdult === true && body.acceptTerms === true) {
              const ip = typeof body.clientIp === 'string' ? body.clientIp : null;
              await recordSignUpConsents(db, created.id, options.legalVersions, ip);
            }
          },
        },
      },
      session: {
        create: {
          before: async (created, ctx) => {
            const profile = await profileOf(created.userId);
            if (profile && !profile.isActive) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_DEACTIVATED,
                message: 'This account has been deactivated. Contact the moderators.',
              });
            }
            // A session made by a passed code (the sign-in's two-factor step, or the code that
            // completes enrolment) carries the mark staff rights need; any other one does not.
            // A password change that ends the other sessions replaces the current one: the new one
            // keeps the mark of the one it replaces.
            const replaced = ctx?.path === '/change-password' ? ctx.context.session?.session : undefined;
            const inherits = (replaced as { twoFactorVerified?: unknown } | undefined)?.twoFactorVerified;
            return {
              data: { ...created, twoFactorVerified: passesSecondFactor(ctx?.path) || inherits === true },
            };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
