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

export type MatchOutcome = { matched: number };

/**
 * Matching a newly public ad: the searches it matches are written as one row (`ad_match_sets`) and
 * the sweep is queued, in one transaction. Recording each (search, ad) pair and queueing the instant
 * alerts here cost far more than finding the searches (an ad matches some 3,000 searches in
 * bench:alerts: 60 ms p50 for their rows, as much again for the alert jobs); the sweep does it for
 * every ad approved since the last one, off the approval's path.
 */
export async function matchAd(deps: { db: Database; queue: JobQueue }, adId: string): Promise<MatchOutcome> {
  return deps.db.transaction(async (tx) => {
    const ad = await listedAd(tx, adId);
    if (!ad) return { matched: 0 };
    // Approved again before the sweep came: the set holds what either approval matched.
    const [row] = await queryRows<{ matched: number }>(
      tx as unknown as Database,
      sql`with found as (${matchingSearchesSql(ad)})
          insert into ad_match_sets (ad_id, search_ids)
          select ${ad.id}, array_agg(id) from found having count(*) > 0
          on conflict (ad_id) do update set matched_at = now(),
            search_ids = array(select distinct unnest(ad_match_sets.search_ids || excluded.search_ids))
          returning cardinality(search_ids) as matched`,
    );
    if (!row) return { matched: 0 };
    await deps.queue.insert(tx, QUEUES.alertSweep, [{ data: {}, singletonKey: 'sweep' }]);
    return row;
  });
}

/** Ads whose matches one sweep transaction records: some 150,000 rows at bench:alerts' rate. */
export const SWEEP_ADS = 50;

export type SweepOutcome = { ads: number; recorded: number; instantAlerts: number };

/**
 * Records the waiting match sets, SWEEP_ADS ads per transaction: each (search, ad) pair once (an ad
 * approved again after an edit alerts only searches it did not match before; a search that is off
 * records it as settled, so turning it back on does not mail what came while it was off; so does a
 * search identical to an older one of the same user that alerts, saved twice before issue 26 refused
 * it, so that nobody gets the same ad twice), and each
 * active instant search with a new match gets its alert job, waiting until 15 minutes after its last
 * alert (one job per search at a time: a job already waiting mails these too). A search or ad
 * deleted since its matching is left out. A crash rolls a batch back whole, for the next sweep.
 */
export async function sweepAdMatches(deps: {
  db: Database;
  queue: JobQueue;
  config: Pick<Config, 'alertIntervalSeconds'>;
}): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { ads: 0, recorded: 0, instantAlerts: 0 };
  for (;;) {
    const batch = await deps.db.transaction((tx) => sweepBatch(deps, tx));
    if (batch.ads === 0) return outcome;
    outcome.ads += batch.ads;
    outcome.recorded += batch.recorded;
    outcome.instantAlerts += batch.instantAlerts;
  }
}

async function sweepBatch(
  deps: { queue: JobQueue; config: Pick<Config, 'alertIntervalSeconds'> },
  tx: SqlExecutor,
): Promise<SweepOutcome> {
  // Without `skip locked`: a sweep that meets another's batch waits for it to commit, then finds it gone.
  const rows = await queryRows<{
    ads: number;
    recorded: number;
    id: string | null;
    alertedAt: string | null;
  }>(
    tx as Database,
    sql`with taken as (
          delete from ad_match_sets where ad_id in (
            select ad_id from ad_match_sets order by matched_at, ad_id limit ${SWEEP_ADS} for update
          ) returning ad_id, search_ids
        ),
        recorded as (
          insert into saved_search_matches (saved_search_id, ad_id, notified_at)
          select s.id, t.ad_id, case when s.frequency = 'off' or exists (
              select 1 from saved_searches twin
              where twin.user_id = s.user_id and twin.id = any(t.search_ids) and twin.frequency <> 'off'
                and twin.query = s.query and (twin.created_at, twin.id) < (s.created_at, s.id)
            ) then now() end
          from taken t cross join unnest(t.search_ids) as m(search_id)
            join saved_searches s on s.id = m.search_id
          where exists (select 1 from ads a where a.id = t.ad_id)
          on conflict do nothing
          returning saved_search_id
        ),
        instant as (
          select s.id, s.alerted_at from saved_searches s
            join (select distinct saved_search_id from recorded) r on r.saved_search_id = s.id
          where s.frequency = 'instant' and s.owner_active
        ),
        counts as (
          select (select count(*)::int from taken) as ads, (select count(*)::int from recorded) as recorded
        )
        select c.ads, c.recorded, i.id, i.alerted_at as "alertedAt" from counts c left join instant i on true`,
  );
  const instant = rows.filter((row): row is typeof row & { id: string } => row.id !== null);
  await deps.queue.insert(
    tx,
    QUEUES.alertInstant,
    instant.map((search) =>
      instantAlertJob(deps, search.id, search.alertedAt ? new Date(search.alertedAt) : null),
    ),
  );
  return { ads: rows[0]?.ads ?? 0, recorded: rows[0]?.recorded ?? 0, instantAlerts: instant.length };
}

/**
 * An alert job keyed by `key` (a search, a person): one waits at a time, due when the last mail's
 * alert interval is over, so what arrives meanwhile is told by that one mail.
 */
export function throttledAlertJob<T extends object>(
  deps: { config: Pick<Config, 'alertIntervalSeconds'> },
  data: T,
  key: string,
  alertedAt: Date | null,
) {
  const due = alertedAt ? alertedAt.getTime() + alertIntervalMs(deps.config) : 0;
  return { data, singletonKey: key, ...(due > Date.now() ? { startAfter: new Date(due) } : {}) };
}

/** The search's alert job, due when it may next mail (a job already waiting takes the match instead). */
const instantAlertJob = (
  deps: { config: Pick<Config, 'alertIntervalSeconds'> },
  savedSearchId: string,
  alertedAt: Date | null,
) => throttledAlertJob(deps, { savedSearchId }, savedSearchId, alertedAt);

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
