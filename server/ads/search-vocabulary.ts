import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

/** A correction must be at least this similar (pg_trgm similarity, 0..1) to the typed word. */
const MIN_SIMILARITY = 0.3;

/**
 * Rebuilds the vocabulary from the listed ads' brands (kind 0), models (1) and titles (2), in one
 * transaction so that searches meanwhile see the old one. Run by the maintenance and at start when
 * empty; about 20 s at a million ads.
 */
export async function refreshSearchVocabulary(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    // A maintenance job over every listed ad: the serving statement timeout is for requests.
    await tx.execute(sql`set local statement_timeout = '10min'`);
    await tx.execute(sql`delete from search_vocabulary`);
    const [row] = await queryRows<{ n: number }>(
      tx as unknown as Database,
      sql`
      with inserted as (
        insert into search_vocabulary (word, ads, kind)
        select w.word, count(distinct a.id)::int, min(w.kind)
        from ads a, lateral (
          select regexp_split_to_table(lower(immutable_unaccent(coalesce(a.brand, ''))), '[^a-z0-9]+') as word, 0 as kind
          union all
          select regexp_split_to_table(lower(immutable_unaccent(coalesce(a.model, ''))), '[^a-z0-9]+'), 1
          union all
          select regexp_split_to_table(lower(immutable_unaccent(a.title)), '[^a-z0-9]+'), 2
        ) w
        where a.status = 'approved' and a.owner_active and length(w.word) >= 3 and w.word ~ '[a-z]'
        group by w.word
        returning 1
      )
      select count(*)::int as n from inserted`,
    );
    return row?.n ?? 0;
  });
}

export async function vocabularyIsEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from search_vocabulary limit 1`);
  return rows.length === 0;
}

/**
 * Which of these words listed ads use (as of the last refresh). A known word is never corrected:
 * when the filters exclude its ads, the way out is removing a filter, not another word; and knowing
 * it costs one index lookup where testing it against the ads costs a GIN bitmap of every ad that has
 * it (12 to 16 ms for a common word at a million ads).
 */
export async function knownWords(db: Database, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select word from search_vocabulary where word in (${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.word));
}

/**
 * The known word closest to a misspelt one: most similar first, brands and models a little ahead
 * of other words, then the word more ads use. Null when nothing is similar enough.
 */
export async function closestWord(db: Database, typed: string): Promise<string | null> {
  const [row] = await queryRows<{ word: string }>(
    db,
    sql`select word from search_vocabulary
        where word % ${typed} and word <> ${typed} and similarity(word, ${typed}) >= ${MIN_SIMILARITY}
        order by similarity(word, ${typed}) + case kind when 0 then 0.1 when 1 then 0.05 else 0 end desc,
          ads desc, word
        limit 1`,
  );
  return row?.word ?? null;
}
