import { sql } from 'drizzle-orm';
import type { Services } from '../app-env';
import { queryRows } from '../db/client';
import { buildZip, type ZipEntry } from './zip';

type Deps = Pick<Services, 'db' | 'storage' | 'logger'>;
type Row = Record<string, unknown>;

/**
 * Columns never handed out, even to their owner: credentials (a password hash, session tokens, the
 * two-factor secret and backup codes) and the search machinery's derived columns, which say nothing
 * the ad's own fields do not.
 */
const WITHHELD = new Set([
  'password',
  'token',
  'secret',
  'backup_codes',
  'access_token',
  'refresh_token',
  'id_token',
  'tsv',
  'search_words',
  'search_tokens',
  'search_version',
  'search_xid',
]);

const clean = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !WITHHELD.has(key)));

/**
 * Every table with a foreign key to `user`, with the column: found in the catalog rather than listed,
 * so that a table added later (deals and ratings, issue 28) is in the export without anyone
 * remembering to add it here.
 */
async function userColumns(deps: Deps): Promise<Array<{ table: string; column: string }>> {
  return queryRows<{ table: string; column: string }>(
    deps.db,
    sql`select r.relname as "table", a.attname as "column"
      from pg_constraint c
      join pg_class r on r.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'user'::regclass
      order by r.relname, a.attname`,
  );
}

async function rowsWhere(deps: Deps, table: string, column: string, value: string): Promise<Row[]> {
  const rows = await queryRows<{ row: Row }>(
    deps.db,
    sql`select row_to_json(t) as row from ${sql.identifier(table)} t where ${sql.identifier(column)} = ${value}`,
  );
  return rows.map((r) => clean(r.row));
}

/**
 * Everything the site keeps about a user (GDPR art. 15 and 20), as one JSON document: the account
 * and profile, then every row of every table that names them (ads, messages sent and received,
 * favorites, saved searches, reports made, declarations and consents with their times and
 * addresses, offers, deals and ratings…), grouped by table, and the history of their ads: pending
 * edits and the moderators' decisions (the moderators themselves are left out, being other people).
 */
export async function collectUserData(deps: Deps, userId: string) {
  const tables: Record<string, Row[]> = {};
  const seen = new Map<string, Set<string>>();
  for (const { table, column } of await userColumns(deps)) {
    const rows = await rowsWhere(deps, table, column, userId);
    const ids = seen.get(table) ?? new Set<string>();
    seen.set(table, ids);
    const list = tables[table] ?? [];
    tables[table] = list;
    // A row naming the user twice (a conversation with themselves cannot exist, a report resolved by
    // its own reporter can) is listed once.
    for (const row of rows) {
      const key = JSON.stringify(row.id ?? row);
      if (!ids.has(key)) {
        ids.add(key);
        list.push(row);
      }
    }
  }
  const [account] = await queryRows<Row>(
    deps.db,
    sql`select id, name, email, email_verified, role, two_factor_enabled, created_at, updated_at
      from "user" where id = ${userId}`,
  );
  const adIds = (tables.ads ?? []).map((ad) => String(ad.id));
  const adHistory = adIds.length
    ? {
        pendingEdits: (
          await queryRows<{ row: Row }>(
            deps.db,
            sql`select row_to_json(r) as row from ad_revisions r
              where r.ad_id in (${sql.join(
                adIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
          )
        ).map((r) => r.row),
        decisions: await queryRows<Row>(
          deps.db,
          sql`select target_id as ad_id, action, reason, status_before, status_after, created_at
            from moderation_actions where target_type = 'ad' and target_id in (${sql.join(
              adIds.map((id) => sql`${id}`),
              sql`, `,
            )}) order by created_at`,
        ),
        // Issue 28: every public price each ad had.
        priceChanges: await queryRows<Row>(
          deps.db,
          sql`select ad_id, old_price, new_price, changed_at from ad_price_changes
            where ad_id in (${sql.join(
              adIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) order by changed_at`,
        ),
      }
    : { pendingEdits: [], decisions: [], priceChanges: [] };
  return {
    format: 'armamarket-export/1',
    exportedAt: new Date().toISOString(),
    account: account ?? null,
    adHistory,
    tables,
  };
}

/** The photos the user uploaded, as the site keeps them (the large JPEG of each). */
async function photoEntries(deps: Deps, userId: string): Promise<ZipEntry[]> {
  const images = await queryRows<{ id: string; storage_key: string; ad_id: string | null }>(
    deps.db,
    sql`select id, storage_key, ad_id from ad_images where user_id = ${userId} order by ad_id, position`,
  );
  const entries: ZipEntry[] = [];
  for (const image of images) {
    const stored = await deps.storage.get(`${image.storage_key}/large.jpg`);
    if (!stored) {
      deps.logger.warn({ key: image.storage_key }, 'export: photo file missing');
      continue;
    }
    entries.push({ name: `photos/${image.ad_id ?? 'unattached'}/${image.id}.jpg`, data: stored.data });
  }
  return entries;
}

/** The export's ZIP: `data.json` and `photos/<ad>/<image>.jpg`. */
export async function buildExportZip(deps: Deps, userId: string): Promise<Buffer> {
  const data = await collectUserData(deps, userId);
  const json = Buffer.from(`${JSON.stringify(data, null, 2)}\n`, 'utf8');
  return buildZip([{ name: 'data.json', data: json }, ...(await photoEntries(deps, userId))]);
}
