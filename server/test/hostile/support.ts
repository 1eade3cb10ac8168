import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { TEST_ORIGIN, type TestContext } from '../harness';
import { listUploads } from '../stored-uploads';
import { DEFECT_KINDS, type Kind, NOISE_KINDS } from './arbitraries';
import type { Body, Caller, HostileRequest } from './request-types';

// ——— Sending ———

/** The cookies of the signed-in callers; "user" requests take turns among several accounts. */
export type Sessions = { user: string[]; owner: string; moderator: string; super: string };

function cookieFor(sessions: Sessions, caller: Caller, turn: number): string | null {
  switch (caller) {
    case 'visitor':
    case 'forged':
      return null;
    case 'user':
      return sessions.user[turn % sessions.user.length] ?? null;
    default:
      return sessions[caller];
  }
}

function bodyInit(body: Body, headers: Headers): BodyInit | undefined {
  switch (body.type) {
    case 'none':
      return undefined;
    case 'json':
      headers.set('content-type', 'application/json');
      return JSON.stringify(body.value);
    case 'raw':
      // Bytes, unlike a string, make fetch add no Content-Type of its own.
      if (body.contentType === null) return new TextEncoder().encode(body.text);
      headers.set('content-type', body.contentType);
      return body.text;
    case 'form': {
      const form = new FormData();
      for (const part of body.parts) {
        if ('text' in part) form.append(part.name, part.text);
        else
          form.append(part.name, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.filename);
      }
      return form;
    }
    case 'big-form': {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body.bytes)], { type: 'image/jpeg' }), 'huge.jpg');
      return form;
    }
  }
}

export type Outcome = {
  request: HostileRequest;
  status: number;
  contentType: string;
  text: string;
  problem: string | null;
};

export async function send(
  ctx: TestContext,
  sessions: Sessions,
  request: HostileRequest,
  turn: number,
): Promise<Outcome> {
  const headers = new Headers({ 'x-forwarded-for': request.ip });
  if (!request.omitOrigin) headers.set('origin', TEST_ORIGIN);
  const cookie = cookieFor(sessions, request.caller, turn);
  if (cookie) headers.set('cookie', cookie);
  for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);
  const body = bodyInit(request.body, headers);
  let status: number;
  let contentType: string;
  let text: string;
  try {
    const res = await ctx.app.request(new URL(request.path, ctx.config.publicUrl), {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
    });
    status = res.status;
    contentType = res.headers.get('content-type') ?? '';
    text = await res.text();
  } catch (err) {
    // The app itself threw instead of answering: as bad as a 5xx.
    return {
      request,
      status: 0,
      contentType: '',
      text: String(err),
      problem: `the app threw: ${String(err)}`,
    };
  }
  return { request, status, contentType, text, problem: judge(request, status, contentType, text) };
}

/** Sends every request, `concurrency` at a time, in order of the list. */
export async function sendAll(
  ctx: TestContext,
  sessions: Sessions,
  requests: HostileRequest[],
  concurrency: number,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index];
      if (request) outcomes[index] = await send(ctx, sessions, request, index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

// ——— Judging an answer ———

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message a person can act on: a sentence in English, no internals, no untranslated catalog key. */
export function unclear(message: string): string | null {
  const text = message.trim();
  if (text.length < 3) return 'too short';
  if (text.length > 300) return 'too long';
  if (!/[A-Za-z]{2}/.test(text)) return 'no words';
  if (
    /Something went wrong|\[object Object\]|TypeError|SyntaxError|RangeError|ReferenceError|\n\s+at /.test(
      text,
    )
  ) {
    return 'internals';
  }
  const last = text.slice(text.lastIndexOf(': ') + 1).trim();
  if (/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(last)) return 'an untranslated catalog key';
  return null;
}

/** Why an answer is not the refusal expected (a 4xx with the JSON error shape), or null. */
export function judge(
  request: HostileRequest,
  status: number,
  contentType: string,
  text: string,
): string | null {
  if (status < 400 || status > 499) return `status ${status}, not a 4xx`;
  if (!contentType.includes('application/json')) return `content type "${contentType}", not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a body that is not JSON';
  }
  const error = isRecord(body) ? body.error : undefined;
  if (
    !isRecord(error) ||
    typeof error.code !== 'string' ||
    error.code === '' ||
    typeof error.message !== 'string'
  ) {
    return 'not { error: { code, message } }';
  }
  const why = unclear(error.message);
  if (why) return `an unclear message (${why})`;
  if (request.field && error.code === 'validation_error' && !error.message.startsWith(request.field)) {
    return `a validation message that does not name "${request.field}"`;
  }
  return null;
}

// ——— The state a refused request must leave alone ———

/**
 * Tables whose change on a refused request is the design, not a leak:
 * - rate_limits counts attempts, refused ones included: that is how a script probing ids or
 *   passwords is slowed down.
 * session and verification stay in the comparison: no refused request writes them (better-auth
 * refreshes a session only once it is a day old, and links are made only for accepted requests).
 */
const CHANGING_BY_DESIGN = new Set(['rate_limits']);

export type State = Map<string, string>;

/** Every table of the test's schema (row count and a hash of the sorted rows), mail sent, files stored. */
export async function captureState(ctx: TestContext): Promise<State> {
  const state: State = new Map();
  const tables = await queryRows<{ name: string }>(
    ctx.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  for (const { name } of tables) {
    if (CHANGING_BY_DESIGN.has(name)) continue;
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const [row] = await queryRows<{ n: number; hash: string }>(
      ctx.database.db,
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') as hash from ${quoted} t`,
      ),
    );
    state.set(`table ${name}`, `${row?.n} rows, md5 ${row?.hash}`);
  }
  state.set('mail sent', String(ctx.mail.mails.length));
  const { files, temps } = await listUploads(path.join(ctx.config.dataDir, 'uploads'));
  state.set('files stored', String(files.length + temps.length));
  return state;
}

/** What differs between two states, as "name: before → after". */
export function stateChanges(before: State, after: State): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name}: ${before.get(name) ?? 'absent'} → ${after.get(name) ?? 'absent'}`);
}

// ——— Kinds and counts ———

const SQL_MARK =
  /\bunion\b[\s\S]*\bselect\b|\bdrop\s+table\b|\bpg_sleep\b|\btruncate\b|\bdelete\s+from\b|\bupdate\s+"?\w+"?\s+set\b|\bor\s+'?1'?\s*=\s*'?1|'\s*--|;\s*--|\bextractvalue\b|\bcopy\s*\(|\bselect\b[\s\S]*\bfrom\b|'\s*\|\|/i;
const HTML_MARK = /<\s*\/?\s*[a-z!?]|javascript:|\bon[a-z]+\s*=|&#x?[0-9a-f]+;/i;
/** Anything beyond printable ASCII and Romanian letters (no u flag: lone surrogates count too). */
const ODD_UNICODE = /[^\t\n\r\x20-\x7eăâîșțşţĂÂÎȘȚŞŢ]/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function strings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  }
}

/** The texts a request carries, decoded as the server reads them. */
function texts(request: HostileRequest): string[] {
  const out = [decoded(request.path), ...Object.values(request.headers)];
  const body = request.body;
  if (body.type === 'json') strings(body.value, out);
  else if (body.type === 'raw') out.push(body.text);
  else if (body.type === 'form') {
    for (const part of body.parts) {
      out.push(part.name);
      if ('text' in part) out.push(part.text);
      else out.push(part.filename, new TextDecoder().decode(part.bytes.slice(0, 4096)));
    }
  }
  return out;
}

/** The defects of a request and the noise it carries. */
export function kindsOf(request: HostileRequest): Set<Kind> {
  const kinds = new Set<Kind>(request.defects);
  if (request.extras) kinds.add('extra-fields');
  for (const text of texts(request)) {
    if (SQL_MARK.test(text)) kinds.add('sql');
    if (HTML_MARK.test(text)) kinds.add('html');
    if (ODD_UNICODE.test(text)) kinds.add('unicode');
  }
  return kinds;
}

export class Tally {
  total = 0;
  readonly byKind = new Map<Kind, number>();
  readonly byStatus = new Map<number, number>();
  readonly byRoute = new Map<string, number>();
  readonly byGroup = new Map<string, number>();
  readonly byCaller = new Map<string, number>();
  readonly rateLimited = new Map<string, number>();
  readonly ms = new Map<string, number>();

  add(group: string, outcomes: Outcome[], ms: number): void {
    const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
    for (const { request, status } of outcomes) {
      this.total += 1;
      for (const kind of kindsOf(request)) bump(this.byKind, kind);
      bump(this.byStatus, status);
      bump(this.byRoute, request.route);
      bump(this.byGroup, group);
      bump(this.byCaller, request.caller);
      if (status === 429) bump(this.rateLimited, request.route);
    }
    this.ms.set(group, (this.ms.get(group) ?? 0) + ms);
  }

  report(title: string): string {
    const n = (value: number) => value.toLocaleString('en-US');
    const line = (label: string, entries: Array<[string, number]>) => {
      const cells = entries.map(([key, value]) => `${key} ${n(value)}`);
      const rows: string[] = [];
      let row = '';
      for (const cell of cells) {
        if (row && row.length + cell.length > 96) {
          rows.push(row);
          row = '';
        }
        row += row ? ` · ${cell}` : cell;
      }
      if (row) rows.push(row);
      return rows.map((text, i) => `  ${(i === 0 ? label : '').padEnd(10)}${text}`).join('\n');
    };
    const seconds = [...this.ms.values()].reduce((a, b) => a + b, 0) / 1000;
    return [
      `${title}: ${n(this.total)} hostile requests in ${seconds.toFixed(1)} s`,
      line(
        'defects',
        DEFECT_KINDS.filter((kind) => this.byKind.has(kind)).map((kind) => [
          kind,
          this.byKind.get(kind) ?? 0,
        ]),
      ),
      line(
        'noise',
        NOISE_KINDS.filter((kind) => this.byKind.has(kind)).map((kind) => [kind, this.byKind.get(kind) ?? 0]),
      ),
      line(
        'status',
        [...this.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => [String(status), count]),
      ),
      ...(this.rateLimited.size
        ? [
            line(
              '429 from',
              [...this.rateLimited].sort(([, a], [, b]) => b - a),
            ),
          ]
        : []),
      line(
        'callers',
        [...this.byCaller].sort(([, a], [, b]) => b - a),
      ),
      line(
        'groups',
        [...this.byGroup].map(([group, count]) => [
          `${group} (${((this.ms.get(group) ?? 0) / 1000).toFixed(1)} s)`,
          count,
        ]),
      ),
      `  ${''.padEnd(10)}${this.byRoute.size} routes; each request carries one defect or more (${DEFECT_KINDS.length} kinds) and maybe noise (${NOISE_KINDS.length} kinds)`,
    ].join('\n');
  }
}

/** A failed request, readable: what was sent and what came back. */
export function describeFailure(outcome: Outcome): string {
  const { request } = outcome;
  const clip = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  let body = '';
  if (request.body.type === 'json') body = JSON.stringify(request.body.value);
  else if (request.body.type === 'raw')
    body = `${request.body.contentType ?? 'no content type'}: ${request.body.text}`;
  else if (request.body.type === 'form')
    body = `form: ${request.body.parts.map((part) => part.name).join(', ')}`;
  else if (request.body.type === 'big-form') body = `form of ${request.body.bytes} bytes`;
  return [
    `${outcome.problem}`,
    `  ${request.method} ${clip(request.path, 300)}`,
    `  as ${request.caller} from ${request.ip}; defects ${request.defects.join(', ')}${request.field ? ` (field ${request.field})` : ''}`,
    ...(Object.keys(request.headers).length
      ? [`  headers ${clip(JSON.stringify(request.headers), 200)}`]
      : []),
    ...(body ? [`  body ${clip(body, 400)}`] : []),
    `  → ${outcome.status} ${outcome.contentType} ${clip(outcome.text, 400)}`,
  ].join('\n');
}
