import os from 'node:os';
import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { CONCURRENT_HASHES, createLimiter, passwordHashing } from './password-hashing';

describe('password hashing', () => {
  it('reads hashes made by better-auth’s default scrypt, and makes ones it reads', async () => {
    const stored = await hashPassword('parola-corecta-1');
    expect(await passwordHashing.verify({ hash: stored, password: 'parola-corecta-1' })).toBe(true);
    expect(await passwordHashing.verify({ hash: stored, password: 'parola-gresita-1' })).toBe(false);
    const made = await passwordHashing.hash('alta-parola-22');
    expect(await passwordHashing.verify({ hash: made, password: 'alta-parola-22' })).toBe(true);
  });

  it('leaves at least half of libuv’s threads and a core to the rest of the server', () => {
    const threadpool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    expect(CONCURRENT_HASHES).toBeGreaterThanOrEqual(1);
    expect(CONCURRENT_HASHES).toBeLessThanOrEqual(Math.max(1, Math.floor(threadpool / 2)));
    expect(CONCURRENT_HASHES).toBeLessThanOrEqual(Math.max(1, os.availableParallelism() - 1));
  });
});

describe('createLimiter', () => {
  it('never runs more than its maximum at once, and runs everything in arrival order', async () => {
    const limited = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limited(async () => {
          started.push(i);
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          return i * 10;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('frees the slot of a task that failed', async () => {
    const limited = createLimiter(1);
    await expect(limited(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limited(async () => 'next')).toBe('next');
  });
});
