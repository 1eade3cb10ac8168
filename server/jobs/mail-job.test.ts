import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { startMailCapture } from '../test/mail-capture';
import { freePort } from '../test/server-process';
import { deliverMail, enqueueMail, jobIdForKey, messageIdFor, type QueuedMail } from './mail-job';
import { QUEUES } from './queue';

let sequence = 0;
/** A queued mail to a fresh address, with a key of its own. */
function queuedMail(local = 'buyer'): QueuedMail {
  sequence += 1;
  const to = `${local}${sequence}-${Date.now()}@example.ro`;
  return {
    key: `test:${to}`,
    message: { to, subject: `Test ${sequence}`, text: `Salut ${sequence}`, html: `<p>Salut ${sequence}</p>` },
  };
}

const jobsOf = (ctx: TestContext, queue: string, key: string) =>
  ctx.services.queue.boss.findJobs<QueuedMail>(queue, { data: { key } });

describe('mail through the queue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(
      {},
      { mail: await startMailCapture({ refuse: (to) => (to.startsWith('nobody') ? 550 : undefined) }) },
    );
  });
  afterAll(() => ctx.close());

  it('sends a mail queued in a transaction that commits, and none for one that rolls back', async () => {
    const committed = queuedMail();
    const rolledBack = queuedMail();
    await ctx.database.db.transaction(async (tx) => {
      await enqueueMail(ctx.services.queue, tx, committed);
    });
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await enqueueMail(ctx.services.queue, tx, rolledBack);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');

    const mail = await ctx.mail.waitFor(committed.message.to);
    expect(mail.subject).toBe(committed.message.subject);
    expect(await jobsOf(ctx, QUEUES.mail, rolledBack.key)).toEqual([]);
  });

  it('keeps one job per key, and a job that runs again after its mail went out sends nothing', async () => {
    const mail = queuedMail();
    await enqueueMail(ctx.services.queue, ctx.database.db, mail);
    await enqueueMail(ctx.services.queue, ctx.database.db, mail);
    const jobs = await jobsOf(ctx, QUEUES.mail, mail.key);
    expect(jobs.map((job) => job.id)).toEqual([jobIdForKey(mail.key)]);

    const received = await ctx.mail.waitFor(mail.message.to);
    // Every attempt carries the same Message-ID, derived from the key.
    expect(received.raw).toContain(`Message-ID: ${messageIdFor(mail.key, ctx.config.publicUrl)}`);
    await expect
      .poll(async () => (await jobsOf(ctx, QUEUES.mail, mail.key))[0]?.state, { timeout: 10_000 })
      .toBe('completed');
    // What a retry does when the send went through but the job was not marked done.
    expect(await deliverMail(ctx.services, mail)).toBe('already sent');
    expect(ctx.mail.mails.filter((m) => m.to.includes(mail.message.to))).toHaveLength(1);
  });

  it('dead-letters a mail the server refuses for good, at once', async () => {
    const refused = queuedMail('nobody');
    await enqueueMail(ctx.services.queue, ctx.database.db, refused);
    await expect
      .poll(async () => (await jobsOf(ctx, QUEUES.mailDead, refused.key)).length, { timeout: 10_000 })
      .toBe(1);
    const [original] = await jobsOf(ctx, QUEUES.mail, refused.key);
    expect(original).toMatchObject({ state: 'failed', retryCount: 0 });
    expect(ctx.mail.mails.filter((m) => m.to.includes(refused.message.to))).toEqual([]);
  });
});

describe('mail while the SMTP server is down or deferring', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // Nothing listens on the port yet: every send fails to connect.
    ctx = await createTestContext({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_SECONDS: '1',
      MAIL_RETRY_LIMIT: '3',
    });
  });
  afterAll(() => ctx.close());

  it('retries until the server is back and then sends once; dead-letters what keeps being deferred', async () => {
    const waiting = queuedMail();
    const deferred = queuedMail('deferred');
    await enqueueMail(ctx.services.queue, ctx.database.db, waiting);
    await expect
      .poll(async () => (await jobsOf(ctx, QUEUES.mail, waiting.key))[0]?.retryCount ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);

    const capture = await startMailCapture({
      port,
      refuse: (to) => (to.startsWith('deferred') ? 451 : undefined),
    });
    try {
      await enqueueMail(ctx.services.queue, ctx.database.db, deferred);
      await capture.waitFor(waiting.message.to, undefined, 20_000);
      await expect
        .poll(async () => (await jobsOf(ctx, QUEUES.mailDead, deferred.key)).length, { timeout: 30_000 })
        .toBe(1);
      const [gaveUp] = await jobsOf(ctx, QUEUES.mail, deferred.key);
      expect(gaveUp).toMatchObject({ state: 'failed', retryCount: 3 });
      expect(capture.mails.filter((m) => m.to.includes(waiting.message.to))).toHaveLength(1);
    } finally {
      await capture.close();
    }
  });
});
