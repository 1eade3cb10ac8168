// The real server as a child process, configured as in production behind a proxy.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

export type ServerOptions = {
  port: number;
  databaseUrl: string;
  dataDir: string;
  publicUrl: string;
  authSecret: string;
  /** Unset: the server's own default (5 s). */
  listCacheMs?: string;
  /** A folder for a V8 CPU profile of the server (written when it stops). */
  cpuProfileDir?: string;
};

/** A port nobody listens on now (the OS picks it), so parallel runs do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `node --import tsx server/main.ts` is what `tsx server/main.ts` runs, without the tsx wrapper
 * process in between: SIGTERM reaches the server itself and its CPU time can be read from /proc.
 */
export async function startServer(options: ServerOptions): Promise<ChildProcess> {
  const args = [
    ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    '--import',
    'tsx',
    'server/main.ts',
  ];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_ONLY: 'true',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PUBLIC_URL: options.publicUrl,
      AUTH_SECRET: options.authSecret,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      ...(options.listCacheMs !== undefined ? { LIST_CACHE_MS: options.listCacheMs } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`server exited with ${exited} before it was ready`);
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not answer /api/health within 60 s');
}

/** SIGTERM, then the server's own graceful stop; SIGKILL only if it hangs past its grace period. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine (every process, other people's included). */
export function machineCpuTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((sum, v) => sum + v, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

type CpuSnapshot = { at: number; server: number | null; machine: { busy: number; total: number } | null };

/** Server CPU (percent of one core) and machine busy (percent of all cores) between two calls. */
export function cpuMeter(pid: number | undefined) {
  const take = (): CpuSnapshot => ({
    at: performance.now(),
    server: processCpuSeconds(pid),
    machine: machineCpuTicks(),
  });
  let last = take();
  return () => {
    const now = take();
    const seconds = (now.at - last.at) / 1000;
    const server =
      now.server !== null && last.server !== null && seconds > 0
        ? Math.round(((now.server - last.server) / seconds) * 100)
        : null;
    const machine =
      now.machine && last.machine && now.machine.total > last.machine.total
        ? Math.round(
            ((now.machine.busy - last.machine.busy) / (now.machine.total - last.machine.total)) * 100,
          )
        : null;
    last = now;
    return { server, machine };
  };
}

/**
 * CPU seconds used so far by each PostgreSQL backend serving the database (the server's pool), by
 * pid: the difference over the run is PostgreSQL's share of the work, apart from other databases.
 */
export async function postgresBackendsCpu(url: string): Promise<Map<number, number>> {
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    const result = new Map<number, number>();
    for (const { pid } of rows) {
      const seconds = processCpuSeconds(pid);
      if (seconds !== null) result.set(pid, seconds);
    }
    return result;
  } finally {
    await client.end();
  }
}
