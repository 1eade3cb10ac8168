import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

/** A correction must be at least this similar (pg_trgm similarity, 0..1) to the typed word. */
const MIN_SIMILARITY = 0.3;

/** Listed ads read per statement by a rebuild: each statement stays far below the pool's 20 s timeout. */
export const VOCABULARY_BATCH = 50_000;

/** Each word of the listed ads matching `where`, with how many use it; the words are migration 0025's. */
const wordsOfAds = (where: ReturnType<typeof sql>) => sql`
  select w.word, count(distinct a.id)::int as ads, min(w.kind) as kind
  from ads a, lateral search_vocabulary_words(a.brand, a.model, a.title) w
  where a.status = 'approved' and a.owner_active and ${where}
  group by w.word`;

/**
 * Rebuilds the vocabulary from the listed ads, to correct the counts and drop the words no listed ad
 * uses any more (an ad's words are added as it is listed, by the trigger of migration 0025). The ads
 * are read `batch` at a time by id (issue 32, item 1: one statement over a million ads took 40 s and
 * the pool's query timeout killed it), each batch's counts summed into a temporary table; the swap is
 * one transaction, so searches meanwhile see the old vocabulary.
 */
export async function refreshSearchVocabulary(db: Database, batch = VOCABULARY_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const run = tx as unknown as Database;
    await tx.execute(
      sql`create temporary table vocabulary_build (word text, ads int, kind int) on commit drop`,
    );
    let after: string | null = null;
    for (;;) {
      const rows: Array<{ last: string | null }> = await queryRows<{ last: string | null }>(
        run,
        sql`select id::text as last from (
              select id from ads where status = 'approved' and owner_active
                ${after === null ? sql`` : sql`and id > ${after}::uuid`}
              order by id limit ${batch}) page
            order by id desc limit 1`,
      );
      const last: string | null = rows[0]?.last ?? null;
      if (last === null) break;
      const inBatch =
        after === null ? sql`a.id <= ${last}::uuid` : sql`a.id > ${after}::uuid and a.id <= ${last}::uuid`;
      await tx.execute(sql`insert into vocabulary_build (word, ads, kind) ${wordsOfAds(inBatch)}`);
      after = last;
    }
    await tx.execute(sql`delete from search_vocabulary`);
    const [row] = await queryRows<{ n: number }>(
      run,
      sql`with inserted as (
            insert into search_vocabulary (word, ads, kind)
            select word, sum(ads)::int, min(kind) from vocabulary_build group by word
            -- An ad listed meanwhile may have added a word since the delete: its trigger's row yields.
            on conflict (word) do update set ads = excluded.ads, kind = excluded.kind
            returning 1)
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
