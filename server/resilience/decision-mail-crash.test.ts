import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseQuerySchema } from '../../common/schemas/ads';
import { createSavedSearch } from '../alerts/saved-searches';
import { ads } from '../db/schema/ads';
import { mailDeliveries } from '../db/schema/mail';
import { savedSearchMatches } from '../db/schema/saved-searches';
import { type MailCapture, startMailCapture, startSilentSmtp } from '../test/mail-capture';
import {
  createScratchDatabase,
  createVerifiedUser,
  nextIp,
  openServerServices,
  ProcessClient,
  type ServerProcess,
  sleep,
  startServer,
} from '../test/server-process';
import { mailJobs, moderationScene } from './queue-scene';

/**
 * SIGKILL between an approval's commit and its mail: the approval queued the owner's mail and the
 * ad's saved-search matching in its own transaction, the worker is in the middle of handing mail to
 * an SMTP server that never answers, and the process dies. After a restart the decision mail and the
 * searcher's alert go out, each once.
 */

/** Fast supervision, so that the dead worker's lost heartbeat (20 s) is noticed at once. */
const QUEUE_ENV = { QUEUE_SUPERVISE_SECONDS: '2', MAIL_RETRY_SECONDS: '1' };

describe.runIf(process.env.TEST_DB === 'pg')('a server killed while the decision mail is being sent', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let local: Awaited<ReturnType<typeof openServerServices>>;
  let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
  let capture: MailCapture;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase('decision');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'decision-crash-'));
    local = await openServerServices({ dataDir, databaseUrl: scratch.url });
    silent = await startSilentSmtp();
    capture = await startMailCapture();
  });

  afterAll(async () => {
    if (server?.running()) await server.stop('SIGKILL').catch(() => {});
    await silent?.close();
    await capture?.close();
    await local?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sends the owner the decision mail and the searcher the alert exactly once after the restart', async () => {
    const db = local.services.db;
    const { moderator, people } = await moderationScene(local.services, 1);
    const [{ owner, adId }] = people as [(typeof people)[number]];
    // Issue 11: someone saved a search the ad matches.
    const searcher = await createVerifiedUser(local.services);
    await createSavedSearch(db, searcher.id, { query: browseQuerySchema.parse({ q: 'carabina cz 457' }) });

    server = await startServer({
      dataDir,
      databaseUrl: scratch.url,
      env: { ...QUEUE_ENV, SMTP_URL: silent.url },
    });
    const first = server;
    const mod = new ProcessClient(first, nextIp());
    await mod.signIn(moderator);
    const approved = await mod.request('POST', `/api/admin/ads/${adId}/approve`);
    expect(approved.status, approved.text).toBe(200);

    // The worker has taken the job and is waiting for the SMTP server's greeting: kill it now.
    const deadline = Date.now() + 15_000;
    while (silent.waiting() === 0 && Date.now() < deadline) await sleep(20);
    expect(silent.waiting(), first.output()).toBeGreaterThan(0);
    first.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // The approval committed, and its mail with it, caught in the middle of its delivery; the
    // matching was queued with it (and may have run, its alert waiting for SMTP too).
    const [ad] = await db.select({ status: ads.status }).from(ads).where(eq(ads.id, adId));
    expect(ad?.status).toBe('approved');
    const jobs = await mailJobs(db);
    expect(jobs.filter((job) => job.key.startsWith('decision:')).map((job) => [job.to, job.state])).toEqual([
      [owner.email, 'active'],
    ]);
    expect(capture.mails).toEqual([]);

    server = await startServer({
      dataDir,
      databaseUrl: scratch.url,
      port: first.port,
      env: { ...QUEUE_ENV, SMTP_URL: capture.url },
    });
    const mail = await capture.waitFor(owner.email, undefined, 90_000);
    expect(mail.subject).toBe('Anunțul „Carabină CZ 457 nr. 1” a fost publicat');
    expect(mail.text).toContain(`${first.url}/ad/${adId}`);

    const alert = await capture.waitFor(searcher.email, undefined, 90_000);
    expect(alert.subject).toBe('Un anunț nou pentru „Carabina cz 457”');
    expect(alert.text).toContain(`${first.url}/ad/${adId}`);

    // Settled: the jobs are done, the deliveries recorded, and nothing else arrives.
    const settle = Date.now() + 15_000;
    const settled = async () => (await mailJobs(db)).every((job) => job.state === 'completed');
    while (!(await settled()) && Date.now() < settle) await sleep(200);
    await sleep(5_000);
    const after = await mailJobs(db);
    const decision = after.filter((job) => job.key.startsWith('decision:'));
    expect(decision.map((job) => [job.state, job.retry_count])).toEqual([['completed', 1]]);
    expect(after.filter((job) => job.key.startsWith('alert:')).map((job) => [job.to, job.state])).toEqual([
      [searcher.email, 'completed'],
    ]);
    expect(await db.select().from(mailDeliveries)).toHaveLength(2);
    expect(capture.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
    expect(capture.mails.filter((m) => m.to.includes(searcher.email))).toHaveLength(1);
    expect(await db.select().from(savedSearchMatches)).toHaveLength(1);
    console.info(
      `decision mail after SIGKILL: job ${decision[0]?.id} retried ${decision[0]?.retry_count}×; ` +
        `${capture.mails.length} mail(s) received: "${mail.subject}", "${alert.subject}"`,
    );
  }, 180_000);
});
