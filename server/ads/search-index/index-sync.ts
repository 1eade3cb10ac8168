import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { throughSortIndex } from '../../db/planner';
import { filterKey, type IndexedAd, type IndexTuning, SearchIndex } from './search-index';

/** What the index reads of an ad; `listed` is what the public lists mean by it. */
const AD_COLUMNS = sql`a.id, a.search_xid::float8 as xid, (a.status = 'approved' and a.owner_active) as listed,
  (extract(epoch from a.created_at) * 1000)::float8 as created, (a.price * 100)::float8 as cents,
  a.category, a.condition, a.county, a.caliber_id as caliber, a.brand, a.action,
  a.legal_category as legal, a.seller_dealer as dealer, a.tsv::text as tsv`;

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
const changesSince = (since: number) => sql`select ${HORIZON} as horizon,
  (select coalesce(json_agg(c), '[]') from (select ${AD_COLUMNS} from ads a where a.search_xid >= ${since}) c) as changed,
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

export type SearchIndexOptions = {
  tuning?: IndexTuning;
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
          for (const ad of rows) index.upsert(toIndexed(ad));
          if (rows.length < LOAD_BATCH || this.stopped) break;
          const end: AdRow & { createdText: string } = rows.at(-1)!;
          last = { created: end.createdText, id: end.id };
        }
        return Number(row?.horizon ?? 0);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    index.buildOrders();
    return { index, horizon };
  }

  /**
   * The index as it stands, without asking the database, and the horizon it has caught up to: a
   * search may answer from it when the database shows nothing written since (writtenSince), and
   * otherwise asks `current()`. Null while it loads.
   */
  view(): { index: SearchIndex; horizon: number } | null {
    return this.index ? { index: this.index, horizon: this.horizon } : null;
  }

  /**
   * The index, caught up with every commit before this call; null while it loads. Searches that
   * arrive while a catch-up runs share the next one.
   */
  async current(): Promise<SearchIndex | null> {
    if (!this.index) return null;
    await this.catchUp();
    return this.index;
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
    const index = this.index;
    if (!index) return;
    const { horizon, missedRemovals } = await this.applyChanges(index, this.horizon);
    if (index !== this.index) return;
    this.horizon = horizon;
    // Until the fresh load replaces it, an ad it missed may still count; its card is never shown, as
    // cards are read from the database by id.
    if ((index.wasteful || missedRemovals) && !this.reloading) this.reloadInBackground();
  }

  /** The statement a catch-up runs now (for EXPLAIN in bench:browse). */
  get changesStatement(): SQL {
    return changesSince(this.horizon);
  }

  /**
   * Applies the rows written since `since` to `index`: the new horizon, and whether removals it
   * should have read were forgotten meanwhile (a process that had not searched for a day).
   */
  private async applyChanges(
    index: SearchIndex,
    since: number,
  ): Promise<{ horizon: number; missedRemovals: boolean }> {
    // Through the index on search_xid, whatever the statistics say: a freshly added column has none,
    // and the planner then guessed a third of the ads and read them all (0.5 s at a million ads).
    const [row] = await throughSortIndex<{
      horizon: string;
      changed: AdRow[];
      removed: string[];
      prunedBelow: number | null;
    }>(this.db, changesSince(since), 'search-index-changes');
    for (const ad of row?.changed ?? []) index.upsert(toIndexed(ad));
    for (const id of row?.removed ?? []) index.remove(id);
    index.buildOrdersIfBehind();
    return {
      horizon: Number(row?.horizon ?? since),
      missedRemovals: Number(row?.prunedBelow ?? 0) > since,
    };
  }

  /** A fresh load replaces an index that holds too many removed ads; the old one serves meanwhile. */
  private reloadInBackground() {
    this.reloading = this.readAll()
      .then(async ({ index, horizon }) => {
        const caughtUp = await this.applyChanges(index, horizon);
        if (this.stopped) return;
        this.index = index;
        this.horizon = caughtUp.horizon;
      })
      .catch(() => undefined)
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
