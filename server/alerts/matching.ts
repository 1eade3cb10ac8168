import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { type Database, queryRows, textArray } from '../db/client';
import type { JobQueue, SqlExecutor } from '../jobs/queue';
import { QUEUES } from '../jobs/queue';
import { adTextKeys } from './text-keys';

/** At most one instant alert mail per saved search in this long (issue 11; ALERT_INTERVAL_SECONDS). */
export const alertIntervalMs = (config: Pick<Config, 'alertIntervalSeconds'>) =>
  config.alertIntervalSeconds * 1000;

type ListedAd = {
  id: string;
  userId: string;
  category: string;
  county: string | null;
  caliberId: string | null;
  brand: string | null;
  action: string | null;
  /** The ad's text keys (text-keys.ts adTextKeys). */
  keys: string[];
};

/** An ad's value for a key column, or '*' that every search without the filter has. */
const either = (value: string | null) => sql`(${value ?? ''}, '*')`;

/**
 * The saved searches a listed ad matches, with the semantics of browse (server/ads/browse.ts
 * listingConditions and search.ts). Candidates come from two indexes: searches without text keys
 * by the ad's category, county, caliber, brand and action (each its value or '*', a few btree
 * probes), searches with text by a text key the ad has (GIN). On the candidates the other filters
 * are compared and the text is the ad's tsvector against the stored tsquery. Owners never match
 * their own ad; searches of deactivated users (owner_active, kept by triggers) match nothing.
 */
export function matchingSearchesSql(ad: ListedAd): SQL {
  const keyed = sql`s.category_key in ${either(ad.category)} and s.county_key in ${either(ad.county)}
      and s.caliber_key in ${either(ad.caliberId)} and s.brand_key in ${either(ad.brand)}
      and s.action_key in ${either(ad.action)}`;
  const rest = sql`s.user_id <> ${ad.userId}
      and (s.condition is null or s.condition = a.condition)
      and (s.legal is null or s.legal = a.legal_category)
      and (not s.dealer_only or a.seller_dealer)
      and (s.price_min is null or a.price >= s.price_min)
      and (s.price_max is null or a.price <= s.price_max)`;
  return sql`
    select s.id, s.frequency, s.alerted_at as "alertedAt"
    from saved_searches s, ads a
    where a.id = ${ad.id} and s.text_keys is null and s.owner_active and ${keyed} and ${rest}
      and (s.tsq is null or a.tsv @@ s.tsq)
    union all
    select s.id, s.frequency, s.alerted_at as "alertedAt"
    from saved_searches s, ads a
    where a.id = ${ad.id} and s.text_keys is not null and s.owner_active and s.text_keys && ${textArray(ad.keys)}
      and ${keyed} and ${rest} and a.tsv @@ s.tsq`;
}

export async function listedAd(db: SqlExecutor, adId: string): Promise<ListedAd | null> {
  const [ad] = await queryRows<ListedAd>(
    db as Database,
    sql`select id, user_id as "userId", category, county, caliber_id as "caliberId", brand, action,
          coalesce(${adTextKeys(sql`tsv`)}, '{}') as keys
        from ads where id = ${adId} and status = 'approved' and owner_active`,
  );
  return ad ?? null;
}

export type MatchOutcome = { matched: number; instantAlerts: number };

/**
 * Records the searches a newly public ad matches (once per search and ad: an ad approved again after
 * an edit alerts only searches it did not match before; a search that is off records it as settled,
 * so turning its alerts back on does not mail what came while they were off) and queues each instant search's alert, in
 * one transaction. The alert job is one per search at a time (a `stately` queue keyed by the
 * search), waiting until 15 minutes after the search's last alert: it mails every match it finds.
 */
export async function matchAd(
  deps: { db: Database; queue: JobQueue; config: Pick<Config, 'alertIntervalSeconds'> },
  adId: string,
): Promise<MatchOutcome> {
  return deps.db.transaction(async (tx) => {
    const ad = await listedAd(tx, adId);
    if (!ad) return { matched: 0, instantAlerts: 0 };
    const matched = await queryRows<{ id: string; frequency: string; alertedAt: string | null }>(
      tx as unknown as Database,
      sql`with found as (${matchingSearchesSql(ad)}),
          recorded as (
            insert into saved_search_matches (saved_search_id, ad_id, notified_at)
            select id, ${ad.id}, case when frequency = 'off' then now() end from found
            on conflict do nothing
            returning saved_search_id
          )
          select f.id, f.frequency, f."alertedAt" from found f join recorded r on r.saved_search_id = f.id`,
    );
    // One statement for all of them: a broad search (a condition, a price range) matches many ads,
    // and an ad many such searches.
    const instant = matched.filter((search) => search.frequency === 'instant');
    await deps.queue.insert(
      tx,
      QUEUES.alertInstant,
      instant.map((search) =>
        instantAlertJob(deps, search.id, search.alertedAt ? new Date(search.alertedAt) : null),
      ),
    );
    const instantAlerts = instant.length;
    return { matched: matched.length, instantAlerts };
  });
}

/** The search's alert job, due when it may next mail (a job already waiting takes the match instead). */
function instantAlertJob(
  deps: { config: Pick<Config, 'alertIntervalSeconds'> },
  savedSearchId: string,
  alertedAt: Date | null,
) {
  const due = alertedAt ? alertedAt.getTime() + alertIntervalMs(deps.config) : 0;
  return {
    data: { savedSearchId },
    singletonKey: savedSearchId,
    ...(due > Date.now() ? { startAfter: new Date(due) } : {}),
  };
}

/** Queues the search's alert job for when it may next mail (a job already waiting takes the match). */
export async function queueInstantAlert(
  deps: { queue: JobQueue; config: Pick<Config, 'alertIntervalSeconds'> },
  executor: SqlExecutor,
  savedSearchId: string,
  alertedAt: Date | null,
): Promise<void> {
  await deps.queue.insert(executor, QUEUES.alertInstant, [instantAlertJob(deps, savedSearchId, alertedAt)]);
}

/** Queues the matching of an ad that just became public, in the approval's transaction. */
export async function queueAdMatching(queue: JobQueue, executor: SqlExecutor, adId: string): Promise<void> {
  await queue.send(executor, QUEUES.alertMatch, { adId });
}

/**
 * Queues the matching of every approved ad of a user whose account was reactivated: they are public
 * again, and searches saved while they were hidden may match them.
 */
export async function queueOwnerAdsMatching(
  queue: JobQueue,
  executor: SqlExecutor,
  userId: string,
): Promise<void> {
  const listed = await queryRows<{ id: string }>(
    executor as Database,
    sql`select id from ads where user_id = ${userId} and status = 'approved'`,
  );
  await queue.insert(
    executor,
    QUEUES.alertMatch,
    listed.map((ad) => ({ data: { adId: ad.id } })),
  );
}
