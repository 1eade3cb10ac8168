import os from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { createLimiter } from '../limiter';

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

const limited = createLimiter(CONCURRENT_HASHES);

export const passwordHashing = {
  hash: (password: string) => limited(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => limited(() => verifyPassword(data)),
};
