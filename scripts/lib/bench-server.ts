import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The production server as a child process for a benchmark, API only, on PostgreSQL; resolves once
 * /api/health answers and search answers from the in-memory index (a load of a million ads takes a
 * while). `env` adds or overrides variables (LIST_CACHE_MS, PUBLIC_URL...); `cpuProfileDir` profiles it.
 */
export async function startBenchServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  /** A V8 CPU profile of the server, written there when it exits. */
  cpuProfileDir?: string;
}): Promise<ChildProcess> {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      API_ONLY: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: options.dataDir,
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 1000; i++) {
    try {
      const health = await fetch(`http://127.0.0.1:${options.port}/api/health`);
      if (health.ok && ((await health.json()) as { search?: string }).search === 'index') return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill();
  throw new Error('server did not start');
}
