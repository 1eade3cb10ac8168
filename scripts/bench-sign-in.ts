// npm run bench:sign-in — sign-in latency through the API (in memory, embedded database):
// the password hash dominates it. Writes JSON to bench/results/.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp, createServices } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { user } from '../server/db/schema/auth';
import { createLogger } from '../server/logger';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-sign-in-')),
  LOG_LEVEL: 'silent',
  TRUST_PROXY: 'true',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
});
const services = createServices({ config, database, logger: createLogger('silent') });
const app = buildApp(services);

// Enough accounts that the per-address limit (10 per 15 minutes) is never reached.
const accounts = Array.from({ length: Math.ceil(ROUNDS / 8) }, (_, i) => ({
  email: `bench${i}@example.ro`,
  password: 'bench-password-123',
}));
for (const account of accounts) {
  const body = { ...account, name: 'Bench User', firstName: 'Bench', lastName: 'User', locale: 'ro' };
  const created = await services.auth.api.signUpEmail({ body });
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
}

const times: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const account = accounts[i % accounts.length]!;
  const started = performance.now();
  const res = await app.request(`${config.publicUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: config.publicUrl,
      'x-forwarded-for': `10.1.0.${i}`,
    },
    body: JSON.stringify(account),
  });
  times.push(performance.now() - started);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
}
times.sort((a, b) => a - b);
const at = (p: number) =>
  Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))]! * 10) / 10;
const report = {
  at: new Date().toISOString(),
  rounds: ROUNDS,
  p50Ms: at(0.5),
  p95Ms: at(0.95),
  maxMs: at(1),
};
mkdirSync('bench/results', { recursive: true });
const file = path.join('bench/results', `sign-in-${report.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report), `\nWrote ${file}`);
await database.close();
