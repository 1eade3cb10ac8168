import os from 'node:os';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it, vi } from 'vitest';
import { createHashWorkers, HASH_NICE } from './hash-workers';
import {
  CONCURRENT_HASHES,
  createHashQueue,
  forRequest,
  hashWorkers,
  passwordHashing,
} from './password-hashing';

describe('password hashing', () => {
  it('reads hashes made by better-auth’s default scrypt, and makes ones it reads', async () => {
    const stored = await hashPassword('parola-corecta-1');
    expect(await passwordHashing.verify({ hash: stored, password: 'parola-corecta-1' })).toBe(true);
    expect(await passwordHashing.verify({ hash: stored, password: 'parola-gresita-1' })).toBe(false);
    const made = await passwordHashing.hash('alta-parola-22');
    expect(await passwordHashing.verify({ hash: made, password: 'alta-parola-22' })).toBe(true);
    expect(await passwordHashing.verify({ hash: made, password: 'alta-parola-23' })).toBe(false);
    // A database written by our threads reads the same with better-auth's own (and back).
    expect(await verifyPassword({ hash: made, password: 'alta-parola-22' })).toBe(true);
    await expect(passwordHashing.verify({ hash: 'fara-doua-puncte', password: 'x' })).rejects.toThrow();
  });

  it('runs at most one hash per core at once', () => {
    expect(CONCURRENT_HASHES).toBeGreaterThanOrEqual(1);
    expect(CONCURRENT_HASHES).toBeLessThanOrEqual(Math.max(1, os.availableParallelism()));
  });

  it('hashes on a thread of lower priority than the event loop, where the system allows it', async () => {
    const workers = createHashWorkers(1, 10);
    const priority = await workers.priority();
    // Linux gives every thread its own nice value; elsewhere the worker reports that it could not.
    if (process.platform === 'linux') expect(priority).toBe(10);
    else expect(priority === null || typeof priority === 'number').toBe(true);
    // The event loop's own thread keeps its priority.
    expect(os.getPriority()).toBe(0);
    const made = await workers.hash('parola-de-proba-9');
    expect(await verifyPassword({ hash: made, password: 'parola-de-proba-9' })).toBe(true);
    // The server's own threads: at PASSWORD_HASH_NICE, 10 unless the environment says otherwise.
    expect(await hashWorkers.priority()).toBe(process.platform === 'linux' ? HASH_NICE : null);
  });

  it('keeps the event loop free while a hash runs', async () => {
    const started = performance.now();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    await passwordHashing.hash('o-parola-lunga-de-test');
    clearInterval(timer);
    const elapsed = performance.now() - started;
    // A hash on the event loop would have held the timer back for its whole ~100 ms.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 5 / 3));
  });
});

/** A hash that finishes when the test says so, counted as the queue counts. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const refusal = (err: unknown) => {
  expect(err).toBeInstanceOf(APIError);
  const apiError = err as APIError;
  return {
    status: apiError.statusCode,
    code: apiError.body?.code,
    headers: apiError.headers as Record<string, string>,
  };
};

describe('the hash queue (issue 32, item 5)', () => {
  it('answers requests past the bound at once with 503 and Retry-After, and serves the ones it holds', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 2, maxWaitMs: 600_000 });
    const first = gate();
    const settled: string[] = [];
    const burst = Array.from({ length: 6 }, (_, i) =>
      forRequest(new AbortController().signal, () =>
        queue.run(() => (i === 0 ? first.opened.then(() => 'held') : hashPassword(`parola-${i}-lunga`))),
      ).then(
        (value) => {
          settled.push(`ok ${i}`);
          return value;
        },
        (err: unknown) => {
          settled.push(`refused ${i}`);
          return refusal(err);
        },
      ),
    );
    // The three over the bound are refused while the first hash is still running: nothing waits on it.
    await vi.waitFor(() => expect(settled).toHaveLength(3), { timeout: 30_000 });
    expect(settled.sort()).toEqual(['refused 3', 'refused 4', 'refused 5']);
    expect(queue.stats()).toMatchObject({ active: 1, waiting: 2 });
    first.open();
    const answers = await Promise.all(burst);
    expect(answers[0]).toBe('held');
    for (const i of [1, 2]) expect(answers[i]).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    for (const i of [3, 4, 5]) {
      const refused = answers[i] as ReturnType<typeof refusal>;
      expect(refused.status).toBe(503);
      expect(refused.code).toBe('busy');
      expect(Number(refused.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    }
    expect(queue.stats()).toEqual({ active: 0, waiting: 0, started: 3 });
  });

  it('never hashes for a client that went away, waiting or before it arrived', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 600_000 });
    const first = gate();
    const holding = queue.run(() => first.opened);
    const left = new AbortController();
    let hashedForLeft = false;
    const waiting = forRequest(left.signal, () =>
      queue.run(async () => {
        hashedForLeft = true;
        return hashPassword('parola-plecata');
      }),
    );
    await vi.waitFor(() => expect(queue.stats().waiting).toBe(1));
    left.abort();
    expect(refusal(await waiting.catch((err: unknown) => err)).code).toBe('client_gone');
    expect(queue.stats().waiting).toBe(0);
    const gone = new AbortController();
    gone.abort();
    const late = forRequest(gone.signal, () => queue.run(() => hashPassword('parola-tarzie')));
    expect(refusal(await late.catch((err: unknown) => err)).code).toBe('client_gone');
    first.open();
    await holding;
    expect(hashedForLeft).toBe(false);
    expect(queue.stats()).toEqual({ active: 0, waiting: 0, started: 1 });
  });

  it('gives up on a request that waited past the deadline, and lets work outside requests wait', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 0, maxWaitMs: 50 });
    const first = gate();
    const holding = queue.run(() => first.opened);
    // No room to wait for a request; a script's work (no request) waits for its turn anyway.
    const refused = forRequest(new AbortController().signal, () => queue.run(async () => 'never'));
    expect(refusal(await refused.catch((err: unknown) => err)).status).toBe(503);
    const script = queue.run(async () => 'script');
    const patient = createHashQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 50 });
    const second = gate();
    const holdingPatient = patient.run(() => second.opened);
    const timedOut = forRequest(new AbortController().signal, () => patient.run(async () => 'never'));
    const refusedLate = refusal(await timedOut.catch((err: unknown) => err));
    expect(refusedLate).toMatchObject({ status: 503, code: 'busy' });
    expect(refusedLate.headers['Retry-After']).toMatch(/^\d+$/);
    first.open();
    second.open();
    await Promise.all([holding, holdingPatient]);
    expect(await script).toBe('script');
    expect(patient.stats()).toEqual({ active: 0, waiting: 0, started: 1 });
  });
});
