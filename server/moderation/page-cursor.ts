import { isUuid } from '../ads/cursor';
import { badRequest } from '../errors';

/**
 * Keyset cursor of the admin lists: the sort instant and id of the last row of a page, as opaque
 * base64url JSON. Ids are uuids or better-auth's text ids, so any short word-like id is accepted.
 */
export type PageCursor = { at: string; id: string };

const ID = /^[\w-]{1,100}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodePageCursor(at: Date | string, id: string): string {
  const iso = new Date(at).toISOString();
  return Buffer.from(JSON.stringify([iso, id])).toString('base64url');
}

const invalidCursor = () =>
  badRequest('cursor: Invalid cursor; start again from the first page', 'invalid_cursor');

/** Anything but a cursor made by encodePageCursor is a 400; `uuid` when the list's ids are uuids. */
export function decodePageCursor(
  text: string | undefined,
  options: { uuid?: boolean } = {},
): PageCursor | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !ISO.test(at)) throw invalidCursor();
  if (!(options.uuid ? isUuid(id) : ID.test(id))) throw invalidCursor();
  const date = new Date(at);
  // Date writes a year 0000 that PostgreSQL refuses to read.
  if (Number.isNaN(date.getTime()) || date.toISOString() !== at || date.getUTCFullYear() < 1) {
    throw invalidCursor();
  }
  return { at, id };
}

/** Splits the one extra row a list query reads off the page and makes the next cursor from the last row. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  key: (row: T) => { at: Date | string; id: string },
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  if (rows.length <= limit || !last) return { items, nextCursor: null };
  const { at, id } = key(last);
  return { items, nextCursor: encodePageCursor(at, id) };
}
