import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { LISTING_DAYS, PURGE_AFTER_EXPIRY_DAYS, RENEWAL_REMINDER_DAYS } from '../../common/lifecycle';
import type { RenewResult } from '../../common/schemas/ads';
import type { Language } from '../../common/values';
import { queueAdMatching } from '../alerts/matching';
import type { Services } from '../app-env';
import { ads } from '../db/schema/ads';
import { user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { supersedeOpenOffers } from '../deals/offer-steps';
import { AppError, notFound } from '../errors';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, mailLanguage, translate } from '../mail/templates';
import { deleteAd } from './commands';
import { renewalPath, signRenewalToken } from './renewal-token';

type Deps = Pick<Services, 'db' | 'storage' | 'logger' | 'mailer' | 'config'>;

const days = (n: number) => sql.raw(`interval '${n} days'`);
/** The purge works in batches so that one pass never holds the database for long. */
const PURGE_BATCH = 200;

/**
 * Approved ads past their end become expired: out of the lists and the counts (the triggers). Each
 * owner gets a mail with the same one-click renewal link as the reminder: the ad is theirs to bring
 * back until it is purged.
 */
export async function expireAds(deps: Deps): Promise<number> {
  const expired = await deps.db
    .update(ads)
    .set({ status: 'expired', expiredAt: sql`now()`, featured: false })
    .where(and(eq(ads.status, 'approved'), lte(ads.expiresAt, sql`now()`)))
    .returning({ id: ads.id, title: ads.title, userId: ads.userId, expiresAt: ads.expiresAt });
  await mailOwners(deps, expired, 'expired');
  return expired.length;
}

/**
 * Mails each owner whose ad ends within RENEWAL_REMINDER_DAYS a one-click renewal link, once per
 * listing period: the claim (reminded_at) is one update, so two passes never send it twice. A mail
 * that fails is logged; the next period's reminder is not affected.
 */
export async function sendRenewalReminders(deps: Deps): Promise<number> {
  const due = await deps.db
    .update(ads)
    .set({ remindedAt: sql`now()` })
    .where(
      and(
        eq(ads.status, 'approved'),
        isNull(ads.remindedAt),
        gt(ads.expiresAt, sql`now()`),
        lte(ads.expiresAt, sql`now() + ${days(RENEWAL_REMINDER_DAYS)}`),
      ),
    )
    .returning({ id: ads.id, title: ads.title, userId: ads.userId, expiresAt: ads.expiresAt });
  return mailOwners(deps, due, 'reminder');
}

type EndingAd = { id: string; title: string; userId: string; expiresAt: Date };

/** One renewal mail per ad, in its owner's language; owners deactivated since get none. */
async function mailOwners(deps: Deps, ended: EndingAd[], kind: RenewalMailKind): Promise<number> {
  if (ended.length === 0) return 0;
  const owners = await deps.db
    .select({
      id: user.id,
      email: user.email,
      firstName: profiles.firstName,
      locale: profiles.locale,
      isActive: profiles.isActive,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.id, [...new Set(ended.map((ad) => ad.userId))]));
  const byId = new Map(owners.map((owner) => [owner.id, owner]));
  let sent = 0;
  for (const ad of ended) {
    const owner = byId.get(ad.userId);
    if (!owner?.isActive) continue;
    const language: Language = mailLanguage(owner.locale);
    const link = new URL(renewalPath(signRenewalToken(deps.config, ad.id)), deps.config.publicUrl).toString();
    try {
      await deps.mailer.send(
        renewalMail(kind, {
          to: owner.email,
          name: owner.firstName,
          language,
          title: ad.title,
          expiresAt: ad.expiresAt,
          link,
        }),
      );
      sent += 1;
    } catch (err) {
      deps.logger.error({ err, adId: ad.id, kind }, 'renewal mail failed');
    }
  }
  return sent;
}

/** Expired ads are deleted with their images PURGE_AFTER_EXPIRY_DAYS after they expired. */
export async function purgeExpiredAds(deps: Deps): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await deps.db
      .select({ id: ads.id })
      .from(ads)
      .where(
        and(eq(ads.status, 'expired'), lte(ads.expiredAt, sql`now() - ${days(PURGE_AFTER_EXPIRY_DAYS)}`)),
      )
      .limit(PURGE_BATCH);
    for (const { id } of batch) await deleteAd(deps, id);
    purged += batch.length;
    if (batch.length < PURGE_BATCH) return purged;
  }
}

/**
 * Lists the ad for LISTING_DAYS more from now, whether it is still on or has expired. Not back to
 * review (nothing in it changed) and not up the newest list (created_at stays). 409 when it is no
 * longer renewable (sold, in review, rejected), which the callers have checked against the policy
 * already; the condition here closes the race with a moderator or the maintenance. An expired ad
 * renewed is public again, so it is matched against the saved searches like a new approval, in the
 * same transaction (searches it matched before never alert twice).
 */
export async function renewAd(deps: Pick<Services, 'db' | 'queue'>, adId: string): Promise<RenewResult> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ status: ads.status }).from(ads).where(eq(ads.id, adId)).for('update');
    const [row] = await tx
      .update(ads)
      .set({
        status: 'approved',
        expiresAt: sql`now() + ${days(LISTING_DAYS)}`,
        expiredAt: null,
        remindedAt: null,
      })
      .where(and(eq(ads.id, adId), inArray(ads.status, ['approved', 'expired'])))
      .returning({ id: ads.id, status: ads.status, expiresAt: ads.expiresAt });
    if (!row) throw notRenewable();
    if (before?.status === 'expired') await queueAdMatching(deps.queue, tx, row.id);
    return { id: row.id, status: 'approved', expiresAt: row.expiresAt.toISOString() };
  });
}

/** The owner sold it: out of the lists, the page keeps a "Vândut" banner; conversations go on. */
/**
 * Sold outside the site: as a sale to a buyer here (server/deals/sold-to.ts) does, it ends the
 * reservation and declines the open offers, each with its notice in the thread (issue 28).
 */
export async function markAdSold(
  deps: Pick<Services, 'db' | 'queue' | 'config'>,
  adId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(ads)
      .set({ status: 'sold', soldAt: sql`now()`, featured: false, reservedAt: null })
      .where(and(eq(ads.id, adId), inArray(ads.status, ['approved', 'expired'])))
      .returning({ id: ads.id, title: ads.title });
    if (!row) throw notRenewable();
    await supersedeOpenOffers(deps, tx, row.id, row.title, null);
  });
}

const notRenewable = () =>
  new AppError(409, 'invalid_transition', 'This ad is no longer in a state that allows this action.');

/** For the token route: the ad must still exist; the status check is renewAd's own. */
export async function ownerIsActive(db: Services['db'], adId: string): Promise<boolean> {
  const [row] = await db
    .select({ isActive: profiles.isActive })
    .from(ads)
    .innerJoin(profiles, eq(profiles.id, ads.userId))
    .where(eq(ads.id, adId))
    .limit(1);
  if (!row) throw notFound();
  return row.isActive;
}

export type RenewalMailKind = 'reminder' | 'expired';

/** The reminder before the end, or the notice at the end; both carry the one-click renewal link. */
export function renewalMail(
  kind: RenewalMailKind,
  options: {
    to: string;
    name: string;
    language: Language;
    title: string;
    expiresAt: Date;
    link: string;
  },
): MailMessage {
  const t = (key: string, values?: Record<string, string>) =>
    translate(options.language, `${kind === 'reminder' ? 'renewal' : 'expired'}.${key}`, values);
  const common = (key: string, values?: Record<string, string>) => translate(options.language, key, values);
  const date = new Intl.DateTimeFormat(options.language === 'ro' ? 'ro-RO' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Europe/Bucharest',
  }).format(options.expiresAt);
  const title = options.title.replace(/\s+/g, ' ').trim();
  const body = t('body', { title, date, days: String(LISTING_DAYS) });
  const text = [
    common('greeting', { name: options.name }),
    body,
    `${t('button')}: ${options.link}`,
    t('note'),
    common('signature'),
  ].join('\n\n');
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:system-ui,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(common('greeting', { name: options.name }))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#3b4a2a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t('button'))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t('note'))}</p>
<p>${escapeHtml(common('signature'))}</p>
</body></html>`;
  return { to: options.to, subject: t('subject', { title }), text, html, link: options.link };
}
