import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp, createServices } from '../app';
import type { Services } from '../app-env';
import { type Config, loadConfig } from '../config';
import { type DbHandle, openDatabase } from '../db/client';
import { startWorkers } from '../jobs/workers';
import { createLogger } from '../logger';
import { type MailCapture, startMailCapture } from './mail-capture';

export const TEST_ORIGIN = 'http://localhost:3000';

export type TestContext = {
  app: ReturnType<typeof buildApp>;
  services: Services;
  database: DbHandle;
  config: Config;
  mail: MailCapture;
  /** Sends a request to the app in memory, as a same-origin browser on PUBLIC_URL would. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

/**
 * A fresh database per test file: an in-memory PGlite, or on PostgreSQL (TEST_DB=pg)
 * a schema of its own, so files run in parallel and again without seeing each other.
 */
export async function openTestDatabase(): Promise<{ database: DbHandle; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'pg') {
    // The run's migrated database (pglite-template.ts), when the project made one.
    const template = inject('pgliteTemplate');
    const from = template ? new Blob([readFileSync(template)]) : undefined;
    const database = await openDatabase({ kind: 'pglite', from });
    return { database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const database = await openDatabase({ kind: 'pg', url, schema, poolSize: 4 });
  return {
    database,
    drop: async () => {
      await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
      if (database.queueTarget.kind === 'pg') {
        await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${database.queueTarget.schema}" CASCADE`));
      }
      await database.close();
    },
  };
}

/**
 * An app on its own database, with mail going through the job queue (worked in this process) to a
 * real SMTP server started for the file.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { mail?: MailCapture } = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  const mail = options.mail ?? (await startMailCapture());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    SMTP_URL: mail.url,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    TRUST_PROXY: 'true',
    // Factories write straight to the database, behind the list cache's back.
    LIST_CACHE_MS: '0',
    // A test's state must not change because its run crossed the hour (maintenance) or 08:00 in
    // Bucharest (digest); tests run those jobs themselves.
    QUEUE_SCHEDULES: 'off',
    ...env,
  });
  const services = createServices({ config, database, logger: createLogger('silent') });
  await services.search.load();
  await services.queue.start();
  await startWorkers(services);
  const app = buildApp(services);
  return {
    app,
    services,
    database,
    config,
    mail,
    request: async (pathname, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
      return app.request(new URL(pathname, config.publicUrl), { ...init, headers });
    },
    close: async () => {
      services.search.stop();
      await services.queue.stop(2_000);
      services.mailer.close();
      await mail.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
