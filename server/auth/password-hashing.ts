import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import { APIError } from 'better-auth/api';
import type { MiddlewareHandler } from 'hono';
import { createHashWorkers } from './hash-workers';

/**
 * better-auth's own scrypt (same parameters, same stored format), with a cap on how many hashes run
 * at once. Each hash takes ~120 ms of a core. On libuv's pool, where better-auth runs them, a burst of
 * sign-ins filled the threads that also compress responses, check signatures and run sharp, and every
 * other request queued behind the hashes for seconds (scripts/bench-load.ts). They now run on worker
 * threads of their own at a lower priority (hash-workers.ts): one per core, which the kernel gives to
 * the event loop and PostgreSQL first. bench:load, 200 users on 2 cores, reads' p99 after the ramp-up:
 * one thread at normal priority (on libuv) 493 ms with 250 sign-ins' p50 at 5.7 s; one niced thread
 * 269-320 ms, but sign-ins past 30 s (p50 10.7 s); two niced threads 222 ms, every sign-in within
 * its retries (p50 5.1 s). PASSWORD_HASH_THREADS overrides the count.
 */
export const CONCURRENT_HASHES =
  Number(process.env.PASSWORD_HASH_THREADS) || Math.max(1, os.availableParallelism());

export type HashQueueOptions = {
  concurrency: number;
  /** Requests that may wait for a slot; the next one is answered 503 at once (issue 32, item 5). */
  maxWaiting: number;
  /** How long a request waits for a slot before it is answered 503. */
  maxWaitMs: number;
};

/** The request a hash is made for, when there is one (set by `hashingForRequest`). */
const requestSignal = new AsyncLocalStorage<AbortSignal>();

/**
 * Lets the queue see the request behind a hash: better-auth calls the hasher with the password only.
 * A client that went away (its signal aborts) is dropped from the queue and never hashed.
 */
export const hashingForRequest: MiddlewareHandler = (c, next) => forRequest(c.req.raw.signal, next);
export const forRequest = <T>(signal: AbortSignal, work: () => T): T => requestSignal.run(signal, work);

/** better-auth turns an APIError into its answer, headers included (an Error of ours would be a 500). */
const busy = (retryAfterSeconds: number) =>
  new APIError(
    'SERVICE_UNAVAILABLE',
    { code: 'busy', message: 'Too many sign-ins at once. Try again in a few seconds.' },
    { 'Retry-After': String(retryAfterSeconds) },
  );
const clientGone = () =>
  new APIError('SERVICE_UNAVAILABLE', { code: 'client_gone', message: 'The request was abandoned.' });

type Waiter = { start(): void; fail(err: Error): void };

/**
 * At most `concurrency` hashes at once, the others wait in arrival order. A 200-sign-in burst once
 * queued without limit (166 waited past 30 s, and every other request then waited for the database
 * pool): a request now finds the queue full and hears 503 with Retry-After at once, or waits at most
 * `maxWaitMs`, and leaves the queue when its client leaves. Work outside a request (seeding, scripts)
 * has no client to answer and waits without those limits.
 */
export function createHashQueue({ concurrency, maxWaiting, maxWaitMs }: HashQueueOptions) {
  let active = 0;
  const waiting: Waiter[] = [];
  let averageMs = 100;
  let started = 0;
  const retryAfter = () =>
    Math.min(30, Math.max(1, Math.ceil(((waiting.length + active) * averageMs) / concurrency / 1000)));

  function release() {
    // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
    const next = waiting.shift();
    if (next) next.start();
    else active -= 1;
  }

  function wait(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (err: Error) => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        waiter.fail(err);
      };
      const onAbort = () => leave(clientGone());
      const timer = signal ? setTimeout(() => leave(busy(retryAfter())), maxWaitMs) : undefined;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        start: () => {
          done();
          resolve();
        },
        fail: (err) => {
          done();
          reject(err);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
    });
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    const signal = requestSignal.getStore();
    if (signal?.aborted) throw clientGone();
    if (active < concurrency) active += 1;
    else if (signal && waiting.length >= maxWaiting) throw busy(retryAfter());
    else await wait(signal);
    const startedAt = performance.now();
    started += 1;
    try {
      return await work();
    } finally {
      averageMs = averageMs * 0.8 + (performance.now() - startedAt) * 0.2;
      release();
    }
  }

  /** `started`: how many hashes ever began (tests check that a client that left cost none). */
  return { run, stats: () => ({ active, waiting: waiting.length, started }) };
}

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/** PASSWORD_HASH_QUEUE and PASSWORD_HASH_WAIT_MS tune the bound; the defaults answer within ~10 s. */
export const hashQueue = createHashQueue({
  concurrency: CONCURRENT_HASHES,
  maxWaiting: positive(process.env.PASSWORD_HASH_QUEUE, 32),
  maxWaitMs: positive(process.env.PASSWORD_HASH_WAIT_MS, 10_000),
});

export const hashWorkers = createHashWorkers(CONCURRENT_HASHES);

export const passwordHashing = {
  hash: (password: string) => hashQueue.run(() => hashWorkers.hash(password)),
  verify: (data: { hash: string; password: string }) =>
    hashQueue.run(() => hashWorkers.verify(data.hash, data.password)),
};
