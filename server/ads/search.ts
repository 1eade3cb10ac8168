import { type SQL, sql } from 'drizzle-orm';

/**
 * Turns what a person typed into a tsquery, without ever handing their text to the tsquery parser:
 * words go through plainto_tsquery (which treats every character as text), and caliber lexemes are
 * built here from a strict pattern. Each word must match; the last one, while it is a word being
 * typed, also matches as a prefix.
 *
 * The document side is ad_search_vector() in migration 0002: Romanian stemming over unaccented
 * text plus verbatim caliber lexemes ('9mm', '9x19', '7.62x39', '.308', '12/76').
 */

/** More words than this are ignored (the text is at most 100 characters anyway). */
const MAX_TERMS = 12;

/**
 * The same clean-up caliber_lexemes() does before matching: accents off, lower case, decimal comma
 * to point, '7.62 x 39' to '7.62x39' and '9 mm' to '9mm'.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/(\d)\s*[x×]\s*(\d)/g, '$1x$2')
    .replace(/(\d)\s+mm/g, '$1mm');
}

/** The words of a search, each with at least one letter or digit. */
export function searchTerms(text: string): string[] {
  return (
    normalizeSearchText(text)
      // Control and format characters (NUL among them, which PostgreSQL text cannot hold) split words.
      .replace(/\p{C}/gu, ' ')
      .split(/\s+/)
      .map((term) => term.replace(/^[^\p{L}\p{N}.]+|[^\p{L}\p{N}]+$/gu, ''))
      .filter((term) => /[\p{L}\p{N}]/u.test(term))
      .slice(0, MAX_TERMS)
  );
}

/**
 * The caliber lexeme a word stands for, matching the most specific lexeme the document side makes:
 * '9x19' → '9x19' (an ad saying only '9mm' is not known to be 9x19), '9mm' → '9mm' (which every
 * 9x.. ad carries), '.308win' → '.308', '12/76' → '12/76'. Only digits, '.', 'x', 'mm' and '/'
 * can come out, so the lexeme is safe to quote into a tsquery literal.
 */
export function caliberLexeme(term: string): string | null {
  const metric = /^(\d{1,2}(?:\.\d{1,2})?)x(\d{2,3})(?:mm)?$/.exec(term);
  if (metric) return `${metric[1]}x${metric[2]}`;
  const bore = /^(\d{1,2}(?:\.\d{1,2})?)mm$/.exec(term);
  if (bore) return `${bore[1]}mm`;
  const inch = /^\.(\d{2,3})[a-z]*$/.exec(term);
  if (inch) return `.${inch[1]}`;
  const shotgun = /^(\d{2})\/(\d{2,3})$/.exec(term);
  if (shotgun) return `${shotgun[1]}/${shotgun[2]}`;
  return null;
}

const words = (term: string) => sql`plainto_tsquery('romanian'::regconfig, immutable_unaccent(${term}))`;

/** Marks the last lexeme of a query as a prefix; the text form is PostgreSQL's own, safely quoted. */
const asPrefix = (query: SQL) =>
  sql`(case when numnode(${query}) = 0 then ${query} else (${query}::text || ':*')::tsquery end)`;

/**
 * The last word is matched as a prefix while it is a word being typed ('glo' finds 'glock').
 * Numbers, models and calibers ('17', '9mm', '12/76') match whole: a prefix match costs the GIN
 * index a scan of every lexeme it covers, and '1' would cover a great many.
 */
const matchesAsPrefix = (term: string, last: boolean) => last && !/\d/.test(term);

/** Caliber lexemes the parser itself makes from the word ('9mm', '9x19', '12/76') add nothing. */
const parserKeepsWhole = (term: string) => /^[\p{L}\p{N}]+$|^\d+\/\d+$/u.test(term);

/** The tsquery for a search text, or null when it has nothing to search for. */
export function buildSearchQuery(text: string | undefined): SQL | null {
  const terms = searchTerms(text ?? '');
  if (terms.length === 0) return null;
  const parts = terms.map((term, index) => {
    const alternatives = [
      matchesAsPrefix(term, index === terms.length - 1) ? asPrefix(words(term)) : words(term),
    ];
    const caliber = caliberLexeme(term);
    if (caliber && !(caliber === term && parserKeepsWhole(term))) {
      alternatives.push(sql`${`'${caliber}'`}::tsquery`);
    }
    return alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` || `)})`;
  });
  return sql.join(parts, sql` && `);
}
