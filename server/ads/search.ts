import { type SQL, sql } from 'drizzle-orm';
import {
  CALIBERS,
  type CaliberId,
  caliberKey,
  caliberOfName,
  calibersOfBareNumber,
} from '../../common/calibers';
import { type CountyCode, countyOfName } from '../../common/counties';
import { normalizeSearchText } from '../../common/search/normalize';
import { alternativeForms, caliberToken } from './search-document';

export { normalizeSearchText };

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

/** The words of a search, each with at least one letter or digit. */
export function searchTerms(text: string): string[] {
  return (
    normalizeSearchText(text)
      // Control and format characters (NUL among them, which PostgreSQL text cannot hold) split words.
      .replace(/\p{C}/gu, ' ')
      .split(/\s+/)
      .map((term) => term.replace(/^[^\p{L}\p{N}.]+|[^\p{L}\p{N}]+$/gu, ''))
      // A hyphenated model code is the same code joined ('cz-75' is 'cz75'): PostgreSQL would read '-75'.
      .map((term) => term.replace(/^([a-z]+)-(\d{1,4})$/, '$1$2'))
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

/** Words that announce a caliber ("cal. 12", "calibrul 308"): understood, never required. */
const CALIBER_MARKERS = new Set(['cal', 'calibru', 'calibrul', 'calibre', 'calibrului', 'caliber']);

/** The longest caliber name a query spells from this word on, in at most this many words. */
const CALIBER_SPAN = 4;

/** What a query asks for: words, and calibers (by any of their names, or a number after "cal."). */
export type QueryPart =
  | { kind: 'word'; term: string }
  | { kind: 'caliber'; ids: CaliberId[]; terms: string[] }
  | { kind: 'county'; code: CountyCode; terms: string[] };

/** A place named from this word on ('cluj', 'satu mare', 'cluj-napoca'): the ad's county, not a word. */
function countyAt(terms: string[], from: number): { part: QueryPart; length: number } | null {
  for (let length = Math.min(3, terms.length - from); length >= 1; length--) {
    const words = terms.slice(from, from + length);
    const code = countyOfName(words.join(' '));
    if (code) return { part: { kind: 'county', code, terms: words }, length };
  }
  return null;
}

export function queryParts(terms: string[]): QueryPart[] {
  const parts: QueryPart[] = [];
  for (let i = 0; i < terms.length; ) {
    const marker = CALIBER_MARKERS.has(terms[i]!);
    const from = marker ? i + 1 : i;
    const place = marker ? null : countyAt(terms, i);
    if (place) {
      parts.push(place.part);
      i += place.length;
      continue;
    }
    const named = caliberAt(terms, from);
    if (named) {
      parts.push(named.part);
      i = from + named.length;
      continue;
    }
    if (marker) {
      const bare = terms[from] ? calibersOfBareNumber(terms[from]!) : [];
      if (bare.length > 0) {
        parts.push({ kind: 'caliber', ids: bare, terms: [terms[from]!] });
        i = from + 1;
      } else {
        i = from;
      }
      continue;
    }
    parts.push({ kind: 'word', term: terms[i]! });
    i += 1;
  }
  return parts;
}

function caliberAt(terms: string[], from: number): { part: QueryPart; length: number } | null {
  for (let length = Math.min(CALIBER_SPAN, terms.length - from); length >= 1; length--) {
    const words = terms.slice(from, from + length);
    const id = caliberOfName(words.join(' '));
    // A lone number ('12', '22') is a caliber only after "cal."; a name with a unit or a dot is one alone.
    if (id && !(length === 1 && /^\d+$/.test(caliberKey(words[0]!)))) {
      return { part: { kind: 'caliber', ids: [id], terms: words }, length };
    }
  }
  return null;
}

const token = (lexeme: string) => sql`${`'${lexeme}'`}::tsquery`;
const anyOf = (alternatives: SQL[]) =>
  alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` || `)})`;

const SHOTGUN_CALIBERS = new Set<string>(CALIBERS.filter((c) => c.kind === 'shotgun').map((c) => c.id));

/** The shotgun gauges a lone number names ('12' is 12/70 and 12/76, issue 26 item 25). */
function gaugesOf(term: string): CaliberId[] {
  return /^\d+$/.test(term) ? calibersOfBareNumber(term).filter((id) => SHOTGUN_CALIBERS.has(id)) : [];
}

/** The alternatives of one word (any of them matches it). */
function wordAlternatives(term: string, last: boolean): SQL[] {
  const alternatives = [matchesAsPrefix(term, last) ? asPrefix(words(term)) : words(term)];
  for (const form of alternativeForms(term)) alternatives.push(words(form));
  for (const gauge of gaugesOf(term)) alternatives.push(token(caliberToken(gauge)));
  const caliber = caliberLexeme(term);
  if (caliber && !(caliber === term && parserKeepsWhole(term))) alternatives.push(token(caliber));
  return alternatives;
}

/** The tsquery of one word, matched as a prefix when it is the last word being typed. */
export function wordQuery(term: string, last: boolean): SQL {
  return anyOf(wordAlternatives(term, last));
}

/**
 * A caliber matches the ads of that caliber by id, whatever name they or the buyer used: never by
 * the name's own words, which another caliber's ad may write ("9mm" means 9x19, yet a Makarov is
 * "9mm Makarov"; issue 26 item 11). Ads without a caliber carry those their description names
 * (search-document.ts). A bare number after "cal." is the same ("cal. 12" must not find "12 cartușe").
 */
function caliberAlternatives(part: Extract<QueryPart, { kind: 'caliber' }>): SQL[] {
  return part.ids.map((id) => token(caliberToken(id)));
}

function caliberQuery(part: Extract<QueryPart, { kind: 'caliber' }>): SQL {
  return anyOf(caliberAlternatives(part));
}

/** What a search text asks of an ad, besides places: its words and calibers, in order. */
const searchedParts = (text: string | undefined) =>
  queryParts(searchTerms(text ?? '')).filter((part) => part.kind !== 'county');

/** How many words and calibers a search text asks for (places aside). */
export const searchedPartCount = (text: string | undefined) => searchedParts(text).length;

/**
 * The tsquery for a search text, or null when it has nothing to search for but places. With
 * `mostWords`, an ad need only match all of its words but one (issue 26 item 25: "pușcă vânătoare"
 * also shows the shotguns that never say "vânătoare"), for a text of two words or more.
 */
export function buildSearchQuery(text: string | undefined, mostWords = false): SQL | null {
  if (!text) return null;
  const parts = searchedParts(text);
  if (parts.length === 0) return null;
  const queries = parts.map((part, index) =>
    part.kind === 'word'
      ? wordQuery(part.term, index === parts.length - 1)
      : caliberQuery(part as Extract<QueryPart, { kind: 'caliber' }>),
  );
  const all = (of: SQL[]) => sql.join(of, sql` && `);
  if (!mostWords || queries.length < 2) return all(queries);
  const allButOne = queries.map((_, left) => sql`(${all(queries.filter((__, i) => i !== left))})`);
  return sql.join(allButOne, sql` || `);
}

/**
 * The same query as buildSearchQuery, as its words each with their alternatives (the query is every
 * word, a word is any of its alternatives). Saved searches index a lexeme of each alternative of one
 * word: an ad can only match if it has one of them (server/alerts/text-keys.ts).
 */
export function searchAlternatives(text: string | undefined): SQL[][] {
  const parts = searchedParts(text);
  return parts.map((part, index) =>
    part.kind === 'word'
      ? wordAlternatives(part.term, index === parts.length - 1)
      : caliberAlternatives(part as Extract<QueryPart, { kind: 'caliber' }>),
  );
}

/** The counties a search text names ("carabina cluj" is a rifle in Cluj county). */
export function countiesInText(text: string | undefined): CountyCode[] {
  return queryParts(searchTerms(text ?? '')).flatMap((part) => (part.kind === 'county' ? [part.code] : []));
}
