/**
 * PostgreSQL's text forms of tsquery and tsvector, read back: the index takes the query PostgreSQL
 * made from a search text and the documents PostgreSQL made from ads, so stemming, unaccenting and
 * the vocabulary stay PostgreSQL's (one definition, migration 0002 and server/ads/search.ts).
 */

export type QueryOperand = { lexeme: string; prefix: boolean };
/** A tsquery of AND and OR over operands (indexes into `operands`); NOT and phrases are not read. */
export type QueryNode = { op: 'and' | 'or'; children: QueryNode[] } | { op: 'leaf'; operand: number };
export type ParsedQuery = { operands: QueryOperand[]; root: QueryNode | null };

/** What PostgreSQL prints that this reader does not take (NOT, phrases, weight restrictions). */
export class UnsupportedQueryError extends Error {}

/** Reads a quoted lexeme at `from` (PostgreSQL doubles quotes and escapes backslashes). */
function quoted(text: string, from: number): { value: string; next: number } {
  let value = '';
  let i = from + 1;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\') {
      value += text[i + 1] ?? '';
      i += 2;
    } else if (char === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i += 2;
      } else {
        return { value, next: i + 1 };
      }
    } else {
      value += char;
      i += 1;
    }
  }
  throw new Error(`unterminated lexeme in ${text}`);
}

export function parseTsquery(text: string): ParsedQuery {
  const operands: QueryOperand[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (text[i] === ' ') i += 1;
  };
  const primary = (): QueryNode => {
    skipSpaces();
    if (text[i] === '(') {
      i += 1;
      const node = disjunction();
      skipSpaces();
      if (text[i] !== ')') throw new UnsupportedQueryError(text);
      i += 1;
      return node;
    }
    if (text[i] !== "'") throw new UnsupportedQueryError(text);
    const { value, next } = quoted(text, i);
    i = next;
    let prefix = false;
    if (text[i] === ':') {
      const flags = /^:([*A-D]+)/.exec(text.slice(i));
      if (flags?.[1] !== '*') throw new UnsupportedQueryError(text);
      prefix = true;
      i += flags[0].length;
    }
    operands.push({ lexeme: value, prefix });
    return { op: 'leaf', operand: operands.length - 1 };
  };
  /** Operands of `part` joined by `sign` ('&' binds tighter than '|'). */
  const joined = (op: 'and' | 'or', sign: string, part: () => QueryNode) => (): QueryNode => {
    const children = [part()];
    for (skipSpaces(); text[i] === sign; skipSpaces()) {
      i += 1;
      children.push(part());
    }
    return children.length === 1 ? children[0]! : { op, children };
  };
  const conjunction = joined('and', '&', () => primary());
  const disjunction = joined('or', '|', conjunction);
  skipSpaces();
  if (i >= text.length) return { operands, root: null };
  const root = disjunction();
  skipSpaces();
  if (i < text.length) throw new UnsupportedQueryError(text);
  return { operands, root };
}

/** Weight classes as ts_rank_cd indexes them: D 0, C 1, B 2, A 3. */
const WEIGHT_CLASS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/**
 * A tsvector's lexemes, each with its positions packed as PostgreSQL packs them (position << 2 |
 * weight class). A lexeme without positions (array_to_tsvector) has none: it matches, but
 * ts_rank_cd gives it nothing.
 */
export function parseTsvector(text: string): { lexeme: string; positions: number[] }[] {
  const lexemes: { lexeme: string; positions: number[] }[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i += 1;
      continue;
    }
    const { value, next } = quoted(text, i);
    i = next;
    const positions: number[] = [];
    if (text[i] === ':') {
      i += 1;
      for (;;) {
        let position = 0;
        let code = text.charCodeAt(i);
        while (code >= 48 && code <= 57) {
          position = position * 10 + code - 48;
          i += 1;
          code = text.charCodeAt(i);
        }
        const weight = code >= 65 && code <= 68 ? WEIGHT_CLASS[text[i]!]! : 0;
        if (weight > 0 || code === 68) i += 1;
        positions.push((position << 2) | weight);
        if (text[i] !== ',') break;
        i += 1;
      }
    }
    lexemes.push({ lexeme: value, positions });
  }
  return lexemes;
}
