import os from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * better-auth's own scrypt (same parameters, same stored format), with a cap on how many hashes run
 * at once. Each hash takes ~100 ms of CPU on one of libuv's threads (4 unless UV_THREADPOOL_SIZE
 * says otherwise), and those threads also compress every response (zlib), check every session
 * cookie's signature (WebCrypto) and run sharp: a burst of sign-ins filled all of them and left every
 * other request queued behind the hashes for seconds (scripts/bench-load.ts). Sign-ins over the cap
 * wait in this queue instead: at most half of the pool, and one core is left to serve the rest.
 * Measured on 2 cores with 40 sign-ins at once: reads during the burst had p99 ~2 s without a cap,
 * ~90 ms with one hash at a time, ~150-300 ms with two, and the burst took ~5 s either way.
 */
const threadpool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const cores = os.availableParallelism();
export const CONCURRENT_HASHES = Math.max(1, Math.min(Math.floor(threadpool / 2), cores - 1));

export function createLimiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

const limited = createLimiter(CONCURRENT_HASHES);

export const passwordHashing = {
  hash: (password: string) => limited(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => limited(() => verifyPassword(data)),
};
