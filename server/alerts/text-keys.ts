import { type SQL, sql } from 'drizzle-orm';
import { searchAlternatives } from '../ads/search';
import { type Database, queryRows } from '../db/client';
import type { SqlExecutor } from '../jobs/queue';

/**
 * What lets one ad be matched against 100,000 saved searches without testing each one's tsquery:
 * every saved search with text carries "text keys", lexemes of which a matching ad must have at
 * least one, and an ad's keys are its own lexemes; a GIN index on the searches' keys finds the few
 * that share one, and only those are tested with `tsv @@ tsq` (the browse semantics, unchanged).
 *
 * A search's tsquery is every word of it, each word any of its alternatives (server/ads/search.ts
 * searchAlternatives). An ad matching it matches some alternative of the first word, hence has the
 * first lexeme of that alternative: `w:<lexeme>`, or `p:<prefix>` for a word being typed, whose ad
 * side is every prefix of every lexeme. Keys of one word are enough; a word whose alternatives
 * PostgreSQL reduces to nothing (stop words) is skipped for the next. A text with no word to key on
 * gets null, and such searches are tested like searches without text.
 */
const LEXEME = /^[(!\s]*'((?:[^']|'')+)'(:\*)?/;

export async function textKeysOf(db: SqlExecutor, text: string | undefined): Promise<string[] | null> {
  for (const alternatives of searchAlternatives(text)) {
    const [row] = await queryRows<{ texts: string[] }>(
      db as Database,
      sql`select array[${sql.join(
        alternatives.map((alternative) => sql`(${alternative})::text`),
        sql`, `,
      )}]::text[] as texts`,
    );
    const keys: string[] = [];
    for (const text of row?.texts ?? []) {
      const match = LEXEME.exec(text);
      if (!match) break;
      keys.push(`${match[2] ? 'p' : 'w'}:${match[1]!.replaceAll("''", "'")}`);
    }
    if (keys.length === (row?.texts.length ?? -1) && keys.length > 0) return [...new Set(keys)];
  }
  return null;
}

/** An ad's keys, from its tsvector: each lexeme whole, and each of its prefixes. */
export const adTextKeys = (tsv: SQL) => sql`(
  select array_agg(distinct k) from (
    select 'w:' || l as k from unnest(tsvector_to_array(${tsv})) l
    union all
    select 'p:' || left(l, n) from unnest(tsvector_to_array(${tsv})) l, generate_series(1, length(l)) n
  ) keys)`;
