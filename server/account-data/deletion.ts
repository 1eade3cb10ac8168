import { createHmac, timingSafeEqual } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, inArray, like, notInArray, or, sql } from 'drizzle-orm';
import type { DeleteAccountInput } from '../../common/schemas/legal';
import { deleteImages } from '../ads/commands';
import type { Services } from '../app-env';
import type { Viewer } from '../auth/viewer';
import { adImages, ads } from '../db/schema/ads';
import { account, session, twoFactor, user, verification } from '../db/schema/auth';
import { dealerApplications } from '../db/schema/dealers';
import { favorites } from '../db/schema/interactions';
import { accountDeletions, dataExports, legalAcceptances } from '../db/schema/legal';
import { profiles } from '../db/schema/profiles';
import { rateLimits } from '../db/schema/rate-limits';
import { savedSearches } from '../db/schema/saved-searches';
import { AppError } from '../errors';
import { enforceRateLimits } from '../http/rate-limit';
import { enqueueMail } from '../jobs/mail-job';
import { QUEUES } from '../jobs/queue';
import { authorize } from '../policies/policies';
import { accountDataMail } from './account-mail';

type Deps = Pick<Services, 'db' | 'storage' | 'logger' | 'queue' | 'config' | 'auth'>;

/** A deleted account's public ads (approved or sold) stay hidden this long, as a sold ad's page does. */
export const DELETED_ADS_KEPT_DAYS = 30;
/** Statuses whose ads were public when the account was deleted: kept (hidden) for DELETED_ADS_KEPT_DAYS. */
const PUBLIC_STATUSES = ['approved', 'sold'];

/** The address a deleted account's tombstone carries: unique, never deliverable (RFC 2606 .invalid). */
export const tombstoneEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

const wrongPassword = () => new AppError(403, 'invalid_password', 'The password is not right');

/** RFC 6238 (SHA-1, 6 digits, 30 s, one step either side), on the secret better-auth keeps. */
function totpMatches(secret: string, code: string, now = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return [-1, 0, 1].some((step) => {
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + step));
    const digest = createHmac('sha1', Buffer.from(secret, 'utf8')).update(counter).digest();
    const offset = digest[digest.length - 1]! & 0x0f;
    const expected = ((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
    return timingSafeEqual(Buffer.from(expected), Buffer.from(code));
  });
}

/** The password, and with two-factor on a current code of the authenticator: who deletes is the owner. */
async function checkCredentials(deps: Deps, viewer: Viewer, input: DeleteAccountInput): Promise<void> {
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, viewer.id), eq(account.providerId, 'credential')))
    .limit(1);
  const context = await deps.auth.$context;
  const ok = credential?.hash
    ? await context.password.verify({ hash: credential.hash, password: input.password })
    : false;
  if (!ok) throw wrongPassword();
  if (!viewer.twoFactorEnabled) return;
  if (!input.code)
    throw new AppError(400, 'validation_error', 'code: Enter the code from your authenticator app');
  const [factor] = await deps.db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, viewer.id))
    .limit(1);
  const secret = factor ? await symmetricDecrypt({ key: context.secretConfig, data: factor.secret }) : null;
  if (!secret || !totpMatches(secret, input.code))
    throw new AppError(403, 'invalid_code', 'The two-factor code is not right');
}

/**
 * Settings › "Șterge contul". The account closes at once, in one transaction: it is marked deleted,
 * its profile deactivated (its ads leave every list through the owner_active triggers, its sessions
 * end), and the job that erases the rest is queued. The job is pg-boss's: it survives a restart and is
 * retried until done, and everything it does can be done again.
 */
export async function requestDeletion(
  deps: Deps,
  viewer: Viewer | null,
  input: DeleteAccountInput,
  clientIp: string,
): Promise<void> {
  authorize(viewer, 'account.delete');
  await enforceRateLimits(deps.db, [
    { key: `account-delete:ip:${clientIp}`, max: 60, windowSeconds: 3600 },
    { key: `account-delete:user:${viewer.id}`, max: 10, windowSeconds: 900 },
  ]);
  await checkCredentials(deps, viewer, input);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(accountDeletions)
      .values({
        userId: viewer.id,
        adsPurgeAfter: sql`now() + make_interval(days => ${DELETED_ADS_KEPT_DAYS})`,
      })
      .onConflictDoNothing();
    await tx.update(profiles).set({ isActive: false }).where(eq(profiles.id, viewer.id));
    await tx.delete(session).where(eq(session.userId, viewer.id));
    await deps.queue.send(tx, QUEUES.accountDelete, { userId: viewer.id }, { singletonKey: viewer.id });
    await deps.queue.send(
      tx,
      QUEUES.accountAdsPurge,
      { userId: viewer.id },
      { startAfter: DELETED_ADS_KEPT_DAYS * 24 * 3600, singletonKey: viewer.id },
    );
  });
}

/**
 * The deletion job. Erases what the account was: the credentials, sessions, two-factor, profile
 * details, favorites, saved searches, consents, dealer applications, exports, every photo, and the ads
 * that were not public (those that were stay hidden for DELETED_ADS_KEPT_DAYS, then go with
 * purgeDeletedAccountAds). The `user` row stays as an empty tombstone under a `.invalid` address, so
 * that the address can register again and the other party's conversations still read, the sender
 * shown as "Cont șters". Kept by design, and named in the privacy notice: the moderation audit log
 * (append-only), seller declarations (with their ads) and reports. The confirmation mail is rendered
 * before the address is erased and queued in the same transaction.
 */
export async function eraseAccount(deps: Deps, userId: string): Promise<void> {
  const [deletion] = await deps.db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .limit(1);
  if (!deletion || deletion.completedAt) return;
  const [owner] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (!owner) return;
  const mail = await accountDataMail(deps, userId, 'accountDeleted', deps.config.publicUrl);
  const exportIds = (
    await deps.db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, userId))
  ).map((row) => row.id);
  const released = await deps.db.transaction(async (tx) => {
    // Photos: released from their ads and their owner first, so that should the files fail to go the
    // orphan collector finishes them (server/ads/commands.ts does the same).
    const images = await tx
      .update(adImages)
      .set({ adId: null, userId: null })
      .where(
        or(
          eq(adImages.userId, userId),
          inArray(adImages.adId, tx.select({ id: ads.id }).from(ads).where(eq(ads.userId, userId))),
        ),
      )
      .returning({ id: adImages.id, storageKey: adImages.storageKey });
    await tx.delete(ads).where(and(eq(ads.userId, userId), notInArray(ads.status, PUBLIC_STATUSES)));
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx.delete(legalAcceptances).where(eq(legalAcceptances.userId, userId));
    await tx.delete(dealerApplications).where(eq(dealerApplications.userId, userId));
    await tx.delete(dataExports).where(eq(dataExports.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx
      .delete(verification)
      .where(or(eq(verification.value, userId), like(verification.identifier, `%${userId}%`)));
    // Rate-limit counters are keyed by address for sign-up, sign-in and resets.
    await tx.delete(rateLimits).where(like(rateLimits.key, `%:${owner.email}`));
    await tx
      .update(profiles)
      .set({
        firstName: '',
        lastName: '',
        phone: null,
        address: null,
        dealerVerifiedAt: null,
        isActive: false,
      })
      .where(eq(profiles.id, userId));
    await tx
      .update(user)
      .set({
        email: tombstoneEmail(userId),
        name: '',
        image: null,
        emailVerified: false,
        twoFactorEnabled: false,
        banReason: null,
        updatedAt: sql`now()`,
      })
      .where(eq(user.id, userId));
    await tx
      .update(accountDeletions)
      .set({ completedAt: sql`now()` })
      .where(eq(accountDeletions.userId, userId));
    if (mail) await enqueueMail(deps.queue, tx, { key: `account-deleted:${userId}`, message: mail });
    return images;
  });
  await deleteImages(deps, released);
  for (const id of exportIds)
    await rm(path.join(deps.config.dataDir, 'exports', `${id}.zip`), { force: true });
}

/** The ads that were public when the account was deleted, DELETED_ADS_KEPT_DAYS later. */
export async function purgeDeletedAccountAds(deps: Deps, userId: string): Promise<number> {
  const [deletion] = await deps.db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), sql`${accountDeletions.adsPurgeAfter} <= now()`))
    .limit(1);
  if (!deletion) return 0;
  const removed = await deps.db.transaction(async (tx) => {
    const images = await tx
      .update(adImages)
      .set({ adId: null, userId: null })
      .where(inArray(adImages.adId, tx.select({ id: ads.id }).from(ads).where(eq(ads.userId, userId))))
      .returning({ id: adImages.id, storageKey: adImages.storageKey });
    const gone = await tx.delete(ads).where(eq(ads.userId, userId)).returning({ id: ads.id });
    await tx
      .update(accountDeletions)
      .set({ adsPurgedAt: sql`now()` })
      .where(eq(accountDeletions.userId, userId));
    return { images, count: gone.length };
  });
  await deleteImages(deps, removed.images);
  return removed.count;
}
