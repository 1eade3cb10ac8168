import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { throughSortIndex } from '../../db/planner';
import { filterKey, type IndexedAd, type IndexTuning, SearchIndex } from './search-index';

/** What the index reads of an ad; `listed` is what the public lists mean by it. */
const AD_COLUMNS = sql`a.id, a.search_xid::float8 as xid, (a.status = 'approved' and a.owner_active) as listed,
  (extract(epoch from a.created_at) * 1000)::float8 as created, (a.price * 100)::float8 as cents,
  a.category, a.condition, a.county, a.caliber_id as caliber, a.brand, a.action,
  a.legal_category as legal, a.seller_dealer as dealer, a.reserved_at is not null as reserved, a.tsv::text as tsv`;

type AdRow = {
  id: string;
  xid: number;
  listed: boolean;
  created: number;
  cents: number;
  category: string;
  condition: string;
  county: string | null;
  caliber: string | null;
  brand: string | null;
  action: string | null;
  legal: string;
  dealer: boolean;
  /** Issue 28: held by an accepted offer; `available=1` leaves it out. */
  reserved: boolean;
  tsv: string;
};

/** The structured filters an ad answers to, as the index keys them (indexed-browse.ts asks the same). */
export function adFilterKeys(
  ad: Omit<AdRow, 'id' | 'xid' | 'listed' | 'created' | 'cents' | 'tsv'>,
): string[] {
  const keys = [
    filterKey('category', ad.category),
    filterKey('condition', ad.condition),
    filterKey('legal', ad.legal),
  ];
  if (ad.county) keys.push(filterKey('county', ad.county));
  if (ad.caliber) keys.push(filterKey('caliber', ad.caliber));
  if (ad.brand) keys.push(filterKey('brand', ad.brand));
  if (ad.action) keys.push(filterKey('action', ad.action));
  if (ad.dealer) keys.push(filterKey('dealer', '1'));
  // The index keeps only positive lists: "hide reserved" asks for the list of the available ones.
  if (!ad.reserved) keys.push(filterKey('available', '1'));
  return keys;
}

const toIndexed = (row: AdRow): IndexedAd => ({
  id: row.id,
  xid: Number(row.xid),
  listed: row.listed,
  createdAt: Number(row.created),
  priceCents: Math.round(Number(row.cents)),
  filterKeys: adFilterKeys(row),
  tsv: row.tsv,
});

/** Rows per query of a full load. */
const LOAD_BATCH = 20_000;
/**
 * Ads indexed before a load hands the event loop back (issue 32, item 4): a load that held it for
 * seconds made /api/health miss its 2 s ping, and a load balancer would have taken a starting node out.
 */
export const UPSERTS_PER_TURN = 2_000;
export const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The oldest transaction still running, as a number: every transaction below it has finished, so
 * rows written since are those whose search_xid is at least this.
 */
const HORIZON = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/**
 * Whether the statement's snapshot holds an ad written or removed by a transaction at or after
 * `horizon`, or removals forgotten past it: when it holds none, an index caught up to that horizon
 * shows what this snapshot shows.
 */
export const writtenSince = (horizon: number) =>
  sql`(exists(select 1 from ads w where w.search_xid >= ${horizon})
    or exists(select 1 from ad_removals r where r.xid >= ${horizon})
    or exists(select 1 from ad_removals_pruned p where p.below > ${horizon}))`;

/**
 * The horizon now, the ads written and removed by transactions at or after `since`, and how far the
 * removals have been forgotten (past `since`, some of them may be missing).
 */
const changesSince = (since: number, most: number) => sql`select ${HORIZON} as horizon,
  (select case when (select count(*) from (select 1 from ads a where a.search_xid >= ${since} limit ${most + 1}) n) > ${most}
    then null
    else (select coalesce(json_agg(c), '[]') from (select ${AD_COLUMNS} from ads a where a.search_xid >= ${since}) c)
    end) as changed,
  (select coalesce(json_agg(r.ad_id), '[]') from ad_removals r where r.xid >= ${since}) as removed,
  (select max(p.below)::float8 from ad_removals_pruned p) as "prunedBelow"`;

/** How long a removal is kept for the indexes of processes that have not caught up since. */
const REMOVALS_KEPT_HOURS = 24;

/**
 * Forgets removals older than `hours` (the hourly maintenance), and records the transaction below
 * which all are forgotten: an index behind that loads afresh rather than keep an ad it missed.
 */
export async function pruneAdRemovals(db: Database, hours = REMOVALS_KEPT_HOURS): Promise<number> {
  const [row] = await queryRows<{ pruned: number }>(
    db,
    // Never past the oldest running transaction: a horizon is never below that, so an index that has
    // caught up since is never sent to load afresh again.
    sql`with cut as (
          select least(max(r.xid) + 1, (${HORIZON})::bigint) as below from ad_removals r
          where r.removed_at < now() - make_interval(hours => ${hours})
          having count(*) > 0
        ), marked as (
          update ad_removals_pruned p set below = cut.below from cut where cut.below > p.below
        ), gone as (
          delete from ad_removals r using cut where r.xid < cut.below returning 1
        )
        select count(*)::int as pruned from gone`,
  );
  return row?.pruned ?? 0;
}

/**
 * A catch-up reads at most this many changed ads (issue 32, item 3): a process that answered no search
 * while 400,000 ads changed took 24 s for its next one, and 500 MB for a 306 MB JSON value. Past it, the
 * process loads afresh in the background and the database answers searches meanwhile.
 */
export const CATCH_UP_MAX = 20_000;
const RELOAD_RETRY_MS = 5_000;

export type SearchIndexOptions = {
  tuning?: IndexTuning;
  /** CATCH_UP_MAX unless a test says otherwise. */
  catchUpMax?: number;
  /**
   * Awaited at the two moments a reload and a catch-up can cross (issue 32, item 7): a test holds
   * them to make the crossing happen; nothing else sets them.
   */
  pauses?: { beforeSwap?: () => Promise<void>; afterChangesRead?: () => Promise<void> };
};

/**
 * The process's search index and how it keeps up with the database: a full load in one snapshot,
 * then before every search the rows written since the last snapshot (`catchUp`), one query shared
 * by the searches waiting for it. A search that starts after a write committed always sees it, in
 * any process: catching up reads every row whose transaction was not finished at the last snapshot.
 */
export class IndexedSearch {
  private index: SearchIndex | null = null;
  private horizon = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private reloading: Promise<void> | null = null;
  private stopped = false;
  /** Too much changed for a catch-up: the database answers until the fresh load is in. */
  private stale = false;
  /** What /metrics and /api/health report: catch-ups run, when the index last read the database, failed loads, reloads. */
  readonly stats = { catchUps: 0, caughtUpAt: 0, loadFailures: 0, retrying: false, reloads: 0 };

  constructor(
    private readonly db: Database,
    private readonly options: SearchIndexOptions = {},
  ) {}

  get ready(): boolean {
    return this.index !== null;
  }

  get size(): number {
    return this.index?.aliveCount ?? 0;
  }

  /** Loads every listed ad; search falls back to SQL until this is done. */
  async load(): Promise<void> {
    const { index, horizon } = await this.readAll();
    if (this.stopped) return;
    this.index = index;
    this.horizon = horizon;
    this.stats.caughtUpAt = Date.now();
  }

  /**
   * Loads until it succeeds (issue 32, item 2): a database restart during the load used to leave the
   * process answering from SQL plans for good. Waits `firstDelayMs`, doubling up to `maxDelayMs`.
   */
  async loadWithRetry(
    onFailure: (err: unknown, retryInMs: number) => void,
    { firstDelayMs = 1_000, maxDelayMs = 60_000 } = {},
  ): Promise<void> {
    let delay = firstDelayMs;
    while (!this.stopped) {
      try {
        await this.load();
        this.stats.retrying = false;
        return;
      } catch (err) {
        this.stats.loadFailures += 1;
        this.stats.retrying = true;
        onFailure(err, delay);
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, maxDelayMs);
      }
    }
  }

  stop() {
    this.stopped = true;
  }

  private async readAll(): Promise<{ index: SearchIndex; horizon: number }> {
    const index = new SearchIndex(this.options.tuning);
    const horizon = await this.db.transaction(
      async (tx) => {
        const [row] = await queryRows<{ horizon: string }>(tx, sql`select ${HORIZON} as horizon`);
        let last: { created: string; id: string } | null = null;
        for (;;) {
          const after: SQL = last
            ? sql`and (a.created_at, a.id) < (${last.created}::timestamptz, ${last.id}::uuid)`
            : sql``;
          const rows: (AdRow & { createdText: string })[] = await queryRows<AdRow & { createdText: string }>(
            tx,
            sql`select ${AD_COLUMNS}, a.created_at::text as "createdText" from ads a
                where a.status = 'approved' and a.owner_active ${after}
                order by a.created_at desc, a.id desc limit ${LOAD_BATCH}`,
          );
          for (let at = 0; at < rows.length; at++) {
            index.upsert(toIndexed(rows[at]!));
            if ((at + 1) % UPSERTS_PER_TURN === 0) await yieldNow();
          }
          if (rows.length < LOAD_BATCH || this.stopped) break;
          const end: AdRow & { createdText: string } = rows.at(-1)!;
          last = { created: end.createdText, id: end.id };
        }
        return Number(row?.horizon ?? 0);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await index.buildOrdersYielding(yieldNow);
    return { index, horizon };
  }

  /**
   * The index as it stands, without asking the database, and the horizon it has caught up to: a
   * search may answer from it when the database shows nothing written since (writtenSince), and
   * otherwise asks `current()`. Null while it loads.
   */
  view(): { index: SearchIndex; horizon: number } | null {
    return this.index && !this.stale ? { index: this.index, horizon: this.horizon } : null;
  }

  /**
   * The index, caught up with every commit before this call; null while it loads. Searches that
   * arrive while a catch-up runs share the next one.
   */
  async current(): Promise<SearchIndex | null> {
    if (!this.index || this.stale) return null;
    await this.catchUp();
    return this.stale ? null : this.index;
  }

  private catchUp(): Promise<void> {
    if (!this.running) {
      this.running = this.readChanges().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    if (!this.queued) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.catchUp();
        });
    }
    return this.queued;
  }

  private async readChanges(): Promise<void> {
    for (;;) {
      const index = this.index;
      if (!index || this.stale) return;
      const { horizon, missedRemovals, tooMany } = await this.applyChanges(index, this.horizon);
      await this.options.pauses?.afterChangesRead?.();
      // A reload put a fresh index in place meanwhile (issue 32, item 7): its horizon may be older than
      // a commit this catch-up was asked to show, so the fresh one catches up too before anyone reads it.
      if (index !== this.index) continue;
      if (tooMany) {
        this.stale = true;
        if (!this.reloading) this.reloadInBackground();
        return;
      }
      this.horizon = horizon;
      this.stats.catchUps += 1;
      this.stats.caughtUpAt = Date.now();
      // Until the fresh load replaces it, an ad it missed may still count; its card is never shown, as
      // cards are read from the database by id.
      if ((index.wasteful || missedRemovals) && !this.reloading) this.reloadInBackground();
      return;
    }
  }

  /** The statement a catch-up runs now (for EXPLAIN in bench:browse). */
  get changesStatement(): SQL {
    return changesSince(this.horizon, this.catchUpMax);
  }

  private get catchUpMax(): number {
    return this.options.catchUpMax ?? CATCH_UP_MAX;
  }

  /**
   * Applies the rows written since `since` to `index`: the new horizon, and whether removals it
   * should have read were forgotten meanwhile (a process that had not searched for a day).
   */
  private async applyChanges(
    index: SearchIndex,
    since: number,
  ): Promise<{ horizon: number; missedRemovals: boolean; tooMany: boolean }> {
    // Through the index on search_xid, whatever the statistics say: a freshly added column has none,
    // and the planner then guessed a third of the ads and read them all (0.5 s at a million ads).
    const [row] = await throughSortIndex<{
      horizon: string;
      changed: AdRow[] | null;
      removed: string[];
      prunedBelow: number | null;
    }>(this.db, changesSince(since, this.catchUpMax), 'search-index-changes');
    if (row && row.changed === null) return { horizon: since, missedRemovals: false, tooMany: true };
    for (const ad of row?.changed ?? []) index.upsert(toIndexed(ad));
    for (const id of row?.removed ?? []) index.remove(id);
    index.buildOrdersIfBehind();
    return {
      horizon: Number(row?.horizon ?? since),
      missedRemovals: Number(row?.prunedBelow ?? 0) > since,
      tooMany: false,
    };
  }

  private async swapIn(index: SearchIndex, horizon: number) {
    await this.options.pauses?.beforeSwap?.();
    if (this.stopped) return;
    this.index = index;
    this.horizon = horizon;
    this.stale = false;
    this.stats.caughtUpAt = Date.now();
  }

  /** Starts a fresh load in the background now (tests; the catch-up starts one when it is due). */
  reload(): Promise<void> {
    if (!this.reloading) this.reloadInBackground();
    return this.reloading ?? Promise.resolve();
  }

  /**
   * A fresh load replaces an index that holds too many removed ads, or that fell too far behind for a
   * catch-up; the old one serves meanwhile in the first case, the database in the second.
   */
  private reloadInBackground() {
    this.stats.reloads += 1;
    this.reloading = (async () => {
      let { index, horizon } = await this.readAll();
      let caughtUp = await this.applyChanges(index, horizon);
      // What changed during a long load may itself be too much for one catch-up: load again.
      while (caughtUp.tooMany && !this.stopped) {
        ({ index, horizon } = await this.readAll());
        caughtUp = await this.applyChanges(index, horizon);
      }
      await this.swapIn(index, caughtUp.horizon);
    })()
      .catch(() => {
        // The old index serves meanwhile; one that fell too far behind must not leave search on the
        // database for good (as a failed first load did, item 2): try again.
        if (this.stale && !this.stopped) setTimeout(() => void this.reload(), RELOAD_RETRY_MS).unref();
      })
      .finally(() => {
        this.reloading = null;
      });
  }
}

/** What PostgreSQL makes of a search (buildSearchQuery), as text for the index to read. */
export async function tsqueryText(db: Database, search: SQL): Promise<string> {
  const [row] = await queryRows<{ query: string }>(db, sql`select (${search})::text as query`);
  return row?.query ?? '';
}
