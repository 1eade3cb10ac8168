import type { Sort } from '../../common/values';
import { badRequest } from '../errors';

/**
 * Keyset cursor: the sort key and id of the last row of a page, as opaque base64url JSON.
 * `key` is created_at as an ISO string (millisecond column), the price as exact decimal text, or for
 * relevance the rank and created_at joined by '|'.
 */
export type Cursor = { sort: Sort; key: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PRICE = /^\d{1,10}(\.\d{1,2})?$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

const invalidCursor = () =>
  badRequest('cursor: Invalid cursor; start again from the first page', 'invalid_cursor');

/** The cursor, if it was made by encodeCursor for the same sort; anything else is a 400. */
export function decodeCursor(text: string, sort: Sort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [cursorSort, key, id] = parsed as unknown[];
  if (cursorSort !== sort || typeof key !== 'string' || typeof id !== 'string' || !UUID.test(id)) {
    throw invalidCursor();
  }
  const keyValid =
    sort === 'newest' ? isIsoInstant(key) : sort === 'relevance' ? isRankKey(key) : PRICE.test(key);
  if (!keyValid) throw invalidCursor();
  return { sort, key, id };
}

/**
 * Only what Date itself writes, so PostgreSQL reads the same instant (no 31 February), and from year
 * 1 on: Date writes a year 0000 that PostgreSQL refuses to read.
 */
function isIsoInstant(key: string): boolean {
  if (!ISO.test(key)) return false;
  const date = new Date(key);
  return !Number.isNaN(date.getTime()) && date.toISOString() === key && date.getUTCFullYear() >= 1;
}

/** Relevance pages continue after a rank (a real, as PostgreSQL writes it) and a creation time. */
function isRankKey(key: string): boolean {
  const [rank, createdAt, ...rest] = key.split('|');
  return rest.length === 0 && RANK.test(rank ?? '') && isIsoInstant(createdAt ?? '');
}
const RANK = /^\d{1,3}(\.\d{1,12})?(e-\d{1,2})?$/;

export const isUuid = (value: string) => UUID.test(value);
