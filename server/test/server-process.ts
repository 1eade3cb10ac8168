import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createServices } from '../app';
import type { Services } from '../app-env';
import { loadConfig } from '../config';
import { type DbHandle, openDatabase } from '../db/client';
import { user } from '../db/schema/auth';
import { createLogger } from '../logger';
import { DEFAULT_PASSWORD } from './factories';
import { totp } from './totp';

/**
 * The real server (`server/main.ts`) in a child process, for tests that kill it, stop it or cut its
 * database off: what an in-memory app cannot show.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const AUTH_SECRET = 'resilience-secret-resilience-secret-0123';

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  pid: number;
  port: number;
  /** PUBLIC_URL, which is also the Origin every write must carry. */
  url: string;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
  running(): boolean;
  exited: Promise<Exit>;
  kill(signal: NodeJS.Signals): void;
  /** Sends the signal and waits for the exit, failing after `timeoutMs` (then SIGKILL). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
};

export type ServerOptions = {
  dataDir: string;
  /** PostgreSQL; without it the server uses PGlite under dataDir. */
  databaseUrl?: string;
  /** Reuse a port (a restart keeps cookies' origin and PUBLIC_URL); a free one otherwise. */
  port?: number;
  env?: Record<string, string>;
  startTimeoutMs?: number;
};

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts `server/main.ts` and resolves once GET /api/health answers 200. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    API_ONLY: 'true',
    TRUST_PROXY: 'true',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    AUTH_SECRET,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  // One process: node with tsx's loader. The tsx CLI would run the server in a child of its own, and
  // a SIGKILL sent to it would leave that child running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // A test run that dies before its cleanup must not leave servers behind.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  let exit: Exit | null = null;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('exit', killChild);
      exit = { code, signal };
      resolve(exit);
    });
  });
  const proc: ServerProcess = {
    pid: child.pid ?? -1,
    port,
    url,
    output: () => output,
    running: () => exit === null,
    exited,
    kill: (signal) => {
      if (exit === null) child.kill(signal);
    },
    stop: (signal = 'SIGTERM', timeoutMs = 15_000) =>
      stopProcess(child, exited, signal, timeoutMs, () => output),
  };
  try {
    await waitForHealth(proc, options.startTimeoutMs ?? 60_000);
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
  return proc;
}

async function stopProcess(
  child: ChildProcess,
  exited: Promise<Exit>,
  signal: NodeJS.Signals,
  timeoutMs: number,
  output: () => string,
): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  const result = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (result === 'late') {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`server did not exit within ${timeoutMs} ms of ${signal}\n${output()}`);
  }
  return result;
}

async function waitForHealth(proc: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!proc.running()) throw new Error(`server exited during start\n${proc.output()}`);
    try {
      const res = await send(proc.url, 'GET', '/api/health', { timeoutMs: 2_000 });
      if (res.status === 200) return;
      last = `${res.status} ${res.text}`;
    } catch (err) {
      last = String(err);
    }
    await sleep(100);
  }
  throw new Error(`server not healthy after ${timeoutMs} ms (${last})\n${proc.output()}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type HttpResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): unknown;
};

/**
 * One request on a connection of its own (no keep-alive: sockets of a killed server never linger
 * in a pool to fail the next request).
 */
export function send(
  baseUrl: string,
  method: string,
  pathname: string,
  options: { headers?: Record<string, string>; body?: Buffer | string; timeoutMs?: number } = {},
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const req = http.request(new URL(pathname, baseUrl), {
      method,
      agent: false,
      headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      timeout: options.timeoutMs ?? 30_000,
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${pathname} timed out`)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
    });
    req.end(body);
  });
}

/** A multipart/form-data body with one file field, as a browser sends an upload. */
export function multipartUpload(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = `----resilience${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([head, bytes, tail]),
  };
}

/** A signed-in browser against a server process: its cookies, its own address, the right Origin. */
export class ProcessClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private server: { url: string },
    readonly ip: string,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { origin: this.server.url, 'x-forwarded-for': this.ip, ...extra };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return headers;
  }

  async request(method: string, pathname: string, json?: unknown, timeoutMs?: number): Promise<HttpResponse> {
    const headers = this.headers(json === undefined ? {} : { 'content-type': 'application/json' });
    const res = await send(this.server.url, method, pathname, {
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      timeoutMs,
    });
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(pair.slice(0, at).trim());
      else this.cookies.set(pair.slice(0, at).trim(), value);
    }
    return res;
  }

  upload(bytes: Buffer, timeoutMs?: number): Promise<HttpResponse> {
    const form = multipartUpload(bytes);
    return send(this.server.url, 'POST', '/api/uploads', {
      headers: this.headers({ 'content-type': form.contentType }),
      body: form.body,
      timeoutMs,
    });
  }

  /** Signs in, answering the TOTP step when the account has one (staff). */
  async signIn(who: { email: string; password: string; totpSecret?: string }): Promise<void> {
    const res = await this.request('POST', '/api/auth/sign-in/email', {
      email: who.email,
      password: who.password,
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    if (!res.text.includes('twoFactorRedirect')) return;
    if (!who.totpSecret)
      throw new Error(`sign-in of ${who.email} asks for a TOTP code, and no secret is known`);
    const code = await this.request('POST', '/api/auth/two-factor/verify-totp', {
      code: totp(who.totpSecret),
    });
    if (code.status !== 200) throw new Error(`TOTP step failed: ${code.status} ${code.text}`);
  }
}

let ipSequence = 0;
/** A distinct client address per call, so that per-IP limits never couple two test clients. */
export function nextIp(): string {
  ipSequence += 1;
  return `10.77.${Math.floor(ipSequence / 250) % 250}.${(ipSequence % 250) + 1}`;
}

/**
 * A PostgreSQL database of its own (CREATE DATABASE on TEST_DATABASE_URL's server), for a server
 * process to migrate and own; dropped afterwards, whoever is still connected.
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // Named after the database of TEST_DATABASE_URL, so that runs against different databases of one
  // server (one per engineer) never touch each other's scratch databases.
  const base = new URL(adminUrl).pathname.slice(1) || 'postgres';
  const name = `${base}_${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Extensions are per database; migration 0000 creates unaccent too, but only a superuser may.
  await withClient(url.toString(), (client) =>
    client.query(
      'CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public; CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public',
    ),
  );
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The services of the server's configuration, opened in the test process on the same database and
 * DATA_DIR: to create users without mail round trips, check rows and files, and run maintenance.
 * PGlite allows one process at a time, so with PGlite close it before starting the server.
 */
export async function openServerServices(options: {
  dataDir: string;
  databaseUrl?: string;
  publicUrl?: string;
}): Promise<{ services: Services; database: DbHandle; close(): Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: options.publicUrl ?? 'http://localhost:3000',
    AUTH_SECRET,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    LIST_CACHE_MS: '0',
  });
  const database = await openDatabase(
    options.databaseUrl
      ? { kind: 'pg', url: options.databaseUrl, poolSize: 4 }
      : { kind: 'pglite', dir: path.join(options.dataDir, 'db') },
  );
  await database.migrate();
  const services = createServices({ config, database, logger: createLogger('silent') });
  return { services, database, close: () => database.close() };
}

let userSequence = 0;
export type ProcessUser = { id: string; email: string; password: string };

/** A verified user made through better-auth (so the password hash and profile are real). */
export async function createVerifiedUser(services: Services): Promise<ProcessUser> {
  userSequence += 1;
  const email = `resilience${userSequence}-${randomBytes(4).toString('hex')}@example.ro`;
  const body = {
    email,
    password: DEFAULT_PASSWORD,
    name: `Ion${userSequence} Popescu`,
    firstName: `Ion${userSequence}`,
    lastName: 'Popescu',
    locale: 'ro',
    // Issue 31: 18 or older, the terms and privacy notice accepted (recorded by the profile hook).
    acceptAdult: true,
    acceptTerms: true,
  };
  const created = await services.auth.api.signUpEmail({ body });
  await services.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
  return { id: created.user.id, email, password: DEFAULT_PASSWORD };
}
