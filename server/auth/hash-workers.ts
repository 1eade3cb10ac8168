import { Worker } from 'node:worker_threads';

/**
 * Password hashes on threads of their own, at a lower CPU priority (issue 32, item 11).
 *
 * better-auth's scrypt runs on libuv's pool at the same priority as the event loop. On 2 cores a
 * burst of sign-ins kept one core on hashing while the event loop, PostgreSQL and the clients shared
 * the other: reads' p99 rose from ~150 ms to 500-600 ms for as long as the burst lasted (bench:load).
 * Here each hash runs synchronously in a worker whose thread has a higher nice value, so the kernel
 * gives the CPU to the event loop and PostgreSQL first and hashing takes what is left, which under
 * that load is still most of a core. The hash is better-auth's own (same scrypt parameters, same
 * `salt:key` hex format), so stored passwords read the same either way.
 *
 * The worker's code is plain JavaScript evaluated as CommonJS: it needs no TypeScript loader, so it
 * runs the same under tsx, vitest and node.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomBytes, scryptSync, timingSafeEqual } = require('node:crypto');
const { readlinkSync } = require('node:fs');
const os = require('node:os');

// Linux names this thread's id in /proc/thread-self; setpriority on a thread id renices that thread
// alone. Elsewhere (or if refused) the worker keeps the process's priority.
let priority = null;
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(tid, workerData.nice);
  priority = os.getPriority(tid);
} catch {}

// better-auth's parameters (@better-auth/utils/password.node).
const N = 16384, r = 16, p = 1, dkLen = 64;
const key = (password, salt) =>
  scryptSync(password.normalize('NFKC'), salt, dkLen, { N, r, p, maxmem: 128 * N * r * 2 });

parentPort.on('message', ({ id, op, password, hash }) => {
  try {
    if (op === 'priority') return parentPort.postMessage({ id, result: priority });
    if (op === 'hash') {
      const salt = randomBytes(16).toString('hex');
      return parentPort.postMessage({ id, result: salt + ':' + key(password, salt).toString('hex') });
    }
    const [salt, stored] = String(hash).split(':');
    if (!salt || !stored) throw new Error('Invalid password hash');
    const expected = Buffer.from(stored, 'hex');
    const actual = key(password, salt);
    parentPort.postMessage({ id, result: expected.length === actual.length && timingSafeEqual(expected, actual) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Request =
  | { op: 'hash'; password: string }
  | { op: 'verify'; password: string; hash: string }
  | { op: 'priority' };
type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/**
 * How much lower than the event loop hashing runs (0-19); PASSWORD_HASH_NICE overrides it. The test
 * runs set 0: there browsers and builds keep both cores busy, and a niced hash would time the machine.
 */
export const HASH_NICE = Math.min(19, Math.max(0, Number(process.env.PASSWORD_HASH_NICE ?? 10) || 0));

/** One worker thread: requests go in order, each answered by its id. */
class HashWorker {
  constructor(private readonly nice: number) {}

  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  get busy() {
    return this.pending.size;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { nice: this.nice } });
    // An idle worker must not keep the process (a test, a script) alive.
    worker.unref();
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(result);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The password hashing thread stopped (${code})`)));
    return worker;
  }

  /** A crashed worker fails what it held; the next request starts a new one. */
  private fail(error: Error) {
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  run<T>(request: Request): Promise<T> {
    this.worker ??= this.start();
    const worker = this.worker;
    const id = this.nextId++;
    worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  }
}

/** `count` workers; each request goes to the least busy (the hash queue bounds how many run at once). */
export function createHashWorkers(count: number, nice: number = HASH_NICE) {
  const workers = Array.from({ length: Math.max(1, count) }, () => new HashWorker(nice));
  const next = () => workers.reduce((best, worker) => (worker.busy < best.busy ? worker : best));
  return {
    hash: (password: string) => next().run<string>({ op: 'hash', password }),
    verify: (hash: string, password: string) => next().run<boolean>({ op: 'verify', password, hash }),
    /** The nice value of a worker's thread (null where it could not be set): for tests and health. */
    priority: () => next().run<number | null>({ op: 'priority' }),
  };
}
