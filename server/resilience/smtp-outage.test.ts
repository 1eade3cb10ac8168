import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCapture, startMailCapture } from '../test/mail-capture';
import {
  createScratchDatabase,
  nextIp,
  openServerServices,
  ProcessClient,
  type ServerProcess,
  send,
  sleep,
  startServer,
} from '../test/server-process';
import { mailJobs, moderationScene } from './queue-scene';

/**
 * The SMTP server goes away for a while (SMTP_OUTAGE_SECONDS, 15 by default; the two minutes
 * with SMTP_OUTAGE_SECONDS=120) while decisions and password resets keep queueing mail. The mails
 * wait, go out once the server is back, and none is lost or doubled.
 */

const OUTAGE_MS = Number(process.env.SMTP_OUTAGE_SECONDS ?? 15) * 1000;

describe.runIf(process.env.TEST_DB === 'pg')(`the SMTP server down for ${OUTAGE_MS / 1000} s`, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let local: Awaited<ReturnType<typeof openServerServices>>;
  let capture: MailCapture;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase('smtp_outage');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'smtp-outage-'));
    local = await openServerServices({ dataDir, databaseUrl: scratch.url });
    capture = await startMailCapture();
  });

  afterAll(async () => {
    if (server?.running()) await server.stop('SIGKILL').catch(() => {});
    await capture?.close();
    await local?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the mails queued during the outage and sends each once when the server is back', async () => {
    const { moderator, people } = await moderationScene(local.services, 4);
    // Retries from one second, doubling: however long the outage, the wait after it stays short.
    server = await startServer({
      dataDir,
      databaseUrl: scratch.url,
      env: { SMTP_URL: capture.url, MAIL_RETRY_SECONDS: '1', QUEUE_SUPERVISE_SECONDS: '5' },
    });
    const live = server;
    const mod = new ProcessClient(live, nextIp());
    await mod.signIn(moderator);
    const decide = async (adId: string) => {
      const res = await mod.request('POST', `/api/admin/ads/${adId}/approve`);
      expect(res.status, res.text).toBe(200);
    };
    const requestReset = async (email: string) => {
      const res = await send(live.url, 'POST', '/api/auth/request-password-reset', {
        headers: { origin: live.url, 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
        body: JSON.stringify({ email }),
      });
      expect(res.status, res.text).toBe(200);
    };

    // Before the outage: a decision is mailed at once.
    const [before, ...during] = people as [(typeof people)[number], ...typeof people];
    await decide(before.adId);
    await capture.waitFor(before.owner.email, undefined, 15_000);

    const port = capture.port;
    await capture.close();
    const outageStarted = Date.now();
    for (const { owner, adId } of during) {
      await decide(adId);
      await requestReset(owner.email);
    }
    const queued = during.length * 2;
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
    const waiting = (await mailJobs(local.services.db)).filter((job) => job.state !== 'completed');
    expect(waiting).toHaveLength(queued);
    expect(waiting.every((job) => job.state === 'retry' || job.state === 'active')).toBe(true);
    const attempts = waiting.reduce((sum, job) => sum + job.retry_count, 0);

    capture = await startMailCapture({ port });
    const backAt = Date.now();
    for (const { owner } of during) {
      await capture.waitFor(owner.email, (m) => m.subject.includes('publicat'), 120_000);
      await capture.waitFor(owner.email, (m) => m.subject.includes('parola'), 120_000);
    }
    const drainedMs = Date.now() - backAt;
    // Settled, and a moment for a duplicate to arrive, were there one.
    const settle = Date.now() + 15_000;
    while ((await mailJobs(local.services.db)).some((j) => j.state !== 'completed') && Date.now() < settle) {
      await sleep(250);
    }
    await sleep(3_000);

    const jobs = await mailJobs(local.services.db);
    expect(jobs.map((job) => job.state)).toEqual(jobs.map(() => 'completed'));
    expect(jobs).toHaveLength(1 + queued);
    const received = capture.mails.map((m) => `${m.to.join(',')} ${m.subject}`).sort();
    expect(new Set(received).size).toBe(received.length);
    expect(received).toHaveLength(queued);
    console.info(
      `SMTP outage of ${Math.round((backAt - outageStarted) / 1000)} s: ${queued} mails queued meanwhile ` +
        `(${attempts} retries by its end), all ${received.length} delivered once, ${drainedMs} ms after the server came back`,
    );
  }, 600_000);
});
