import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env, Hono } from 'hono';
import { sameSecret } from '../http/same-secret';

/**
 * The embedded database lives inside the server process: a second process must never open its files
 * while it runs. So a backup asks the running server for the dump, over loopback, with a token the
 * server wrote at start into DATA_DIR/control.json (readable by its own user only).
 */
export type Control = { pid: number; port: number; token: string };

const controlFile = (dataDir: string) => path.join(dataDir, 'control.json');
export const CONTROL_DUMP_PATH = '/internal/pglite-dump';
export const CONTROL_MAINTENANCE_PATH = '/internal/maintenance';

/** What the running server does for the operator's commands (db:backup, jobs:run). */
export type ControlActions = { dump: () => Promise<Blob>; maintenance: () => Promise<void> };

export const newControlToken = () => randomBytes(32).toString('hex');

/** Written once the server listens, so that a backup finds it; removed when it stops. */
export function writeControlFile(dataDir: string, port: number, token: string) {
  const control: Control = { pid: process.pid, port, token };
  writeFileSync(controlFile(dataDir), JSON.stringify(control), { mode: 0o600 });
}

export function removeControlFile(dataDir: string) {
  rmSync(controlFile(dataDir), { force: true });
}

/** The routes the operator's commands call; 404 to anyone without the token, like any unknown path. */
export function mountControl<E extends Env>(app: Hono<E>, token: string, actions: ControlActions) {
  const allowed = (given: string | undefined) => sameSecret(given ?? '', token);
  app.post(CONTROL_DUMP_PATH, async (c) => {
    if (!allowed(c.req.header('x-control-token'))) return c.notFound();
    const blob = await actions.dump();
    return new Response(blob, {
      headers: { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' },
    });
  });
  app.post(CONTROL_MAINTENANCE_PATH, async (c) => {
    if (!allowed(c.req.header('x-control-token'))) return c.notFound();
    await actions.maintenance();
    return c.body(null, 204);
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The server running on this embedded database, or null when none holds it. */
export function liveServer(dataDir: string): Control | null {
  const file = controlFile(dataDir);
  if (!existsSync(file)) return null;
  const control = JSON.parse(readFileSync(file, 'utf8')) as Control;
  return isAlive(control.pid) ? control : null; // a server that was killed left its file behind
}

/** Asks the running server to do `action`; null when no server holds the database. */
export async function askLiveServer(dataDir: string, action: string): Promise<Response | null> {
  const control = liveServer(dataDir);
  if (!control) return null;
  const res = await fetch(`http://127.0.0.1:${control.port}${action}`, {
    method: 'POST',
    headers: { 'x-control-token': control.token },
  });
  if (!res.ok) throw new Error(`The running server (pid ${control.pid}) refused ${action}: ${res.status}`);
  return res;
}

/** The running server's dump of its database, or null when no server holds it. */
export async function dumpLivePglite(dataDir: string): Promise<Buffer | null> {
  const res = await askLiveServer(dataDir, CONTROL_DUMP_PATH);
  return res ? Buffer.from(await res.arrayBuffer()) : null;
}
