import { sql } from 'drizzle-orm';
import { countyOfPlace } from '../../common/counties';
import { type Database, queryRows, textArray } from '../db/client';
import { SEARCH_VERSION, searchFields } from './search-document';

const BATCH = 500;

type Row = {
  id: string;
  title: string;
  description: string;
  brand: string | null;
  model: string | null;
  caliber: string | null;
  location: string;
  county: string | null;
};

/**
 * Remakes the search additions (and a missing county, from the locality) of ads made under older
 * search rules, a batch at a time. Runs at start; idempotent, so processes starting together only
 * repeat each other's work. Returns how many ads it remade.
 */
export async function remakeSearchFields(db: Database, onBatch?: (done: number) => void): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`select id, title, description, brand, model, caliber, location, county from ads
          where search_version < ${SEARCH_VERSION} order by id limit ${BATCH}`,
    );
    if (rows.length === 0) return done;
    const values = rows.map((row) => {
      const fields = searchFields(row);
      const county = row.county ?? countyOfPlace(row.location);
      return sql`(${row.id}::uuid, ${county}::text, ${fields.caliberId}::text, ${fields.searchWords}::text,
        ${textArray(fields.searchTokens)})`;
    });
    await db.execute(sql`
      update ads set county = v.county, caliber_id = v.caliber_id, search_words = v.words,
        search_tokens = v.tokens, search_version = ${SEARCH_VERSION}
      from (values ${sql.join(values, sql`, `)}) as v(id, county, caliber_id, words, tokens)
      where ads.id = v.id`);
    done += rows.length;
    onBatch?.(done);
  }
}
