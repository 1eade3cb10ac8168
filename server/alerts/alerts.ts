import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type SavedQuery, savedQueryPath, savedQuerySchema } from '../../common/schemas/saved-searches';
import { firstImages } from '../ads/queries';
import type { Services } from '../app-env';
import { type Database, queryRows } from '../db/client';
import { enqueueMail, mailJob, type QueuedMail } from '../jobs/mail-job';
import { QUEUES } from '../jobs/queue';
import { mailLanguage } from '../mail/templates';
import { type AlertAd, type AlertSection, digestMail, instantAlertMail } from './alert-mail';
import { alertIntervalMs, queueInstantAlert } from './matching';
import { signUnsubscribeToken, unsubscribeApiPath, unsubscribePagePath } from './unsubscribe-token';

type Deps = Pick<Services, 'db' | 'queue' | 'config' | 'storage'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A mail lists at most this many ads per search; the search's link shows them all. */
export const ALERT_ADS_MAX = 30;

const absolute = (deps: Deps, path: string) => new URL(path, deps.config.publicUrl).toString();
const keyOf = (ids: string[]) =>
  createHash('sha256')
    .update([...ids].sort().join(','))
    .digest('hex')
    .slice(0, 24);

/** The listed ads among `adIds`, newest first, as mail cards with absolute photo URLs. */
async function alertAds(deps: Deps, db: Database, adIds: string[]): Promise<AlertAd[]> {
  if (adIds.length === 0) return [];
  const rows = await queryRows<{ id: string; title: string; price: number; county: string | null }>(
    db,
    sql`select id, title, price::float8 as price, county from ads
        where id in (${sql.join(
          adIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and status = 'approved' and owner_active
        order by created_at desc, id desc`,
  );
  const images = await firstImages(
    db,
    deps.storage,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const image = images.get(row.id);
    return { ...row, imageUrl: image ? absolute(deps, image.cardJpeg) : null };
  });
}

function section(
  deps: Deps,
  search: { id: string; name: string; query: unknown },
  ads: AlertAd[],
): AlertSection {
  const query: SavedQuery = savedQuerySchema.parse(search.query);
  const token = signUnsubscribeToken(deps.config, { kind: 's', savedSearchId: search.id });
  return {
    name: search.name,
    searchUrl: absolute(deps, savedQueryPath(query)),
    unsubscribeUrl: absolute(deps, unsubscribePagePath(token)),
    ads: ads.slice(0, ALERT_ADS_MAX),
  };
}

type SearchOwnerRow = {
  id: string;
  name: string;
  query: unknown;
  frequency: string;
  alertedAt: string | null;
  email: string;
  firstName: string;
  locale: string;
  isActive: boolean;
};

export type InstantOutcome = 'sent' | 'nothing new' | 'deferred' | 'skipped';

/**
 * One saved search's instant alert: in one transaction, its matches not yet mailed are marked and
 * the mail listing them is queued (key: the search and its ads), and the search's last alert time is
 * set. Less than 15 minutes after the last one, the job puts itself off until then instead. Run
 * twice, the second finds nothing new; killed before its commit, it runs again and mails once.
 */
export async function sendInstantAlert(deps: Deps, savedSearchId: string): Promise<InstantOutcome> {
  return deps.db.transaction(async (tx) => {
    const [search] = await queryRows<SearchOwnerRow>(
      tx as unknown as Database,
      sql`select s.id, s.name, s.query, s.frequency, s.alerted_at as "alertedAt", u.email,
            p.first_name as "firstName", p.locale, p.is_active as "isActive"
          from saved_searches s join "user" u on u.id = s.user_id join profiles p on p.id = s.user_id
          where s.id = ${savedSearchId} for update of s`,
    );
    if (!search?.isActive || search.frequency !== 'instant') return 'skipped';
    const alertedAt = search.alertedAt ? new Date(search.alertedAt) : null;
    if (alertedAt && alertedAt.getTime() + alertIntervalMs(deps.config) > Date.now()) {
      await queueInstantAlert(deps, tx, search.id, alertedAt);
      return 'deferred';
    }
    const pending = await queryRows<{ adId: string }>(
      tx as unknown as Database,
      sql`update saved_search_matches set notified_at = now()
          where saved_search_id = ${search.id} and notified_at is null returning ad_id as "adId"`,
    );
    const ads = await alertAds(
      deps,
      tx as unknown as Database,
      pending.map((row) => row.adId),
    );
    if (ads.length === 0) return 'nothing new';
    await tx.execute(sql`update saved_searches set alerted_at = now() where id = ${search.id}`);
    const token = signUnsubscribeToken(deps.config, { kind: 's', savedSearchId: search.id });
    const message = instantAlertMail({
      to: search.email,
      name: search.firstName,
      language: mailLanguage(search.locale),
      publicUrl: deps.config.publicUrl,
      section: section(deps, search, ads),
      unsubscribeApiUrl: absolute(deps, unsubscribeApiPath(token)),
    });
    await enqueueMail(deps.queue, tx, {
      key: `alert:${search.id}:${keyOf(ads.map((ad) => ad.id))}`,
      message,
    });
    return 'sent';
  });
}

/** The day a digest is for, in Bucharest: part of its mail key, so a rerun that day mails no one twice. */
export function digestDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(now);
}

export type DigestOutcome = { users: number; mails: number; ads: number; batches: number };

/** Users per transaction of the digest. */
export const DIGEST_BATCH = 500;

/**
 * The daily digest: for each active user with daily searches that matched ads not yet mailed, one
 * mail covering all of them. Users are taken in batches of DIGEST_BATCH; each batch marks its matches
 * and queues its mails (one bulk insert) in one transaction, so a digest that dies half way resumes
 * with the users it had not reached, and the mail key (user and day) keeps a rerun from mailing twice.
 */
export async function buildDigest(
  deps: Deps,
  now: Date = new Date(),
  batchSize = DIGEST_BATCH,
): Promise<DigestOutcome> {
  const day = digestDay(now);
  const outcome: DigestOutcome = { users: 0, mails: 0, ads: 0, batches: 0 };
  let after = '';
  for (;;) {
    const users = await queryRows<{ userId: string }>(
      deps.db,
      sql`select distinct s.user_id as "userId"
          from saved_search_matches m join saved_searches s on s.id = m.saved_search_id
          where m.notified_at is null and s.frequency = 'daily' and s.user_id > ${after}
          order by s.user_id limit ${batchSize}`,
    );
    if (users.length === 0) break;
    after = users.at(-1)!.userId;
    outcome.batches += 1;
    const mails = await deps.db.transaction((tx) =>
      digestBatch(
        deps,
        tx,
        users.map((row) => row.userId),
        day,
        outcome,
      ),
    );
    outcome.mails += mails;
    outcome.users += users.length;
  }
  return outcome;
}

async function digestBatch(deps: Deps, tx: Tx, userIds: string[], day: string, outcome: DigestOutcome) {
  const db = tx as unknown as Database;
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const marked = await queryRows<{ searchId: string; adId: string }>(
    db,
    sql`update saved_search_matches m set notified_at = now()
        from saved_searches s
        where m.saved_search_id = s.id and s.user_id in (${ids}) and s.frequency = 'daily' and m.notified_at is null
        returning s.id as "searchId", m.ad_id as "adId"`,
  );
  const searches = await queryRows<{
    id: string;
    userId: string;
    name: string;
    query: unknown;
    email: string;
    firstName: string;
    locale: string;
  }>(
    db,
    sql`select s.id, s.user_id as "userId", s.name, s.query, u.email, p.first_name as "firstName", p.locale
        from saved_searches s join "user" u on u.id = s.user_id join profiles p on p.id = s.user_id
        where s.user_id in (${ids}) and s.frequency = 'daily' and p.is_active
        order by s.user_id, s.created_at, s.id`,
  );
  const ads = new Map(
    (await alertAds(deps, db, [...new Set(marked.map((row) => row.adId))])).map((ad) => [ad.id, ad]),
  );
  const adsBySearch = new Map<string, AlertAd[]>();
  for (const row of marked) {
    const ad = ads.get(row.adId);
    if (!ad) continue;
    const list = adsBySearch.get(row.searchId) ?? [];
    list.push(ad);
    adsBySearch.set(row.searchId, list);
  }
  const byUser = new Map<string, typeof searches>();
  for (const search of searches) {
    if (!adsBySearch.has(search.id)) continue;
    byUser.set(search.userId, [...(byUser.get(search.userId) ?? []), search]);
  }
  const jobs: Array<{ id: string; data: QueuedMail }> = [];
  for (const [userId, own] of byUser) {
    const first = own[0]!;
    // The link names this mail's searches only, never the user (issue 26).
    const token = signUnsubscribeToken(deps.config, { kind: 'd', savedSearchIds: own.map((s) => s.id) });
    const sections = own.map((search) => section(deps, search, adsBySearch.get(search.id)!));
    outcome.ads += sections.reduce((sum, s) => sum + s.ads.length, 0);
    const message = digestMail({
      to: first.email,
      name: first.firstName,
      language: mailLanguage(first.locale),
      publicUrl: deps.config.publicUrl,
      sections,
      unsubscribePageUrl: absolute(deps, unsubscribePagePath(token)),
      unsubscribeApiUrl: absolute(deps, unsubscribeApiPath(token)),
    });
    jobs.push(mailJob({ key: `digest:${userId}:${day}`, message }));
  }
  await deps.queue.insert(tx, QUEUES.mail, jobs);
  return jobs.length;
}
